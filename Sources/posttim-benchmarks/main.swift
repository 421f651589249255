// posttim-benchmarks: micro-benchmarks for Scripts/benchmark.sh (not installed,
// not part of the user-facing CLI).
//
//   posttim-benchmarks format [SECONDS=1] [LOCALE=fr_CA] [ZONE=America/Toronto]
//   posttim-benchmarks format-icu [SECONDS=1] [LOCALE=fr_CA] [ZONE=America/Toronto]
//
// `format` formats distinct task times (one per minute from 2026-01-01 UTC,
// so days, DST changes and both offsets are crossed) of the default
// task-time skeleton (`jm`) the way a report's day sections do: the zone's
// offset from the DayCalendar, the text from the cached ICU formatter's
// TimeOfDayStrings. `format-icu` calls the cached ICU formatter itself for
// every time. Both run on one thread and print "<count> <seconds> <per second>".
import Foundation
import PosttimICU

func formatBenchmark(seconds: Double, locale: String, zone: String, kept: Bool) throws {
  let formatter = try DateFormatting.formatter(
    for: .skeleton("jm"), locale: LocaleIdentifier(locale), timeZone: TimeZoneIdentifier(zone))
  let calendar = try DayCalendar(timeZone: TimeZoneIdentifier(zone))
  let strings = kept ? TimeOfDayStrings(formatter) : nil
  let start = 1_767_225_600.0  // 2026-01-01T00:00:00Z
  var count = 0
  var bytes = 0
  let clock = ContinuousClock()
  let began = clock.now
  var elapsed = Duration.zero
  while elapsed < .seconds(seconds) {
    for _ in 0..<10_000 {
      let date = Date(timeIntervalSince1970: start + Double(count % 525_600) * 60)
      let text =
        strings?.string(from: date, utcOffset: calendar.utcOffset(at: date)) ?? formatter.string(from: date)
      bytes &+= text.utf8.count
      count += 1
    }
    elapsed = clock.now - began
  }
  let total = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  if let failure = formatter.firstFailure { throw failure }
  print(count, String(format: "%.3f", total), Int(Double(count) / total), "(\(bytes) bytes)")
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "format", "format-icu":
  let rest = Array(arguments.dropFirst())
  try formatBenchmark(
    seconds: rest.count > 0 ? Double(rest[0]) ?? 1 : 1, locale: rest.count > 1 ? rest[1] : "fr_CA",
    zone: rest.count > 2 ? rest[2] : "America/Toronto", kept: arguments.first == "format")
default:
  FileHandle.standardError.write(Data("usage: posttim-benchmarks format|format-icu [SECONDS] [LOCALE] [ZONE]\n".utf8))
  exit(64)
}
