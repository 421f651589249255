import PosttimICU
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Standard output and standard error as files the run could read: a
/// caller's `>> app.plist` or `2>> config`, or a list linked to
/// `/proc/self/fd/1` (the run's own pipe, which it would wait on forever).
/// The report or a diagnostic written there would change an input, so no
/// input may be either one (``FileIdentity``: a regular file or a pipe).
public enum StandardStreams {
  /// Descriptor 1 or 2.
  public enum Stream: Int32, Sendable {
    case output = 1
    case error = 2

    /// "standard output", "standard error".
    public var name: String { self == .output ? "standard output" : "standard error" }
  }

  /// The stream that is the file `identity` describes, or nil.
  public static func stream(_ identity: FileIdentity) -> Stream? {
    [Stream.output, .error].first { identityOf($0) == identity }
  }

  /// The stream the opened file `info` describes is, or nil.
  package static func stream(_ info: stat) -> Stream? {
    FileIdentity(info).flatMap(stream)
  }

  /// What descriptor 1 or 2 is, when it is a regular file or a pipe.
  public static func identityOf(_ stream: Stream) -> FileIdentity? {
    var info = stat()
    guard fstat(stream.rawValue, &info) == 0 else { return nil }
    return FileIdentity(info)
  }

  private static let errorIsInput = Atomic<Bool>(false)

  /// Standard error was found to be an input: nothing more is printed
  /// there (a diagnostic would be written into that input).
  public static func silenceError() { errorIsInput.store(true, ordering: .relaxed) }

  /// Whether a diagnostic may be written to descriptor 2: not once it was
  /// found to be an input, nor while it is a file the run has read.
  public static var errorIsWritable: Bool {
    guard !errorIsInput.load(ordering: .relaxed) else { return false }
    return identityOf(.error)?.readAs == nil
  }
}
