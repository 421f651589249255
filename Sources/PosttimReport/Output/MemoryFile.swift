import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// A file that lives in memory and never has a name (`memfd_create`):
/// staged standard output and the message sendmail reads. Its pages are
/// not in the address space, so `ulimit -v` does not count them.
package enum MemoryFile {
  /// glibc's `memfd_create`, looked up at run time: Glibc's module does
  /// not import it (it is declared under `_GNU_SOURCE`).
  private typealias MemfdCreate = @convention(c) (UnsafePointer<CChar>, UInt32) -> Int32
  private static let memfdCreate: MemfdCreate? = dlsym(nil, "memfd_create").map {
    unsafeBitCast($0, to: MemfdCreate.self)
  }
  /// `MFD_CLOEXEC` (Linux's value; not imported).
  private static let closeOnExec: UInt32 = 1

  /// A new empty memfd, closed on exec, shown as `name` in
  /// `/proc/PID/fd`; nil where the kernel makes none.
  package static func make(_ name: String) -> Int32? {
    guard let descriptor = memfdCreate?(name, closeOnExec), descriptor >= 0 else { return nil }
    return descriptor
  }
}
