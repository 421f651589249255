import CMappingGuard
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A read-only private mapping of a regular file that survives the file
/// being cut while it is read (by its owner, or by the app rewriting it in
/// place): touching a mapped page past the file's new end raises SIGBUS,
/// which would end the run with no message.
///
/// While a mapping is read, a SIGBUS handler puts zero-filled pages in place
/// of the mapping from the faulting page to its end and notes the cut: the
/// reader goes on over zeros (any bytes are safe to read), and the caller,
/// told of the cut, refuses the file. A fault at any other address goes on
/// to the handler that was there before (by default the process ends, as
/// without this one).
///
/// Mapped, not copied: above ``residentMaximum`` the reader drops the pages
/// it has read as it goes on (`releasePages`), so a long list does not stay
/// resident beside its tasks; a copy cannot be dropped before the last task
/// is made (held whole, it raised the peak at 1M tasks from 385 to 490 MB).
enum CutProofMapping {
  /// One mapping is guarded at a time (the CLI reads lists one by one).
  private static let guarding = Mutex<Void>(())

  /// Files up to this size keep their pages while they are read: dropping
  /// the pages read so far made every part of the reader fault them in
  /// again (a 100,000-task list is 20 MB; the drop is for the lists whose
  /// pages would weigh beside their tasks).
  static let residentMaximum = 64 << 20

  /// Maps the `size` bytes of the regular file open at `descriptor` and
  /// passes them to `body` with a closure that drops the pages read so far
  /// (read again from the file when touched; a no-op for a file of at most
  /// ``residentMaximum`` bytes).
  /// - Returns: what `body` returned, and whether the file was cut while
  ///   it was read (then `body` read zeros past the cut); nil when the file
  ///   cannot be mapped or the handler installed.
  static func read<Result>(
    descriptor: Int32, size: Int,
    _ body: (UnsafeBufferPointer<UInt8>, _ releasePages: @escaping @Sendable () -> Void) -> Result
  ) -> (Result, cut: Bool)? {
    // The handler is C (CMappingGuard): it runs nothing of the Swift
    // runtime, which may allocate on first use (siginfo_t's metadata).
    guard size > 0, cmappingguard_install() == 0 else { return nil }
    return guarding.withLock { _ -> (Result, cut: Bool)? in
      let keepsPages = size <= residentMaximum
      guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), map != MAP_FAILED else { return nil }
      defer { munmap(map, size) }
      let address = Int(bitPattern: map)
      cmappingguard_begin(UInt(address), UInt(address + size))
      // A private read-only mapping: dropped pages are read again from the
      // file. (By address: a pointer is not Sendable.)
      let result = body(UnsafeBufferPointer(start: map.assumingMemoryBound(to: UInt8.self), count: size)) {
        guard !keepsPages else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: address), size, MADV_DONTNEED)
      }
      return (result, cmappingguard_end() != 0)
    }
  }
}
