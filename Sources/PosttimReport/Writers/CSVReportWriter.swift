import Foundation

/// CSV per RFC 4180: a header row, then one row per task in agenda order;
/// CRLF line ends; a field with the delimiter, a double quote, CR or LF is
/// quoted, with quotes doubled.
///
/// Columns: `date` (date and time in the report's locale and zone),
/// `tache`, `importance` (1…9), `description`, `date_utc` (ISO 8601). The
/// header uses the task list's own keys, the same in every locale, so
/// scripts can rely on it.
public struct CSVReportWriter: ReportWriter {
  public let format = "csv"
  public let fileExtension = "csv"
  public let mediaType = "text/csv; charset=utf-8; header=present"
  public let delimiter: Character

  public init(delimiter: Character = ",") { self.delimiter = delimiter }

  public static let header = ["date", "tache", "importance", "description", "date_utc"]

  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) {
    writeRow(Self.header, to: &output)
    for section in report.sections {
      for task in section.tasks {
        writeRow([task.dateTime, task.title, String(task.importance), task.details, task.dateUTC], to: &output)
      }
    }
  }

  func writeRow<Output: TextOutputStream>(_ fields: [String], to output: inout Output) {
    var line = ""
    for (index, field) in fields.enumerated() {
      if index > 0 { line.append(delimiter) }
      line += quoted(field)
    }
    output.write(line + "\r\n")
  }

  /// One field per RFC 4180 §2 rules 5–7: quoted when it holds the
  /// delimiter, a double quote, CR or LF, with quotes doubled.
  public func quoted(_ field: String) -> String {
    // Bytes, not Characters: all four are ASCII, and grapheme breaking
    // would dominate the cost of a large export.
    let separator = delimiter.asciiValue ?? 44
    let needsQuotes = field.utf8.contains { $0 == separator || $0 == 34 || $0 == 13 || $0 == 10 }
    guard needsQuotes else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }
}
