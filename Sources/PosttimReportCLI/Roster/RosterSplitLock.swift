import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps runs of one roster with different splits (`--shard K/N`, the
/// unsharded run being N = 1) from overlapping in one state folder: a run
/// reads the other journals only when it starts, which is enough for
/// shards of the same N (each owns its readers) but not across splits,
/// where a reader is in two runs at once.
///
/// Every run holds a shared open-file-description lock (`F_OFD_SETLK`) on
/// byte N of `ROSTER.lock` for its whole life, then probes every other
/// byte (`F_OFD_GETLK`). The lock is set before the probe, so of two runs
/// starting together at least one sees the other. Runs of the same N share
/// the byte and go side by side. The kernel drops the lock when the run
/// ends, however it ends.
final class RosterSplitLock {
  private let descriptor: Int32

  /// Linux's values (`<bits/fcntl-linux.h>`), not exported to Swift.
  private static let getLock: Int32 = 36
  private static let setLock: Int32 = 37

  /// - Parameters:
  ///   - real: the state folder, open (walked by descriptor) and trusted.
  ///   - folder: the state folder as the user gave it, for messages.
  init(folder real: Int32, file name: String, shown folder: String, split: Int) throws(RosterJournal.Failure) {
    let path = folder + "/" + name
    let descriptor = try RosterJournal.openTrusted(name, in: real, path: path).descriptor
    self.descriptor = descriptor
    var mine = Self.range(type: F_RDLCK, start: split, length: 1)
    guard fcntl(descriptor, Self.setLock, &mine) == 0 else {
      // Only a write lock conflicts with a read lock, and no run takes one.
      throw .cannotOpen(path: path, reason: "cannot be locked: " + String(cString: strerror(errno)))
    }
    for (start, length) in [(0, split), (split + 1, 0)] {
      var probe = Self.range(type: F_WRLCK, start: start, length: length)
      guard fcntl(descriptor, Self.getLock, &probe) == 0 else {
        throw .cannotOpen(path: path, reason: "cannot be probed: " + String(cString: strerror(errno)))
      }
      if probe.l_type != F_UNLCK { throw .otherSplit(path: folder, count: Int(probe.l_start)) }
    }
  }

  deinit { close(descriptor) }

  private static func range(type: Int32, start: Int, length: Int) -> flock {
    var lock = flock()
    lock.l_type = Int16(type)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = off_t(start)
    lock.l_len = off_t(length)
    lock.l_pid = 0  // F_OFD_* require 0
    return lock
  }
}
