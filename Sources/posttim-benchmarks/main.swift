// posttim-benchmarks: micro-benchmarks for Scripts/benchmark.sh (not installed,
// not part of the user-facing CLI).
//
//   posttim-benchmarks format [SECONDS=1] [LOCALE=fr_CA] [ZONE=America/Toronto]
//
// `format` formats distinct task times (one per minute from 2026-01-01 UTC,
// so days, DST changes and both offsets are crossed) through the cached
// ICU formatter of the default task-time skeleton (`jm`), on one thread,
// and prints "<count> <seconds> <per second>".
import Foundation
import PosttimICU

func formatBenchmark(seconds: Double, locale: String, zone: String) throws {
  let formatter = try DateFormatting.formatter(
    for: .skeleton("jm"), locale: LocaleIdentifier(locale), timeZone: TimeZoneIdentifier(zone))
  let start = 1_767_225_600.0  // 2026-01-01T00:00:00Z
  var count = 0
  var bytes = 0
  let clock = ContinuousClock()
  let began = clock.now
  var elapsed = Duration.zero
  while elapsed < .seconds(seconds) {
    for _ in 0..<10_000 {
      bytes &+= formatter.string(from: Date(timeIntervalSince1970: start + Double(count % 525_600) * 60)).utf8.count
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
case "format":
  let rest = Array(arguments.dropFirst())
  try formatBenchmark(
    seconds: rest.count > 0 ? Double(rest[0]) ?? 1 : 1, locale: rest.count > 1 ? rest[1] : "fr_CA",
    zone: rest.count > 2 ? rest[2] : "America/Toronto")
default:
  FileHandle.standardError.write(Data("usage: posttim-benchmarks format [SECONDS] [LOCALE] [ZONE]\n".utf8))
  exit(64)
}
