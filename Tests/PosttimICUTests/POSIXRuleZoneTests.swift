import Foundation
import Testing
import TestSupport

@testable import PosttimICU

/// `TZ` with POSIX rules gives the times glibc gives: GNU `date` (glibc's
/// own TZ parser and localtime) is the oracle, for every hour of 2026 and
/// 2027 in each rule string.
@Suite("POSIX TZ rule strings")
struct POSIXRuleZoneTests {
  static let rules = [
    "AEST-10AEDT,M10.1.0,M4.1.0/3",  // Sydney: southern hemisphere
    "EST5EDT,M3.2.0,M11.1.0",  // New York, default 02:00 transitions
    "CET-1CEST,M3.5.0,M10.5.0/3",  // Central Europe: last Sunday
    "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",  // Lord Howe: half-hour DST
    "NZST-12NZDT,M9.5.0,M4.1.0/3",  // New Zealand
    "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",  // Nuuk since 2023: negative times (RFC 8536 §3.3.1)
  ]

  static let gnuDate = (try? runCombiningOutput("/bin/date", ["--version"]).output.contains("GNU coreutils")) == true

  /// glibc's wall time for each instant, as `YYYY-MM-DD HH:MM +hhmm` (zone files from `tzdir` when given).
  static func glibcTimes(_ rule: String, _ instants: [Int], tzdir: String? = nil) throws -> [String] {
    let file = FileManager.default.temporaryDirectory.appending(path: "instants-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    try instants.map { "@\($0)" }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/date")
    process.arguments = ["-f", file.path, "+%Y-%m-%d %H:%M %z"]
    process.environment = ["TZ": rule, "LC_ALL": "C"].merging(tzdir.map { ["TZDIR": $0] } ?? [:]) { a, _ in a }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(separator: "\n").map(String.init)
  }

  @Test(
    "every hour of 2026–2027 matches GNU date",
    .enabled(if: gnuDate, "needs GNU date (coreutils, glibc) as the oracle"),
    arguments: rules)
  func matchesGlibc(rule: String) throws {
    let mismatches = try Self.mismatchesWithGlibc(try TimeZoneIdentifier(rule), tz: rule)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  @Test(
    "a day calendar asked in order across the turn of the year gives GNU date's day and offset",
    .enabled(if: gnuDate, "needs GNU date (coreutils, glibc) as the oracle"),
    arguments: [
      // The change into daylight saving falls after 00:00 UTC of the next
      // year: glibc and ICU's offsets follow the next year's rules from
      // 00:00 UTC on, though the transition is listed at 02:45 UTC.
      "AAA3BBB,J365/23:45,J1/1", "AAA3BBB,J365/23,J1/1",
      // East of Greenwich: the change falls before 00:00 UTC.
      "<+0530>-5:30<+0630>,J1/0:30,J365/23",
    ])
  func dayCalendarAcrossTheYear(rule: String) throws {
    let calendar = try DayCalendar(timeZone: TimeZoneIdentifier(rule))
    let start = 1_798_718_400  // 2026-12-31T12:00:00Z
    let instants = Array(stride(from: start, to: start + 20 * 3_600, by: 900))
    let expected = try Self.glibcTimes(rule, instants)
    try #require(expected.count == instants.count)
    var mismatches: [String] = []
    for (instant, glibc) in zip(instants, expected) {
      let date = Date(timeIntervalSince1970: TimeInterval(instant))
      let offset = calendar.utcOffset(at: date)
      let sign = offset < 0 ? "-" : "+"
      let ours =
        "\(calendar.day(of: date).iso8601) \(sign)"
        + String(format: "%02d%02d", abs(offset) / 3600, abs(offset) / 60 % 60)
      let theirs = glibc.split(separator: " ")
      if ours != "\(theirs[0]) \(theirs[2])" { mismatches.append("@\(instant): \(ours) != \(glibc)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
  }

  /// The hours of 2026–2027 where `zone` shows another wall time or
  /// offset than glibc with `TZ=tz` (a line for each, or one saying the
  /// oracle answered for too few).
  static func mismatchesWithGlibc(_ zone: TimeZoneIdentifier, tz: String) throws -> [String] {
    let formatter = try ICUDateFormatter(pattern: "yyyy-MM-dd HH:mm xx", locale: .posix, timeZone: zone)
    let start = 1_767_225_600  // 2026-01-01T00:00:00Z
    let instants = Array(stride(from: start, to: start + 2 * 365 * 86_400, by: 3_600))
    let expected = try glibcTimes(tz, instants)
    guard expected.count == instants.count else { return ["GNU date gave \(expected.count) times"] }
    var mismatches: [String] = []
    for (instant, glibc) in zip(instants, expected) {
      let ours = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(instant)))
      if ours != glibc { mismatches.append("@\(instant): \(ours) != \(glibc)") }
    }
    return mismatches
  }

  @Test("TZ with rules is the device zone, without a warning")
  func deviceZone() throws {
    let resolution = try DeviceTimeZone.resolve(environment: ["TZ": "AEST-10AEDT,M10.1.0,M4.1.0/3"])
    #expect(resolution.zone.id == "AEST-10AEDT,M10.1.0,M4.1.0/3")
    #expect(resolution.warning == nil)
    // A rule string the footer parser refuses is still an unknown zone.
    #expect(try DeviceTimeZone.resolve(environment: ["TZ": "XYZ,garbage"]).warning != nil)
  }

  @Test("the TZif made for a rule: 2 headers, one type, the rule as footer")
  func tzifBytes() {
    let bytes = POSIXRuleZone.tzif(rule: "EST5EDT,M3.2.0,M11.1.0")
    // header 44 + block (6 + 4) = 54, twice, then "\n" rule "\n".
    #expect(bytes.count == 54 * 2 + 1 + 22 + 1)
    #expect(Array(bytes[0..<5]) == Array("TZif2".utf8))
    #expect(Array(bytes[36..<44]) == [0, 0, 0, 1, 0, 0, 0, 4])
    #expect(String(decoding: bytes.suffix(24), as: UTF8.self) == "\nEST5EDT,M3.2.0,M11.1.0\n")
  }
}
