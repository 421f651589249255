import FoundationEssentials
import PosttimParallel

#if canImport(Glibc)
  import Glibc
#endif

/// Reads a long XML task list in several parts at once, on every core.
///
/// The file is cut before tasks at even distances: a line holding only a
/// tab and `<dict>`, the way Apple's writer, Post'TIM and Python's plistlib
/// indent the entries of the root array. ``PlistXMLScanner`` reads the
/// first part as a document that stops with `<plist><array>` still open,
/// the middle ones as documents that start and end inside them, and the
/// last as one that starts inside them; each part's tasks are then
/// numbered after those before it.
///
/// Why more parts than cores: the parts are claimed by whichever thread is
/// free (``Parallel/map(_:_:)``), so a core that starts late or is slowed by
/// another process takes fewer of them; with one part a core, the run waits
/// for the slowest.
///
/// All or nothing: when a cut is not between two entries of the root array
/// (a nested `<dict>` indented the same way, a comment or CDATA section
/// around it), when any part leaves the scanner's subset, or when a value
/// is refused, the result is nil and the caller reads the whole file the
/// usual way (scanner, then expat for its messages). So a result is always
/// the one the whole-file scanner gives: the parts hand their readers the
/// same events in the same order, and the events outside each part
/// (`<plist><array>` and their end tags) are given to them here. Checked by
/// the differential tests (SplitScanDifferentialTests).
enum SplitPlistScan {
  /// Files shorter than this are read whole: a second thread would not
  /// pay for itself (8 MiB is about 30,000 tasks).
  static let minimumSize = 8 << 20

  /// Parts for a file of `size` bytes: two for each core, none shorter
  /// than 2 MiB (each has its own read window and reader), at least two.
  static func partCount(size: Int) -> Int {
    max(2, min(2 * Parallel.width, size >> 21))
  }

  /// The tasks of the XML task list open at `descriptor` (`size` bytes),
  /// or nil when it is too short, the machine has one core, no cut is
  /// found, or any part cannot be read this way.
  static func tasks(
    descriptor: Int32, size: Int, file: String, minimumSize: Int = minimumSize, parts: Int? = nil
  ) -> [TaskEntry]? {
    guard size >= minimumSize, Parallel.width > 1 else { return nil }
    let bounds = cuts(descriptor: descriptor, size: size, parts: parts ?? partCount(size: size))
    guard bounds.count > 2 else { return nil }
    let last = bounds.count - 2
    var read = Parallel.map(bounds.count - 1) { part -> [TaskEntry]? in
      let reader = XMLPlistReader(file: file.ownCopy)
      if part > 0 {
        reader.start(.plist)
        reader.start(.array)
      }
      guard
        PlistXMLScanner.scan(
          descriptor: descriptor, range: bounds[part]..<bounds[part + 1],
          open: part > 0 ? [.plist, .array] : [], openAtEnd: part < last ? [.plist, .array] : [],
          into: reader)
      else { return nil }
      if part < last {
        reader.end(.array)
        reader.end(.plist)
      }
      return reader.hasFailed || !reader.isComplete ? nil : reader.tasks
    }
    guard read.allSatisfy({ $0 != nil }) else { return nil }
    // Each part's tasks moved out of `read`, not copied (no reference counting).
    var tasks: [TaskEntry] = []
    tasks.reserveCapacity(read.reduce(0) { $0 + $1!.count })
    for part in read.indices {
      var partTasks = read[part].take()!
      for index in partTasks.indices { partTasks[index].origin.entry += tasks.count }
      for index in partTasks.indices { tasks.append(partTasks.movingOut(at: index)) }
    }
    return tasks
  }

  /// The parts' bounds, `0` and `size` included: the offset of a `<dict>`
  /// that starts a line indented by one tab, found from each `size / parts`
  /// on (within 1 MiB; a cut not found, or found again from the next
  /// start, is left out).
  static func cuts(descriptor: Int32, size: Int, parts: Int) -> [Int] {
    var bounds = [0]
    for part in 1..<max(parts, 1) {
      let start = Int((Int64(size) * Int64(part)) / Int64(parts))
      guard start > bounds.last!, let cut = cut(descriptor: descriptor, from: start, size: size),
        cut > bounds.last!
      else { continue }
      bounds.append(cut)
    }
    bounds.append(size)
    return bounds
  }

  /// The offset of the first `<dict>` that starts a line indented by one
  /// tab at or after `start`; nil when none is in the next 1 MiB.
  static func cut(descriptor: Int32, from start: Int, size: Int) -> Int? {
    let marker = Array("\n\t<dict>".utf8)
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
