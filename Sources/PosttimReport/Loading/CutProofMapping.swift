import Foundation
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
/// Mapped, not copied: the reader drops the pages it has read as it goes on
/// (`releasePages`), so a long list does not stay resident beside its
/// tasks; a copy cannot be dropped before the last task is made (held whole,
/// it raised the peak at 1M tasks from 385 to 490 MB).
enum CutProofMapping {
  /// The mapping being read: its first and past-the-end addresses (0, 0
  /// when none), and whether a page of it was past the file's end. Read by
  /// the handler: atomics, initialized before it is installed.
  private static let start = Atomic<Int>(0)
  private static let end = Atomic<Int>(0)
  private static let cut = Atomic<Bool>(false)
  /// One mapping is guarded at a time (the CLI reads lists one by one).
  private static let guarding = Mutex<Void>(())
  /// The SIGBUS action before this one's, which faults elsewhere go to.
  nonisolated(unsafe) private static var previous = sigaction()
  private static let pageMask = Int(sysconf(Int32(_SC_PAGESIZE))) - 1

  /// Installs the handler, once per process.
  private static let installed: Bool = {
    _ = (start.load(ordering: .relaxed), end.load(ordering: .relaxed), cut.load(ordering: .relaxed), pageMask)
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = { signal, info, context in CutProofMapping.fault(signal, info, context) }
    action.sa_flags = SA_SIGINFO | SA_ONSTACK
    sigemptyset(&action.sa_mask)
    return sigaction(SIGBUS, &action, &previous) == 0
  }()

  /// Maps the `size` bytes of the regular file open at `descriptor` and
  /// passes them to `body` with a closure that drops the pages read so far
  /// (they are read again from the file when touched).
  /// - Returns: what `body` returned, and whether the file was cut while
  ///   it was read (then `body` read zeros past the cut); nil when the file
  ///   cannot be mapped or the handler installed.
  static func read<Result>(
    descriptor: Int32, size: Int,
    _ body: (UnsafeBufferPointer<UInt8>, _ releasePages: @escaping @Sendable () -> Void) -> Result
  ) -> (Result, cut: Bool)? {
    guard size > 0, installed else { return nil }
    return guarding.withLock { _ -> (Result, cut: Bool)? in
      guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), map != MAP_FAILED else { return nil }
      defer { munmap(map, size) }
      let address = Int(bitPattern: map)
      cut.store(false, ordering: .sequentiallyConsistent)
      end.store(address + size, ordering: .sequentiallyConsistent)
      start.store(address, ordering: .sequentiallyConsistent)
      defer {
        start.store(0, ordering: .sequentiallyConsistent)
        end.store(0, ordering: .sequentiallyConsistent)
      }
      // A private read-only mapping: dropped pages are read again from the
      // file. (By address: a pointer is not Sendable.)
      let result = body(UnsafeBufferPointer(start: map.assumingMemoryBound(to: UInt8.self), count: size)) {
        _ = madvise(UnsafeMutableRawPointer(bitPattern: address), size, MADV_DONTNEED)
      }
      return (result, cut.load(ordering: .sequentiallyConsistent))
    }
  }

  /// The SIGBUS handler: only system calls and atomics, nothing that
  /// allocates or locks.
  private static func fault(
    _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
  ) {
    // A fault the kernel raised (si_code > 0), not a `kill -BUS`.
    let address = info.map { $0.pointee.si_code > 0 ? Int(bitPattern: $0.pointee._sifields._sigfault.si_addr) : 0 } ?? 0
    let low = start.load(ordering: .sequentiallyConsistent), high = end.load(ordering: .sequentiallyConsistent)
    if low != 0, address >= low, address < high {
      let page = address & ~pageMask
      let zeros = mmap(
        UnsafeMutableRawPointer(bitPattern: page), high - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
        0)
      if zeros != MAP_FAILED {
        cut.store(true, ordering: .sequentiallyConsistent)
        return
      }
    }
    if previous.sa_flags & SA_SIGINFO != 0, let handler = previous.__sigaction_handler.sa_sigaction {
      handler(signal, info, context)
      return
    }
    let handler = previous.__sigaction_handler.sa_handler
    let code = unsafeBitCast(handler, to: Int.self)
    if code == unsafeBitCast(SIG_DFL, to: Int.self) || code == unsafeBitCast(SIG_IGN, to: Int.self) {
      // Returning retries the access, which now ends the process as it would have.
      var fallback = sigaction()
      fallback.__sigaction_handler.sa_handler = SIG_DFL
      sigaction(SIGBUS, &fallback, nil)
      return
    }
    handler?(signal)
  }
}
