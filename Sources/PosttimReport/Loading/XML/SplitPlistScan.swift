import Foundation
import PosttimParallel

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a long XML task list in two halves at once, one per core.
///
/// The file is cut before a task near its middle: a line holding only a tab
/// and `<dict>`, the way Apple's writer, Post'TIM and Python's plistlib
/// indent the entries of the root array. ``PlistXMLScanner`` reads the
/// first half as a document that stops with `<plist><array>` still open,
/// and the second as one that starts inside them; the second half's tasks
/// are then numbered after the first's.
///
/// All or nothing: when the cut is not between two entries of the root
/// array (a nested `<dict>` indented the same way, a comment or CDATA
/// section around it), when either half leaves the scanner's subset, or
/// when a value is refused, the result is nil and the caller reads the
/// whole file the usual way (scanner, then expat for its messages). So a
/// result is always the one the whole-file scanner gives: the halves hand
/// the reader the same events in the same order, and the events outside
/// each half (`<plist><array>` and their end tags) are given to it here.
/// Checked by the differential tests (SplitScanDifferentialTests).
enum SplitPlistScan {
  /// Files shorter than this are read whole: the second thread would not
  /// pay for itself (8 MiB is about 30,000 tasks).
  static let minimumSize = 8 << 20

  /// The tasks of the XML task list open at `descriptor` (`size` bytes),
  /// or nil when it is too short, the machine has one core, no cut is
  /// found, or either half cannot be read this way.
  static func tasks(descriptor: Int32, size: Int, file: String, minimumSize: Int = minimumSize) -> [TaskEntry]? {
    guard size >= minimumSize, Parallel.width > 1,
      let cut = cut(descriptor: descriptor, size: size)
    else { return nil }
    var parts = Parallel.map(2) { half -> [TaskEntry]? in
      let reader = XMLPlistReader(file: file)
      if half == 0 {
        guard
          PlistXMLScanner.scan(
            descriptor: descriptor, range: 0..<cut, openAtEnd: [.plist, .array], into: reader)
        else { return nil }
        reader.end(.array)
        reader.end(.plist)
      } else {
        reader.start(.plist)
        reader.start(.array)
        guard
          PlistXMLScanner.scan(
            descriptor: descriptor, range: cut..<size, open: [.plist, .array], into: reader)
        else { return nil }
      }
      return reader.hasFailed || !reader.isComplete ? nil : reader.tasks
    }
    // Taken out of `parts`, so each array has one owner and is joined in place.
    guard let first = parts[0].take(), var second = parts[1].take() else { return nil }
    for index in second.indices { second[index].origin.entry += first.count }
    return TaskEntry.joined(first, second)
  }

  /// The offset of a `<dict>` that starts a line indented by one tab, found
  /// from the middle of the file on; nil when none is in the next 1 MiB.
  static func cut(descriptor: Int32, size: Int) -> Int? {
    let marker = Array("\n\t<dict>".utf8)
    let start = size / 2
    let length = min(1 << 20, size - start)
    var bytes = [UInt8](repeating: 0, count: length)
    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, off_t(start)) }
    guard count == length, length >= marker.count else { return nil }
    for index in 0...(length - marker.count) where bytes[index] == marker[0] {
      if bytes[index..<(index + marker.count)].elementsEqual(marker) { return start + index + 2 }
    }
    return nil
  }
}
