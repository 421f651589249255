import FoundationEssentials
import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// Where a regular file at standard output stood before a report is
/// written to it: a report written in place, or a staged copy that fails
/// partway (a full disk), after all the file held is cut back to there,
/// so the file keeps what it held and no part of the report; and a report
/// the file-size limit cannot take after what the file holds (`>>`) is
/// refused before a byte is copied.
struct StandardOutputFile {
  let descriptor: Int32
  /// Where the report's first byte goes.
  let start: off_t
  /// The bytes the file held (less than `start` for an offset past its end).
  private let held: off_t
  /// Opened for appending (`>>`): other writers may add to it meanwhile.
  private let appends: Bool
  /// Opened with `O_DIRECT`, whose writes must be aligned (``withoutDirect(_:)``).
  private let direct: Bool
  /// A memfd sealed against shrinking (`F_SEAL_SHRINK`): it cannot be cut back.
  private let sealedAgainstCut: Bool
  /// Standard error is this same file (`> log 2>&1`).
  private let sharedWithStandardError: Bool

  /// `O_DIRECT`, which Glibc's module leaves out (it is `_GNU_SOURCE`);
  /// its value depends on the architecture.
  #if arch(arm64) || arch(arm)
    static let directFlag: Int32 = 0o200000
  #elseif arch(powerpc64le) || arch(powerpc64)
    static let directFlag: Int32 = 0o400000
  #else
    static let directFlag: Int32 = 0o40000
  #endif

  /// Nil unless `descriptor` is a regular file. `errorDescriptor`:
  /// standard error, which may be the same file.
  init?(_ descriptor: Int32, errorDescriptor: Int32 = 2) {
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let flags = fcntl(descriptor, F_GETFL)
    appends = flags & O_APPEND != 0
    direct = flags & Self.directFlag != 0
    let offset = appends ? info.st_size : lseek(descriptor, 0, SEEK_CUR)
    guard offset >= 0 else { return nil }
    self.descriptor = descriptor
    start = offset
    held = info.st_size
    // F_GET_SEALS and F_SEAL_SHRINK (Linux's, not in Glibc's module); -1 for a file with no seals.
    let seals = fcntl(descriptor, 1034)
    sealedAgainstCut = seals >= 0 && seals & 0x0002 != 0
    var errorInfo = stat()
    sharedWithStandardError =
      descriptor != errorDescriptor && fstat(errorDescriptor, &errorInfo) == 0 && errorInfo.st_dev == info.st_dev
      && errorInfo.st_ino == info.st_ino
  }

  /// Whether the report can be written to the file as it is made, not
  /// staged: cutting back to ``start`` then undoes it whole, on a failure
  /// and on a terminating signal. So the report starts at the file's end
  /// (`>`), no other writer may add to it meanwhile (`>>`), no diagnostic
  /// lands inside the report (`2>&1`), the file may shrink (no memfd seal
  /// against it), and `ulimit -f` is not set (its
  /// refusal comes before a byte is written). Staging a report costs its
  /// size in fresh memory and a second copy after the last row.
  var takesReportInPlace: Bool {
    guard start == held, !appends, !sharedWithStandardError, !sealedAgainstCut else { return false }
    var limit = rlimit()
    return getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 && limit.rlim_cur == rlim_t.max
  }

  /// Runs `body` with `O_DIRECT` off, when the file was opened with it: a
  /// report's writes are not aligned to its blocks (EINVAL). Put back after.
  func withoutDirect(_ body: () throws -> Void) throws {
    guard direct else { return try body() }
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, flags & ~Self.directFlag)
    // Put back by the signal handler too: the description is the caller's.
    SignalCleanup.restoreFlags(descriptor, flags)
    defer {
      _ = fcntl(descriptor, F_SETFL, flags)
      SignalCleanup.restoreFlags(-1, 0)
    }
    try body()
  }

  /// A count of the bytes a staged report's copy writes, with a signal
  /// cutting them out as for a report written in place; nil when the
  /// report does not go where the file ends. ``SignalCleanup/cutBack(_:to:)``
  /// is set until `-1` is given.
  func countedCopy() -> CountedWrites? {
    start == held ? countedWrites() : nil
  }

  /// A count of the report's writes, which a signal cuts out of the file
  /// until ``SignalCleanup/cutBack(_:to:)`` is given `-1`.
  private func countedWrites() -> CountedWrites {
    SignalCleanup.cutBack(descriptor, to: start)
    return CountedWrites()
  }

  /// Writes the report as it is made; a failed run, or one ended by a
  /// signal, leaves the file as it was (``SignalCleanup/cutBack(_:to:)``),
  /// unless another writer added to it meanwhile (a description shared
  /// with a background job): their bytes are kept, and the report's with
  /// them.
  func writeInPlace(_ render: (inout FileDescriptorOutput) throws -> Void) throws {
    let counted = countedWrites()
    defer { SignalCleanup.cutBack(-1, to: 0) }
    var output = FileDescriptorOutput(descriptor: descriptor, name: "<stdout>")
    output.progress = counted
    try Self.keptWhole(self, counted: counted) {
      try render(&output)
      try output.finish()
    }
  }

  /// The error for a report of `length` bytes that would pass `ulimit -f`
  /// after what the file holds; nil when it fits.
  func fileSizeLimitError(length: Int) -> OutputError? {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max,
      UInt64(start) + UInt64(length) > UInt64(limit.rlim_cur)
    else { return nil }
    return OutputError(
      .writeFailed, path: "<stdout>",
      reason: "the report (\(length) bytes) after the \(start) bytes its file holds is larger than the file-size "
        + "limit (ulimit -f, \(limit.rlim_cur) bytes); nothing was printed: raise the limit")
  }

  /// Runs `write`; when it throws, cuts `file` back (``cutBack(ifOnly:)``;
  /// nil: standard output is no regular file), then rethrows.
  static func keptWhole(
    _ file: StandardOutputFile?, counted: CountedWrites? = nil, _ write: () throws -> Void
  ) throws {
    do {
      try write()
    } catch {
      file?.cutBack(ifOnly: counted)
      throw error
    }
  }

  /// Cuts the file back to what it held, when the report went after all
  /// it held; never makes it longer (an offset past its end, a file
  /// another process shortened). With `counted`, only while the file holds
  /// nothing after what it held but those bytes: another writer's stay.
  func cutBack(ifOnly counted: CountedWrites? = nil) {
    // Written over bytes the file holds (`1<>`, an offset mid-file), those
    // are lost either way, and a cut would lose the ones after them too.
    guard start >= held else { return }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return }
    if let counted, info.st_size != held + off_t(counted.written) { return }
    if info.st_size > held { _ = ftruncate(descriptor, held) }
    _ = lseek(descriptor, start, SEEK_SET)
  }
}

/// The bytes a report written to standard output's file has written (in
/// place, or a staged copy), for the cut-back here and in the signal handler.
final class CountedWrites: WriteProgress, @unchecked Sendable {
  /// Written only by the thread that writes the report.
  private(set) var written = 0

  func writing(_ count: Int) { SignalCleanup.cutBackWriting(count) }
  func wrote(_ count: Int) {
    written += count
    SignalCleanup.cutBackWrote(count)
  }
}
