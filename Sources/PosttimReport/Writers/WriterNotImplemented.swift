/// Thrown by a registered format whose writer is not built yet.
public struct WriterNotImplemented: Error, CustomStringConvertible {
  public let format: String
  public var description: String { "the \(format) format is not implemented yet" }
}
