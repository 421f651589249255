extension RunPlan {
  /// The options only some formats read, and those formats: the email's
  /// text part is laid out to `--width` too.
  static let formatOptions: [(spec: OptionSpec, formats: [String])] = [
    (ReportOptions.csvDelimiter.spec, ["csv"]), (ReportOptions.csvByteOrderMark.spec, ["csv"]),
    (ReportOptions.csvRawFormulas.spec, ["csv"]), (ReportOptions.width.spec, ["text", "email"]),
  ]

  /// A format's own option given on the command line with another format
  /// is a mistake (64), as `--remind` is: silently ignored, `-f markdown
  /// --csv-bom` looked as if it had done something. A config file sets
  /// options for several formats, so its values are left to the format
  /// that reads them.
  static func checkFormatOptions(_ options: ParsedOptions, format: String) throws {
    for (spec, formats) in formatOptions
    where options.has(spec) && options.origin(of: spec) == .commandLine && !formats.contains(format) {
      let names = formats.map { "--format \($0)" }.joined(separator: " and ")
      throw UsageError("--\(spec.name) applies to \(names), not '\(format)'")
    }
  }
}
