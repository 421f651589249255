import PosttimICU
import PosttimTemplating

/// JSON (RFC 8259) with a documented, stable schema: docs/json-schema.md,
/// version ``schemaVersion``.
///
/// The document is streamed: the header members, then each section and
/// each of its tasks as it is made, so a long task list is never held as
/// one document. Output is pretty-printed (two spaces per level, `": "`
/// after keys, like Python's `json.dumps(indent=2, ensure_ascii=False)`),
/// members always in the same order, UTF-8, one final newline. Strings
/// are escaped by ``JSONText``.
///
/// Shape (see the schema document for every field):
///
///     {"schemaVersion": 1, "generator": {…}, "locale": {…}, "timeZone": …,
///      "now": …, "today": …, "title": …, "taskCount": …, "totalLine": …,
///      "sections": [{"id": …, …, "tasks": [{"id": …, …}, …]}, …]}
public struct JSONReportWriter: ReportWriter {
  public let format = "json"
  /// Raised on any change a consumer could notice other than a new member.
  public static let schemaVersion = 1
  /// The version written in `generator.version`.
  public let generatorVersion: String

  /// - Parameter generatorVersion: written as `generator.version`; tests pin it.
  public init(options: WriterOptions = WriterOptions(), generatorVersion: String = PosttimReportVersion.current) {
    self.generatorVersion = generatorVersion
  }

  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) {
    output.write("{\n")
    for member in header(report) {
      output.write(JSONValue.indent(1) + JSONText.string(member.key) + ": " + member.value.text(level: 1) + ",\n")
    }
    output.write(JSONValue.indent(1) + JSONText.string(ReportView.children.name) + ": [")
    for (index, section) in report.sections.enumerated() {
      output.write((index == 0 ? "\n" : ",\n") + JSONValue.indent(2) + "{\n")
      for member in Self.members(of: section) {
        output.write(JSONValue.indent(3) + JSONText.string(member.key) + ": " + member.value.text(level: 3) + ",\n")
      }
      output.write(JSONValue.indent(3) + JSONText.string(SectionView.children.name) + ": [")
      // Tasks a chunk at a time, on every core for a long section (as CSV rows).
      var tasks = TaskRows([section])
      ChunkedRendering.write(
        chunksOf: &tasks,
        { chunk in
          var text = TextBuffer(capacity: chunk.count * 512)
          for task in chunk {
            text.write(task.row == 0 ? "\n" : ",\n")
            JSONValue.writeIndent(4, to: &text)
            Self.value(of: task).write(level: 4, to: &text)
          }
          return text
        }, to: &output)
      output.write((section.count == 0 ? "" : "\n" + JSONValue.indent(3)) + "]\n" + JSONValue.indent(2) + "}")
    }
    output.write((report.sections.isEmpty ? "" : "\n" + JSONValue.indent(1)) + "]\n}\n")
  }

  /// The document's own members (before the report's), for the schema
  /// document: (name, type, meaning).
  static let documentMembers: [(name: String, type: String, meaning: String)] = [
    ("schemaVersion", "integer", "version of this schema: `1`"),
    ("generator", "object", "the program that wrote the document"),
    ("generator.name", "string", "always `\"posttim-report\"`"),
    ("generator.version", "string", "the tool's version, e.g. `\"0.1.0\"` (as `--version` shows)"),
  ]

  /// The members before `sections`, in order: the document's own, then
  /// the report's (``ReportView/fields``, under their JSON names).
  func header(_ report: ReportView) -> [(key: String, value: JSONValue)] {
    [
      ("schemaVersion", .integer(Self.schemaVersion)),
      ("generator", .object([("name", .string("posttim-report")), ("version", .string(generatorVersion))])),
    ] + ViewFieldReader.jsonMembers(ReportView.fields, of: report)
  }

  /// A section's members before `tasks`, in order.
  static func members(of section: SectionView) -> [(key: String, value: JSONValue)] {
    ViewFieldReader.jsonMembers(SectionView.fields, of: section)
  }

  /// One task object.
  static func value(of task: TaskView) -> JSONValue { .object(ViewFieldReader.jsonMembers(TaskView.fields, of: task)) }
}
