/// A command line the tool cannot run: exit 64, with a hint to `--help`.
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
