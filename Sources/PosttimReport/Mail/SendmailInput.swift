import FoundationEssentials
import PosttimICU

#if canImport(Glibc)
  import Glibc
#endif

/// sendmail's standard input: the whole message in a file that never has
/// a name, a memfd (else an `O_TMPFILE` file in `TMPDIR`). A named file,
/// even unlinked at once, could be renamed away and kept by the owner of a
/// folder `TMPDIR` names before the unlink. It is a regular file sendmail
/// may seek in, complete before sendmail starts: if this process is
/// killed meanwhile, sendmail still reads the whole message, never a
/// prefix (as it would from a pipe).
enum SendmailInput {
  /// A file holding `bytes`, positioned at 0, closed on exec (the child
  /// gets it as a copy on descriptor 0).
  /// - Throws: ``SendmailDelivery/Failure`` naming the reason (and the
  ///   folder, when the memfd was refused and `TMPDIR` could not serve).
  static func holding(_ bytes: [UInt8]) throws(SendmailDelivery.Failure) -> Int32 {
    if let memory = MemoryFile.make("posttim-report-mail") {
      return try filled(memory, with: bytes, in: nil)
    }
    return try filled(unnamedFile(in: TemporaryFolder.named), with: bytes, in: TemporaryFolder.named)
  }

  /// An `O_TMPFILE` file in `directory`, its links followed only under the
  /// rule for folders written (``TemporaryFolder``). Where the file system
  /// has no unnamed files, none is made by name: nothing is sent.
  static func unnamedFile(in directory: String) throws(SendmailDelivery.Failure) -> Int32 {
    let walked: WalkedPath
    do throws(ProtectedLinkWalk.Refusal) {
      walked = try TemporaryFolder.walked(directory)
    } catch {
      throw failure("create", reason: error.reason, in: directory)
    }
    let descriptor = TemporaryFolder.unnamedFile(in: walked)
    guard descriptor >= 0 else {
      let code = errno
      guard [EOPNOTSUPP, EISDIR, EINVAL].contains(code) else { throw failure("create", code, in: directory) }
      throw failure("create", reason: "the file system has no unnamed files (O_TMPFILE)", in: directory)
    }
    return descriptor
  }

  /// `descriptor` with `bytes` written and rewound; closed on failure.
  private static func filled(
    _ descriptor: Int32, with bytes: [UInt8], in directory: String?
  ) throws(SendmailDelivery.Failure) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        let code = written < 0 ? errno : ENOSPC
        close(descriptor)
        if code == EFBIG, let refusal = fileSizeLimitReached(bytes.count) { throw refusal }
        throw failure("write", code, in: directory)
      }
      offset += written
    }
    guard lseek(descriptor, 0, SEEK_SET) == 0 else {
      let code = errno
      close(descriptor)
      throw failure("rewind", code, in: directory)
    }
    return descriptor
  }

  /// Why the copy stopped when the limit is `ulimit -f`: the memfd (or
  /// the unnamed file) is held to it as any file is, and SIGXFSZ is
  /// ignored, so the write fails with EFBIG. Nil when no limit is set
  /// (another cause of EFBIG).
  private static func fileSizeLimitReached(_ size: Int) -> SendmailDelivery.Failure? {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
      return nil
    }
    return SendmailDelivery.Failure(
      .fileSizeLimit,
      message: "cannot send: the message (\(size) bytes) is larger than the file-size limit (ulimit -f, "
        + "\(limit.rlim_cur) bytes) its copy for sendmail is held to; nothing was sent: raise the limit")
  }

  private static func failure(
    _ doing: String, _ code: Int32, in directory: String?
  ) -> SendmailDelivery.Failure {
    let kind: SendmailDelivery.Failure.Kind = [EMFILE, ENFILE, ENOMEM].contains(code) ? .systemLimit : .unavailable
    return failure(doing, reason: String(cString: strerror(code)), kind, in: directory)
  }

  private static func failure(
    _ doing: String, reason: String, _ kind: SendmailDelivery.Failure.Kind = .unavailable, in directory: String?
  ) -> SendmailDelivery.Failure {
    let place = directory.map { " in \($0)" } ?? " in memory"
    return SendmailDelivery.Failure(
      kind, message: "cannot send: cannot \(doing) a temporary file\(place) (\(reason)); nothing was sent")
  }
}
