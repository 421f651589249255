/// `posttim-report preview`'s options. Options both commands take with
/// the same meaning (`--time-zone`, `--skeleton`, `--pattern`, `--output`,
/// `--help`) are declared once, in ``ReportOptions``.
enum PreviewOptions {
  static let formats = ["text", "markdown", "csv", "html"]

  static let locale = Option(
    OptionSpec(
      "locale", short: "l", value: "ID", repeatable: true, commaList: true, default: "LC_ALL, LC_TIME, LANG",
      help: "ICU locale ID or BCP 47 tag; repeatable or comma-separated", group: .locale, commands: .preview))
  static let now = Option(
    OptionSpec(
      "now", aliases: ["date"], value: "DATE-TIME", repeatable: true, default: "the clock",
      help: "ISO 8601 instants to format; without Z or an offset, a wall time in the zone",
      discussion: "A wall time the zone skips or repeats gets a warning naming the instant ICU chose. "
        + "--date is an alias.",
      group: .agenda, commands: .preview))
  static let report = Option(
    OptionSpec(
      "report", value: "FILE", help: "show the first agenda day of task list FILE per locale (text or html)",
      discussion: "--skeleton or --pattern then sets the task times.",
      group: .agenda, commands: .preview, completion: .file))
  static let format = Option(
    spec: OptionSpec(
      "format", short: "f", value: "NAME", default: "text", help: "text, markdown, csv or html",
      group: .output, commands: .preview, completion: .choices(formats)),
    convert: OptionValues.choice("preview format", formats))

  /// The config file's settings preview takes: those that mean the same to
  /// it as to a report. Its `format` and `output` are the report's, not a
  /// preview's (a preview must not overwrite the nightly report's file).
  static let fromConfigFile: Set<OptionSpec> = [
    locale.spec, ReportOptions.timeZone.spec, ReportOptions.skeleton.spec, ReportOptions.pattern.spec,
  ]

  /// Every preview option, in help order within each group.
  static let all: [OptionSpec] = [
    format.spec, ReportOptions.output.spec, ReportOptions.writeTimeout.spec, locale.spec, ReportOptions.timeZone.spec,
    ReportOptions.skeleton.spec,
    ReportOptions.pattern.spec, now.spec, report.spec, ReportOptions.config.spec, ReportOptions.help.spec,
  ]
}
