/// Why the report could not be written. The CLI maps ``Kind/cannotCreate``
/// to exit 73 (EX_CANTCREAT) and ``Kind/writeFailed`` to 74 (EX_IOERR).
public struct OutputError: Error, Equatable, CustomStringConvertible {
  /// Whether the output file could not be created, or a write failed.
  public enum Kind: Sendable, Equatable {
    /// The output file could not be created or put in place: exit 73.
    case cannotCreate
    /// A write or flush failed: exit 74.
    case writeFailed
  }
  /// Which of the two failures.
  public let kind: Kind
  /// The output path (or stream name).
  public let path: String
  /// The reason, one line (usually the system's, from strerror).
  public let reason: String

  /// An error of `kind` at `path`, for `reason`.
  public init(_ kind: Kind, path: String, reason: String) {
    self.kind = kind
    self.path = path
    self.reason = reason
  }

  public var description: String {
    switch kind {
    case .cannotCreate: return "\(path): cannot create output file (\(reason))"
    case .writeFailed: return "\(path): write failed (\(reason))"
    }
  }
}
