import PosttimReport

/// Writers shared by the run plans of one process (a roster's readers):
/// an e-mail writer's text and HTML writers, whose templates take longer
/// to parse than a short agenda takes to write, are made once per set of
/// part options and addressed anew for each plan.
final class SharedWriters {
  private var email: [String: EmailReportWriter] = [:]

  /// The writer for `format` with `options`, made or reused; nil for a
  /// format this does not share (every format but e-mail).
  /// - Parameter templateFolder: `--template-dir` as given (the
  ///   resources `options` holds come from it).
  func writer(format: String, options: WriterOptions, templateFolder: String?) throws -> (any ReportWriter)? {
    // A --template layout is not keyed: its plans make their own writers.
    guard format == "email", let mail = options[EmailReportWriter.Options.self],
      options[TemplateReportWriter.Options.self]?.layout == nil
    else { return nil }
    let key = [
      templateFolder ?? "", options.showDetails.map { "\($0)" } ?? "", options.textWidth.map { "\($0)" } ?? "",
      "\(options.useColor)",
    ].joined(separator: "\u{0}")
    if let writer = email[key] { return writer.addressed(mail) }
    let writer = try EmailReportWriter(options: options)
    email[key] = writer
    return writer
  }
}
