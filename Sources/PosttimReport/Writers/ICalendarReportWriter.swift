/// Placeholder; the real writer lands with issue 4.
public struct ICalendarReportWriter: ReportWriter {
  public let format = "ics"
  public let fileExtension = "ics"
  public let mediaType = "text/calendar; charset=utf-8"
  public init(options: WriterOptions = WriterOptions()) {}
  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) throws {
    throw WriterNotImplemented(format: format)
  }
}
