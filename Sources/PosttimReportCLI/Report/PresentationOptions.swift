import PosttimReport

/// `--details`, `--no-details` and `--width N`: how much a report shows
/// and how wide a terminal report may be.
enum PresentationOptions {
  /// Sets ``WriterOptions/showDetails`` and ``WriterOptions/textWidth``.
  /// - Throws: `UsageError` for both `--details` and `--no-details`, or a
  ///   width that is not a whole number from 20 to 1000.
  static func apply(_ parsed: ParsedOptions, to options: inout WriterOptions) throws {
    switch (parsed.isSet(ReportOptions.details), parsed.isSet(ReportOptions.noDetails)) {
    case (true, true): throw UsageError("use --details or --no-details, not both")
    case (true, false): options.showDetails = true
    case (false, true): options.showDetails = false
    case (false, false): break
    }
    if let width = try parsed.value(ReportOptions.width) { options.textWidth = width }
  }
}
