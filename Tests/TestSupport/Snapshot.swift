import Foundation

/// Golden-file comparison in the style of swift-argument-parser's
/// `assertSnapshot`: the expected text lives in `Snapshots/<name>` beside
/// the test file. A missing golden (or `RECORD_SNAPSHOTS=1`) is written
/// and reported as a failure, so a new golden is always looked at before it
/// is trusted.
///
/// - Returns: nil when `actual` equals the golden, else a message with the
///   first differing line.
public func snapshotMismatch(
  _ actual: String, named name: String, testFile: String = #filePath
) -> String? {
  let folder = URL(fileURLWithPath: testFile).deletingLastPathComponent().appending(path: "Snapshots")
  let url = folder.appending(path: name)
  let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil
  guard !record, let expected = try? String(contentsOf: url, encoding: .utf8) else {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? actual.write(to: url, atomically: true, encoding: .utf8)
    return "recorded new golden \(url.path); review it, then run again"
  }
  guard actual != expected else { return nil }
  return firstDifference(actual, expected, name: name)
}

/// "golden.md line 12: expected … got …", for readable failures.
public func firstDifference(_ actual: String, _ expected: String, name: String) -> String {
  let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
  for index in 0..<max(a.count, e.count) {
    let left = index < a.count ? String(a[index]) : "<end of output>"
    let right = index < e.count ? String(e[index]) : "<end of golden>"
    if left != right {
      return "\(name) line \(index + 1):\n  expected: \(right.debugDescription)\n  actual:   \(left.debugDescription)"
    }
  }
  return "\(name): outputs differ (line endings?)"
}
