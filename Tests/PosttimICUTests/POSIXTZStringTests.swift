import Testing

@testable import PosttimICU

/// POSIX TZ strings as glibc reads `TZ`: every form glibc accepts becomes
/// the zone glibc computes (GNU date is the oracle), or is refused with
/// the reason when ICU cannot follow it exactly.
@Suite("POSIX TZ strings")
struct POSIXTZStringTests {
  @Test(
    "fixed offsets are GMT±hh:mm zones, west-positive as in POSIX",
    arguments: [
      ("JST-9", "GMT+09:00"), ("<+03>-3", "GMT+03:00"), ("UTC0", "UTC"), ("EST5", "GMT-05:00"),
      ("<-0330>+3:30", "GMT-03:30"), ("<+1245>-12:45", "GMT+12:45"), ("ABC+0", "UTC"),
    ])
  func fixed(text: String, id: String) throws {
    #expect(try TimeZoneIdentifier(posixTZ: text)?.id == id)
  }

  @Test(
    "daylight saving: rules normalized, Jn, and n before day 59 as Jn+1",
    arguments: [
      ("AAA3BBB2,M3.2.0,M11.1.0", "AAA3BBB2,M3.2.0,M11.1.0"),
      ("AAA3BBB,J60,J300", "AAA3BBB,J60,J300"),
      ("AAA3BBB,20,58", "AAA3BBB,J21,J59"),
      ("<+0530>-5:30<+0630>,M3.5.0/2:00:00,M10.5.0/+3", "<+0530>-5:30<+0630>,M3.5.0/2,M10.5.0/3"),
      ("AEST-10AEDT,M10.1.0,M4.1.0/3", "AEST-10AEDT,M10.1.0,M4.1.0/3"),
    ])
  func rules(text: String, id: String) throws {
    #expect(try TimeZoneIdentifier(posixTZ: text)?.id == id)
  }

  @Test(
    "not shaped like a POSIX TZ string: nil, so other readings apply",
    arguments: ["Europe/Paris", "UTC", "Montreal", "", "EST"])
  func notPOSIX(text: String) throws {
    #expect(try TimeZoneIdentifier(posixTZ: text) == nil)
  }

  @Test(
    "refused with the reason",
    arguments: [
      ("XXX-99", "the offset has more than 24 hours"),
      ("XXX5:60", "the offset has minutes or seconds past 59"),
      ("XXX-24", "an offset of 24 hours or more cannot be shown by ICU"),
      (
        "AAA3BBB,59,300",
        "a zero-based day of the year from 59 on (59) moves with leap years; write it as J60 or Mm.w.d"
      ),
      ("AAA3BBB,M13.1.0,M11.1.0", "the month must be 1–12"),
      ("AAA3BBB,J0,J300", "the Julian day must be 1–365"),
      ("AAA3BBB,M3.2.0", "expected ',' and the rule ending daylight saving"),
      ("AAA3BBB,M3.2.0/200,M11.1.0", "the rule time has more than 167 hours"),
      ("AAA3BBB,M3.2.0,M11.1.0x", "unexpected text after the rules"),
      ("AAA3B", "expected a daylight saving name (3 or more letters, or <…>) after the offset"),
      // glibc takes America/New_York's transitions, moved the wrong way.
      (
        "AAA3BBB",
        "daylight saving needs its rules, such as AAA3BBB,M3.2.0,M11.1.0 (POSIX leaves the dates to the C library)"
      ),
      (
        "<+01>-1<+03>-3,",
        "daylight saving needs its rules, such as <+01>-1<+03>-3,M3.2.0,M11.1.0 (POSIX leaves the dates to the C library)"
      ),
      // J59 plus a day is February 29 or March 1, depending on the year.
      ("AAA3BBB,J59/24,J300", "its rules cannot be converted exactly to an ICU zone"),
    ])
  func refused(text: String, reason: String) {
    #expect(throws: DateEngineError.invalidPOSIXTimeZone(text, reason: reason)) {
      try TimeZoneIdentifier(posixTZ: text)
    }
  }

  @Test(
    "every hour of 2026–2027 matches GNU date",
    .enabled(if: POSIXRuleZoneTests.gnuDate, "needs GNU date (coreutils, glibc) as the oracle"),
    arguments: [
      "JST-9", "<+03>-3", "UTC0", "EST5", "<-0330>+3:30", "LMT-0:53:28",
      "AAA3BBB,J60,J300", "CCC-1DDD-3,M3.2.0,M11.1.0", "AAA3BBB,J60/26,J300/-3", "CCC4DDD3,20,50/1:30",
      "EEE-2FFF,M3.5.0/-1,J250",
      "<+0530>-5:30<+0630>,J1/0:30,J365/23",
    ])
  func matchesGlibc(text: String) throws {
    let zone = try #require(try TimeZoneIdentifier(posixTZ: text))
    let mismatches = try POSIXRuleZoneTests.mismatchesWithGlibc(zone, tz: text)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test("TZ: a zone file of the name comes first (EST5EDT), a POSIX string after it")
  func deviceZone() throws {
    let data = SystemTimeZoneData.shared
    #expect(try DeviceTimeZone.resolve(environment: ["TZ": "EST5EDT"]).zone.id == "EST5EDT")
    #expect(try DeviceTimeZone.resolve(environment: ["TZ": "AAA3BBB,J60,J300"]).zone.id == "AAA3BBB,J60,J300")
    #expect(
      try DeviceTimeZone.resolve(environment: ["TZ": "JST-9"]).zone
        == TimeZoneIdentifier("GMT+09:00", systemZones: data))
    #expect(throws: DateEngineError.unfollowableTZ("XXX-99", reason: "the offset has more than 24 hours")) {
      try DeviceTimeZone.resolve(environment: ["TZ": "XXX-99"])
    }
  }
}
