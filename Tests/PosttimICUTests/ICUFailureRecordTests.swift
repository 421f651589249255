import Testing

@testable import PosttimICU

/// Errors from calls that cannot throw are kept, first one wins, so the
/// command can end with exit 70 rather than blank cells.
@Suite("ICU failures are kept")
struct ICUFailureRecordTests {
  @Test("warnings are success, the first error is kept")
  func firstErrorKept() {
    let record = ICUFailureRecord()
    #expect(record.check(-128, "warning") == false)  // U_USING_FALLBACK_WARNING
    #expect(record.first == nil)
    #expect(record.check(15, "first") == true)
    #expect(record.check(1, "second") == true)
    #expect(record.first == ICUError(function: "first", code: 15))
    #expect(record.first?.description == "ICU first failed: U_BUFFER_OVERFLOW_ERROR")
  }

  @Test("a working calendar, formatter and collator report no failure")
  func healthyObjects() throws {
    let zone = try TimeZoneIdentifier("America/Toronto")
    let calendar = try DayCalendar(timeZone: zone)
    _ = calendar.day(of: .init(timeIntervalSince1970: 0))
    let formatter = try ICUDateFormatter(pattern: "yyyy", locale: .posix, timeZone: zone)
    #expect(formatter.string(from: .init(timeIntervalSince1970: 0)) == "1969")
    let collator = try ICUCollator(locale: LocaleIdentifier(userInput: "ko"))
    // A key longer than the first buffer (4 bytes a unit): ICU's reported length is used.
    let long = String(repeating: "\u{FDFA}", count: 3000)  // one unit, 18 letters
    #expect(collator.sortKey(long).count > 4 * 3000 + 8)
    let sources: [any ICUFailureReporting] = [calendar, formatter, collator]
    #expect(sources.firstFailure == nil)
  }
}
