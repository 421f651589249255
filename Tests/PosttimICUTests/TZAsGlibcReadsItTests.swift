import Foundation
import Testing
import TestSupport

@testable import PosttimICU

/// `TZ` is followed as glibc follows it, or refused: a fixed offset with
/// seconds is that offset (GNU `date` is the oracle), a
/// string glibc reads otherwise than this tool can is an error, and the
/// "using UTC (as the C library does)" warning is given only where GNU
/// `date` shows UTC too.
@Suite("TZ as glibc reads it")
struct TZAsGlibcReadsItTests {
  static let gnuDate = POSIXRuleZoneTests.gnuDate

  @Test(
    "a fixed offset with seconds is that offset, every hour of 2026–2027 as GNU date shows",
    .enabled(if: gnuDate, "needs GNU date (coreutils, glibc) as the oracle"),
    arguments: ["XXX-14:59:59", "XXX+23:59:59", "LMT-0:53:28", "<+053030>-5:30:30", "AAA3:00:01"])
  func fixedOffsetsWithSeconds(tz: String) throws {
    let resolution = try DeviceTimeZone.resolve(environment: ["TZ": tz], root: "/nonexistent")
    #expect(resolution.warning == nil)
    let mismatches = try POSIXRuleZoneTests.mismatchesWithGlibc(resolution.zone, tz: tz)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    // -z reads it the same way.
    #expect(try TimeZoneIdentifier(posixTZ: tz) == resolution.zone)
  }

  @Test(
    "a POSIX string this tool cannot follow as glibc does stops the run (a file fault, 72), naming TZ and the reason",
    arguments: [
      (
        "AAA3BBB,59/0,300",
        "a zero-based day of the year from 59 on (59) moves with leap years; write it as J60 or Mm.w.d"
      ),
      (
        "AAA3BBB",
        "daylight saving needs its rules, such as AAA3BBB,M3.2.0,M11.1.0 (POSIX leaves the dates to the C library)"
      ),
      ("XXX-25", "the offset has more than 24 hours"),
      ("XXX-24:00", "an offset of 24 hours or more cannot be shown by ICU"),
      ("XXX+24", "an offset of 24 hours or more cannot be shown by ICU"),
      ("AAA3BBB-24,M3.2.0,M11.1.0", "an offset of 24 hours or more cannot be shown by ICU"),
      ("XXX3:60", "the offset has minutes or seconds past 59"),
      ("AAA3BBB,J59/48,J300", "its rules cannot be converted exactly to an ICU zone"),
    ])
  func refusedStringsStopTheRun(tz: String, reason: String) {
    #expect(throws: DateEngineError.unfollowableTZ(tz, reason: reason)) {
      try DeviceTimeZone.resolve(environment: ["TZ": tz], root: "/nonexistent")
    }
    let error = DateEngineError.unfollowableTZ(tz, reason: reason)
    #expect(error.isFileFault)
    #expect(
      error.description
        == "TZ=\"\(tz)\" is a POSIX TZ string this tool cannot follow as the C library does: \(reason); "
        + "set TZ to a zone such as America/Toronto, or name the zone another way")
  }

  @Test(
    "the UTC warning is given only where GNU date shows UTC too",
    .enabled(if: gnuDate, "needs GNU date (coreutils, glibc) as the oracle"),
    arguments: [
      "Mars/Olympus", "FOO", "XX3", "XXX+", "<+03>", "+05:00", "\u{1B}[31mEvil", String(repeating: "z", count: 250),
    ])
  func utcOnlyWhereGlibcShowsUTC(tz: String) throws {
    let resolution = try DeviceTimeZone.resolve(environment: ["TZ": tz], root: "/nonexistent")
    #expect(resolution.zone == .utc)
    #expect(
      resolution.warning?.hasSuffix("is not a time zone this tool knows; using UTC (as the C library does)") == true)
    let glibc = try POSIXRuleZoneTests.glibcTimes(tz, [1_780_315_200, 1_767_225_600])
    #expect(glibc == ["2026-06-01 12:00 +0000", "2026-01-01 00:00 +0000"])
  }

  @Test(
    "a long string shaped like a POSIX TZ string is no UTC fall-back: glibc reads its offset",
    .enabled(if: gnuDate, "needs GNU date (coreutils, glibc) as the oracle"))
  func longPOSIXString() throws {
    let tz = String(repeating: "A", count: 250) + "5"
    #expect(try POSIXRuleZoneTests.glibcTimes(tz, [1_780_315_200]) == ["2026-06-01 07:00 -0500"])
    #expect(throws: DateEngineError.unfollowableTZ(tz, reason: "it is longer than 199 characters")) {
      try DeviceTimeZone.resolve(environment: ["TZ": tz], root: "/nonexistent")
    }
  }

  @Test("TZ=GMT+05:00 stays glibc's reading, UTC−5", .enabled(if: gnuDate, "needs GNU date"))
  func gmtWithColonInTZ() throws {
    let resolution = try DeviceTimeZone.resolve(environment: ["TZ": "GMT+05:00"], root: "/nonexistent")
    #expect(resolution.zone.id == "GMT-05:00")
    #expect(try POSIXRuleZoneTests.mismatchesWithGlibc(resolution.zone, tz: "GMT+05:00").isEmpty)
  }
}
