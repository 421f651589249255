import FoundationEssentials
import PosttimICU

#if canImport(Glibc)
  import Glibc
#endif

/// Opens the files the tool reads as data (task lists, the config file,
/// templates, catalogs) with the one opener the zone reader shares
/// (``NonBlockingFile``), then clears `O_NONBLOCK` for reading (a pipe
/// with a writer is read to its end as usual).
public enum DataFile {
  /// What a data file is read as (recorded for the `-o` check).
  public typealias ReadRole = ReadFiles.Role

  /// What a path names, as far as reading it is concerned.
  public enum Kind: Sendable, Equatable {
    case regular
    /// A FIFO or a socket (`<(…)`, `/dev/stdin` on a pipe).
    case pipe
    /// `/dev/null`: reads as empty.
    case nullDevice
    /// A directory, a device other than `/dev/null`, or anything else:
    /// `what` is "a directory", "a character device", …
    case other(what: String)
  }

  /// Why a data file could not be opened or read.
  public enum Failure: Error, Equatable {
    /// The path does not exist (ENOENT).
    case notFound
    /// The system refused; the text is strerror's.
    case unreadable(String)
    /// More than the reader's limit of bytes.
    case tooLarge
    /// Not a kind the reader takes: "a FIFO", "a directory", …
    case wrongKind(String)
    /// On a trusted read, a folder on the way is not trusted or a link
    /// not followed (``TrustedPath``); the text says which.
    case untrusted(String)

    /// `is a FIFO, not a regular file` and the like, after a file name.
    public func reason(expecting expected: String = "a regular file") -> String {
      switch self {
      case .notFound: return "no such file"
      case .unreadable(let reason): return "cannot be read (\(reason))"
      case .tooLarge: return "is too large"
      case .wrongKind(let what): return "is \(what), not \(expected)"
      case .untrusted(let reason): return "not trusted: \(reason)"
      }
    }
  }

  /// An open data file: its descriptor (blocking again), its `fstat`, its kind.
  public struct Opened {
    public let descriptor: Int32
    public let info: stat
    public let kind: Kind
    /// The path the walk reached, with no link left.
    public let resolved: String
    /// "a regular file", "a FIFO", "a socket", "a character device", …
    public var what: String { DataFile.what(info) }
  }

  /// Opens `path` for reading without blocking on the open, through
  /// ``NonBlockingFile``: a device is never opened (its descriptor reads
  /// nothing; its kind says what it is), and a symbolic link on the way is
  /// followed only when it is the caller's or root's, in any folder: what
  /// is read goes back to whoever controls the link's folder (a roster
  /// mails a reader's list and templates to that reader).
  /// - Parameter trusted: the path is walked as ``TrustedPath`` walks it,
  ///   links under the kernel's rule and every folder on the way checked
  ///   (a file that steers the run: the config file, the roster).
  /// - Parameter start: the folder a relative `path` is looked up from
  ///   (a template folder's descriptor, and its path for messages).
  /// - Parameter regularOnly: only a regular file is opened; anything
  ///   else is described, not opened (a FIFO's writer is not woken).
  /// - Parameter role: what the file is read as (``ReadFiles``: `-o`
  ///   cannot name it); nil for a file that is not an input (a journal).
  /// - Throws: ``Failure/notFound`` or ``Failure/unreadable(_:)``, which
  ///   names a link the rule does not follow.
  public static func open(
    _ path: String, trusted: Bool = false, from start: (descriptor: Int32, path: String)? = nil,
    regularOnly: Bool = false, as role: ReadRole? = nil
  ) throws(Failure) -> Opened {
    let file: NonBlockingFile.Opened
    do throws(NonBlockingFile.Failure) {
      file = try NonBlockingFile.open(
        path, trusting: trusted, rule: trusted ? .protectedSymlinks : .callerOrRootRead, from: start,
        regularOnly: regularOnly, as: role)
    } catch {
      if error.untrusted { throw .untrusted(error.reason) }
      throw error.code == ENOENT ? .notFound : .unreadable(error.reason)
    }
    let kind = Self.kind(of: file.info)
    // A pipe that is this run's own standard output or error would be read
    // forever; a task list that is one (checked by name before, so met here
    // only by a link changed since) would get the report. Other files read
    // as data are read before that check, which finds them among the
    // files read (``StandardStreams``).
    if let role, kind == .pipe || role == .taskList, let stream = StandardStreams.stream(file.info) {
      close(file.descriptor)
      if stream == .error { StandardStreams.silenceError() }
      throw .unreadable("it is this run's \(stream.name)")
    }
    if file.isOpen && (kind == .regular || kind == .pipe) {
      _ = fcntl(file.descriptor, F_SETFL, fcntl(file.descriptor, F_GETFL) & ~O_NONBLOCK)
    }
    return Opened(descriptor: file.descriptor, info: file.info, kind: kind, resolved: file.resolved)
  }

  /// The kind of the file `info` describes.
  static func kind(of info: stat) -> Kind {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFIFO, S_IFSOCK: return .pipe
    case S_IFCHR where info.st_rdev == NonBlockingFile.nullDevice: return .nullDevice
    default: return .other(what: what(info))
    }
  }

  /// What `info` describes, with its article: "a FIFO", "a directory", …
  public static func what(_ info: stat) -> String { NonBlockingFile.what(info) }

  /// The whole text of the regular file at `path`, as bytes.
  /// - Throws: ``Failure``; `.wrongKind` for anything but a regular file,
  ///   `.tooLarge` past `limit` bytes.
  public static func readRegular(_ path: String, limit: Int = InputReader.limit, as role: ReadRole) throws(Failure)
    -> [UInt8]
  {
    let file = try open(path, regularOnly: true, as: role)
    defer { close(file.descriptor) }
    guard file.kind == .regular else { throw .wrongKind(file.what) }
    // Refused by its size before a byte is held.
    guard Int(file.info.st_size) <= limit else { throw .tooLarge }
    return try readAll(file.descriptor, limit: limit)
  }

  /// Reads `descriptor` to its end, at most `limit` bytes.
  /// - Throws: ``Failure/tooLarge`` past `limit`, ``Failure/unreadable(_:)``.
  public static func readAll(_ descriptor: Int32, limit: Int) throws(Failure) -> [UInt8] {
    do {
      return [UInt8](try InputReader.readAll(descriptor: descriptor, limit: limit))
    } catch {
      switch error {
      case .tooLarge: throw .tooLarge
      case .unreadable(let reason): throw .unreadable(reason)
      }
    }
  }
}
