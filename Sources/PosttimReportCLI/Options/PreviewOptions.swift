/// `posttim-report preview`'s options. Options both commands take with
/// the same meaning (`--time-zone`, `--skeleton`, `--pattern`, `--output`,
/// `--help`) are declared once, in ``ReportOptions``.
enum PreviewOptions {
  static let formats = ["text", "markdown", "csv", "html"]

  static let locale = Option(
    OptionSpec(
      "locale", short: "l", value: "ID", repeatable: true, default: "LC_ALL, LC_TIME, LANG",
      help: "ICU locale ID or BCP 47 tag; repeatable or comma-separated", group: .locale, commands: .preview))
  static let date = Option(
    OptionSpec(
      "date", value: "DATE-TIME", repeatable: true, default: "now",
      help: "ISO 8601; repeatable. Without Z or an offset it is a wall time in the zone",
      group: .agenda, commands: .preview))
  static let format = Option(
    spec: OptionSpec(
      "format", short: "f", value: "NAME", default: "text", help: "text, markdown, csv or html",
      group: .output, commands: .preview, completion: .choices(formats)),
    convert: OptionValues.choice("preview format", formats))

  /// Every preview option, in help order within each group.
  static let all: [OptionSpec] = [
    format.spec, ReportOptions.output.spec, locale.spec, ReportOptions.timeZone.spec, ReportOptions.skeleton.spec,
    ReportOptions.pattern.spec, date.spec, ReportOptions.help.spec,
  ]
}
