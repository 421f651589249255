/// Placeholder; the real writer lands with issue 4.
public struct TextReportWriter: ReportWriter {
  public let format = "text"
  public let fileExtension = "txt"
  public let mediaType = "text/plain; charset=utf-8"
  public init(options: WriterOptions = WriterOptions()) {}
  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) throws {
    throw WriterNotImplemented(format: format)
  }
}
