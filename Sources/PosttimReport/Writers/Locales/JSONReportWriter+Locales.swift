extension JSONReportWriter {
  /// Several locales' reports as one JSON document (docs/json-schema.md,
  /// "Several locales"):
  ///
  ///     {"schemaVersion": 1, "generator": {…}, "reports": [{…}, {…}]}
  ///
  /// Each element of `reports` is exactly the one-locale document of that
  /// locale (its own `locale` member says which), indented two levels.
  /// One locale's document is held at a time.
  public func write<Output: TextOutputStream>(several reports: [ReportView], to output: inout Output) {
    output.write("{\n")
    for member in header(reports[0]).prefix(2) {
      output.write(JSONValue.indent(1) + JSONText.string(member.key) + ": " + member.value.text(level: 1) + ",\n")
    }
    output.write(JSONValue.indent(1) + "\"reports\": [\n")
    for (index, report) in reports.enumerated() {
      var document = ""
      write(report, to: &document)
      // Strings never hold a raw line feed (JSONText escapes it): lines split safely.
      for line in document.dropLast().split(separator: "\n", omittingEmptySubsequences: false) {
        output.write(JSONValue.indent(2) + line + (line == "}" && index < reports.count - 1 ? ",\n" : "\n"))
      }
    }
    output.write(JSONValue.indent(1) + "]\n}\n")
  }
}
