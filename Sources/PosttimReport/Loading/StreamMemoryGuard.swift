/// The memory check a task list read from a stream (a pipe, `-`, `<(…)`, a
/// FIFO) passes before each chunk, as a file passes it once from its size:
/// a stream has no size to check up front, so reading stops, with an
/// error, where the bytes read so far would need more than the limits
/// leave (``MemoryLimit``).
///
/// Before a chunk, with `total` bytes of the stream read once it is in (white
/// space between elements not counted: nothing of it is kept) and
/// `undecoded` of them held as bytes still to decode, the limit must leave
/// `reserved + total × perByteAfterReading + undecoded × perByteReading + headroom`
/// bytes beyond what the process uses now, which already holds what was
/// decoded so far. For a stream read whole this is the same sum as the check
/// of a file of its size.
public struct StreamMemoryGuard: Sendable, Equatable {
  /// Bytes per byte of list while it is read and decoded.
  public let perByteReading: Int
  /// Bytes per byte of list that the rest of the run needs (rendering).
  public let perByteAfterReading: Int
  /// Bytes already promised to the other inputs (files, checked from their size).
  public let reserved: Int
  /// Bytes beyond the estimate.
  public let headroom: Int

  public init(perByteReading: Int, perByteAfterReading: Int, reserved: Int, headroom: Int) {
    self.perByteReading = perByteReading
    self.perByteAfterReading = perByteAfterReading
    self.reserved = reserved
    self.headroom = headroom
  }

  /// The bytes needed with `total` read, `undecoded` of them still bytes.
  func needed(total: Int, undecoded: Int) -> Int {
    let after = total.multipliedReportingOverflow(by: perByteAfterReading)
    let reading = undecoded.multipliedReportingOverflow(by: perByteReading)
    guard !after.overflow, !reading.overflow else { return .max }
    return reserved &+ after.partialValue &+ reading.partialValue &+ headroom
  }

  /// - Throws: `.systemLimit` naming `file` when a limit leaves less than
  ///   the stream needs with `total` bytes read, `undecoded` held.
  func check(total: Int, undecoded: Int, file: String) throws(TaskListError) {
    let needed = needed(total: total, undecoded: undecoded)
    for limit in MemoryLimit.current() where needed > limit.left {
      throw TaskListError(
        .systemLimit, file: file,
        message: "not enough memory to read this task list: with \(total >> 20) MiB read it needs about "
          + "\(needed >> 20) MiB more, and the limit of \(limit.bytes >> 10) KiB (ulimit \(limit.option)) leaves "
          + "\(max(0, limit.left) >> 20) MiB; raise the limit")
    }
  }
}
