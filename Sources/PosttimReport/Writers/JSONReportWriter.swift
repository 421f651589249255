/// Placeholder; the real writer lands with issue 4.
public struct JSONReportWriter: ReportWriter {
  public let format = "json"
  public let fileExtension = "json"
  public let mediaType = "application/json; charset=utf-8"
  public init(options: WriterOptions = WriterOptions()) {}
  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) throws {
    throw WriterNotImplemented(format: format)
  }
}
