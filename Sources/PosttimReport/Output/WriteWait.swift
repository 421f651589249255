#if canImport(Glibc)
  import Glibc
#endif

/// Bounded waits on a FIFO, device or socket at the output name, so a
/// reader that opened it and never reads, reads a little now and then, or
/// a FIFO nobody opens cannot hold a cron job: the write is non-blocking,
/// and the whole write, from the open to the last byte, must end within
/// the write time limit (the CLI's `--write-timeout`, default
/// ``defaultSeconds``). A limit per wait would not do: a reader taking
/// 4 KiB just inside each wait holds the run for hours.
public enum WriteWait {
  /// The limit when none is given: as long as sendmail's (`--send-timeout`).
  public static let defaultSeconds = 120
  /// Names the limit in messages; the CLI puts its option in its place.
  public static let timeLimitPhrase = "(the write time limit)"

  /// When a write that starts now must have ended.
  public struct Deadline: Sendable {
    /// The limit it was set with, for messages.
    public let seconds: Int
    /// The instant, on the monotonic clock.
    let instant: Double

    /// `seconds` from now.
    public init(seconds: Int) {
      self.seconds = seconds
      instant = WriteWait.now() + Double(seconds)
    }
  }

  /// Waits until `descriptor` can take bytes (or has failed: the write
  /// then says why), at most until `deadline`; false when the time ran out.
  static func ready(_ descriptor: Int32, until deadline: Deadline) -> Bool {
    while true {
      let left = deadline.instant - now()
      guard left > 0 else { return false }
      var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      let result = poll(&entry, 1, Int32(min(left * 1000, Double(Int32.max)).rounded(.up)))
      if result > 0 { return true }
      if result < 0, errno != EINTR { return true }
    }
  }

  /// Waits, without limit, until `descriptor` can take bytes (or has failed).
  static func ready(_ descriptor: Int32) {
    var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
    while poll(&entry, 1, -1) < 0, errno == EINTR {}
  }

  /// Waits for a reader of the FIFO at `path`: tries the non-blocking open
  /// every 50 ms, at most until `deadline`. The descriptor (non-blocking),
  /// or nil when no reader came in time or the open failed otherwise
  /// (errno says why; ENXIO for no reader).
  static func openForReader(_ path: String, flags: Int32, until deadline: Deadline) -> Int32? {
    while true {
      let descriptor = open(path, flags | O_NONBLOCK)
      if descriptor >= 0 { return descriptor }
      guard errno == ENXIO || errno == EINTR, now() < deadline.instant else { return nil }
      var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
      nanosleep(&pause, nil)
    }
  }

  /// Seconds on the monotonic clock.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
