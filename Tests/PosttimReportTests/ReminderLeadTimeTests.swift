import PosttimReport
import Testing

/// `--remind` lead times: the short forms and RFC 5545 durations (§3.3.6),
/// written back as the TRIGGER the VALARM carries (§3.8.6.3).
@Suite("Reminder lead times")
struct ReminderLeadTimeTests {
  @Test(
    "short forms and durations give the RFC 5545 trigger",
    arguments: [
      ("15m", "-PT15M"), ("2h", "-PT2H"), ("1d", "-P1D"), ("1w", "-P1W"), ("90m", "-PT1H30M"),
      ("36h", "-P1DT12H"), ("0m", "PT0S"), (" 15m ", "-PT15M"), ("PT15M", "-PT15M"), ("pt15m", "-PT15M"),
      ("P1D", "-P1D"), ("P1DT12H", "-P1DT12H"), ("PT1H30M", "-PT1H30M"), ("P2W", "-P2W"),
      ("PT3600S", "-PT1H"), ("PT1H5S", "-PT1H0M5S"), ("P7D", "-P7D"), ("PT0S", "PT0S"),
    ])
  func triggers(text: String, trigger: String) throws {
    #expect(try ReminderLeadTime(text).trigger == trigger)
  }

  @Test(
    "what is not a lead time is refused, naming the text",
    arguments: [
      "", "15", "m", "15s", "1.5h", "15 m", "P", "PT", "P1M", "P1Y", "P1H", "PT1D", "P1DT", "PT15M30H",
      "P1W2D", "P1DT1H1H", "P1D1D", "quinze", "１５m", "1M", "15D", "2H", "1W", "1234567890m",
    ])
  func refused(text: String) {
    #expect(throws: ReminderLeadTimeError.self) { try ReminderLeadTime(text) }
  }

  @Test("signs and lead times over 366 days are refused with their own words")
  func signedAndLong() {
    #expect(throws: ReminderLeadTimeError("-PT15M", .signed)) { try ReminderLeadTime("-PT15M") }
    #expect(throws: ReminderLeadTimeError("+15m", .signed)) { try ReminderLeadTime("+15m") }
    for long in ["367d", "53w", "P366DT1S", "PT8785H", "P999999999D", "1234567m"] {
      #expect(throws: ReminderLeadTimeError(long, .tooLong)) { try ReminderLeadTime(long) }
    }
    #expect(
      ReminderLeadTimeError("15s", .notALeadTime).description
        == "'15s' is not a lead time (write 15m, 2h, 1d, 1w or an ISO 8601 duration such as PT15M or P1DT12H;"
        + " months and years have no fixed length)")
  }

  @Test("a list keeps the order given and drops a repeated lead time")
  func list() throws {
    #expect(try ReminderLeadTime.list("1d,15m, PT15M,1h").map(\.trigger) == ["-P1D", "-PT15M", "-PT1H"])
    #expect(throws: ReminderLeadTimeError("", .empty)) { try ReminderLeadTime.list("15m,,1h") }
  }
}
