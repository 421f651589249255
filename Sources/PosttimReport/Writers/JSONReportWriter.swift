import PosttimICU

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
  public let fileExtension = "json"
  public let mediaType = "application/json; charset=utf-8"
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
    output.write(JSONValue.indent(1) + "\"sections\": [")
    for (index, section) in report.sections.enumerated() {
      output.write((index == 0 ? "\n" : ",\n") + JSONValue.indent(2) + "{\n")
      for member in Self.members(of: section) {
        output.write(JSONValue.indent(3) + JSONText.string(member.key) + ": " + member.value.text(level: 3) + ",\n")
      }
      output.write(JSONValue.indent(3) + "\"tasks\": [")
      var first = true
      for task in section.tasks {
        output.write((first ? "\n" : ",\n") + JSONValue.indent(4) + Self.value(of: task).text(level: 4))
        first = false
      }
      output.write((first ? "" : "\n" + JSONValue.indent(3)) + "]\n" + JSONValue.indent(2) + "}")
    }
    output.write((report.sections.isEmpty ? "" : "\n" + JSONValue.indent(1)) + "]\n}\n")
  }

  /// The members before `sections`, in order.
  func header(_ report: ReportView) -> [(key: String, value: JSONValue)] {
    [
      ("schemaVersion", .integer(Self.schemaVersion)),
      ("generator", .object([("name", .string("posttim-report")), ("version", .string(generatorVersion))])),
      (
        "locale",
        .object([
          ("id", .string(report.localeID)),
          ("languageTag", .string(report.languageTag)),
          ("direction", .string(report.direction)),
        ])
      ),
      ("timeZone", .string(report.timeZoneID)),
      ("now", .string(report.nowISO)),
      ("today", .string(report.todayISO)),
      ("title", .string(report.title)),
      ("taskCount", .integer(report.taskCount)),
      ("totalLine", .string(report.totalLine)),
    ]
  }

  /// A section's members before `tasks`, in order.
  static func members(of section: SectionView) -> [(key: String, value: JSONValue)] {
    [
      ("id", .string(section.id)),
      ("kind", .string(section.kind)),
      ("title", .string(section.title)),
      ("date", section.dateISO.map(JSONValue.string) ?? .null),
      ("count", .integer(section.count)),
      ("countLine", .string(section.countLine)),
    ]
  }

  /// One task object.
  static func value(of task: TaskView) -> JSONValue {
    .object([
      ("id", .string(task.id)),
      ("title", .string(task.title)),
      ("displayTitle", .string(task.displayTitle)),
      ("importance", .integer(task.importance)),
      ("description", .string(task.details)),
      ("dateUTC", .string(task.dateUTC)),
      ("dateLocal", .string(task.dateLocal)),
      ("when", .string(task.when)),
      ("dateTime", .string(task.dateTime)),
      ("exactWhen", .string(task.exactWhen)),
      ("extraFields", .object(task.extraFields.map { ($0.key, .string($0.value)) })),
      ("source", .object([("file", .string(task.origin.file)), ("entry", .integer(task.origin.entry))])),
    ])
  }
}
