/// The option tables of docs/usage.md (GFM), generated from the declarations; a
/// test keeps the committed copy equal to this text.
enum OptionsMarkdown {
  static func table(_ specs: [OptionSpec]) -> String {
    var lines = ["| option | meaning |", "| --- | --- |"]
    for spec in specs {
      let names =
        (spec.short.map { "`-\($0)`, " } ?? "") + "`--\(spec.name)" + (spec.valueName.map { " \($0)" } ?? "") + "`"
      lines.append("| \(names) | \(cell(sentence(spec) + (spec.seeAlso.map { " See \($0)." } ?? ""))) |")
    }
    return lines.joined(separator: "\n")
  }

  /// The option's help, discussion, default and repetition as sentences,
  /// for the man page and the docs' option tables (which add ``OptionSpec/seeAlso``).
  static func sentence(_ spec: OptionSpec) -> String {
    var text = startsWithValue(spec) ? spec.help : spec.help.prefix(1).uppercased() + spec.help.dropFirst()
    if !text.hasSuffix(".") { text += "." }
    if let discussion = spec.discussion { text += " " + discussion }
    if let value = spec.defaultValue, spec.discussion?.contains("Default") != true { text += " Default: \(value)." }
    if spec.commaList {
      text += " Repeatable; a comma-separated value counts as several."
    } else if spec.repeatable {
      text += " Repeatable."
    }
    return text
  }

  /// Whether the help starts with one of the option's values ("csv, email,
  /// …"), which is written as typed, never capitalized ("Csv").
  static func startsWithValue(_ spec: OptionSpec) -> Bool {
    guard case .choices(let values) = spec.completion else { return false }
    let firstWord = spec.help.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
    return values.contains(String(firstWord))
  }

  /// A GFM table cell: `|` escaped, so it does not end the cell.
  static func cell(_ text: String) -> String {
    text.replacingLiteral("|", with: "\\|")
  }
}
