/// The field tables of docs/template-context.md and docs/json-schema.md,
/// generated from the view field tables (a test keeps the committed
/// documents equal to this text).
enum ViewFieldDocuments {
  /// The generated parts, by marker name, as (document path, marker, text).
  static var parts: [(document: String, marker: String, text: String)] {
    [
      (
        "docs/template-context.md", "report",
        templateTable(ReportView.fields, ReportView.children, example: "example (fr_CA)")
      ),
      ("docs/template-context.md", "labels", labelsTable),
      ("docs/template-context.md", "section", templateTable(SectionView.fields, SectionView.children)),
      ("docs/template-context.md", "task", templateTable(TaskView.fields, nil)),
      ("docs/template-context.md", "aliases", aliasTable),
      ("docs/json-schema.md", "report", reportJSONTable),
      ("docs/json-schema.md", "section", jsonTable(SectionView.fields, SectionView.children)),
      ("docs/json-schema.md", "task", jsonTable(TaskView.fields, nil)),
    ]
  }

  static func templateTable<View>(
    _ fields: [ViewField<View>], _ children: ViewChildrenField?, example: String = "example"
  )
    -> String
  {
    var lines = ["| field | type | \(example) | meaning |", "| --- | --- | --- | --- |"]
    for field in fields {
      lines.append("| `\(field.name)` | \(field.kind.templateName) | \(code(field.example)) | \(field.meaning) |")
    }
    if let children { lines.append("| `\(children.name)` | \(children.templateType) | | \(children.meaning) |") }
    return lines.joined(separator: "\n")
  }

  static var labelsTable: String {
    (["| field | example (fr_CA) |", "| --- | --- |"]
      + ColumnLabels.fields.map { "| `\($0.name)` | \(code($0.example)) |" })
      .joined(separator: "\n")
  }

  /// The fields the JSON output names otherwise: names published in
  /// schema 1 before the one table existed, kept so no consumer breaks.
  static var aliasTable: String {
    func rows<View>(_ fields: [ViewField<View>], _ view: String) -> [String] {
      fields.compactMap {
        guard case .alias(let alias) = $0.json else { return nil }
        return "| \(view) | `\($0.name)` | `\(alias)` |"
      }
    }
    let lines =
      rows(ReportView.fields, "top level") + rows(SectionView.fields, "section") + rows(TaskView.fields, "task")
    return (["| in | template context | JSON (`--format json`) |", "| --- | --- | --- |"] + lines).joined(
      separator: "\n")
  }

  static var reportJSONTable: String {
    let header = JSONReportWriter.documentMembers.map { "| `\($0.name)` | \($0.type) | \($0.meaning) |" }
    return jsonTable(ReportView.fields, ReportView.children, objects: ReportView.jsonObjects, before: header)
  }

  static func jsonTable<View>(
    _ fields: [ViewField<View>], _ children: ViewChildrenField?, objects: [String: String] = [:], before: [String] = []
  ) -> String {
    var lines = ["| member | type | meaning |", "| --- | --- | --- |"] + before
    var parent: Substring?
    for field in fields {
      guard let name = field.jsonName else { continue }
      let dotted = name.split(separator: ".", maxSplits: 1)
      if dotted.count == 2, dotted[0] != parent, let meaning = objects[String(dotted[0])] {
        lines.append("| `\(dotted[0])` | object | \(meaning) |")
      }
      parent = dotted.count == 2 ? dotted[0] : nil
      lines.append("| `\(name)` | \(field.kind.jsonName) | \(field.jsonMeaning ?? field.meaning) |")
      lines += field.jsonMembers.map { "| `\(name).\($0.name)` | \($0.type) | \($0.meaning) |" }
    }
    if let children { lines.append("| `\(children.name)` | \(children.jsonType) | \(children.jsonMeaning) |") }
    return lines.joined(separator: "\n")
  }

  private static func code(_ text: String) -> String { text.isEmpty ? "" : "`\(text)`" }
}
