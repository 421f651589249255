import FoundationEssentials
import PosttimICU
import PosttimReport

extension RunPlan {
  /// Resolves and checks every option of a report run, in the order the
  /// errors are reported: output options, presentation, window, mail, then
  /// the inputs, the writer and the output paths.
  /// - Throws: ``UsageError`` (exit 64), ``DateEngineError`` (64),
  ///   ``MailError`` (64), ``TemplateError`` (66, 78), ``ConfigFileError``
  ///   for a config file value (78), ``ICUError`` (70).
  /// - Parameters:
  ///   - messageID: the e-mail's fixed `Message-ID` (a roster reader's,
  ///     the same on a retry); nil for a new one per message.
  ///   - shared: writers already made by earlier plans of this process
  ///     (a roster's readers), reused where the options are alike.
  init(
    resolving options: ParsedOptions, in environment: RunEnvironment, messageID: String? = nil,
    shared: SharedWriters? = nil
  ) throws {
    inputs = options.operands
    // --send only makes sense for a message, so it implies the format.
    let format =
      try options.value(ReportOptions.format) ?? (options.isSet(MailOptions.send) ? "email" : "markdown")
    if options.has(ReportOptions.template.spec), !["markdown", "html"].contains(format) {
      // Both in the config file: 78 at the later line. An unset format is `--send`'s.
      let chosen = options.has(ReportOptions.format.spec) ? ReportOptions.format.spec : MailOptions.send.spec
      throw options.conflict(
        [chosen, ReportOptions.template.spec], "--template applies to the markdown and html formats, not '\(format)'")
    }
    try TaskInputs.checkDistinct(inputs)
    let outputPath = try SharedOptions.outputPath(options)
    var writerOptions = try Self.writerOptions(options)
    // After their values are checked: a bad value is the first thing to fix.
    try Self.checkFormatOptions(options, format: format)
    presentation = try Presentation(resolving: options, resources: writerOptions.resources, in: environment)
    window = try Window(resolving: options, clock: environment.clock, first: presentation.locales[0])
    let mailing = try Mailing(
      resolving: options, format: format, locale: presentation.locales[0].locale,
      timeZone: presentation.locales[0].timeZone, environment: environment.variables, now: window.now)
    var message = mailing.message
    message?.messageID = messageID
    mail = message
    if let mail { writerOptions[EmailReportWriter.Options.self] = mail }
    // Colour and the terminal's width only for a terminal, never for a file.
    let toTerminal = environment.standardOutputIsTerminal && outputPath == nil
    writerOptions.useColor = toTerminal && (environment.variables["NO_COLOR"] ?? "").isEmpty
    if writerOptions.textWidth == nil {
      writerOptions.textWidth = TerminalWidth.detect(environment: environment.variables, outputIsTerminal: toTerminal)
    }

    guard !inputs.isEmpty else {
      throw UsageError("no task list given (name a FILE, or - for stdin)")
    }
    let registry = WriterRegistry.standard
    let sharedWriter = try shared?.writer(
      format: format, options: writerOptions, templateFolder: options.text(ReportOptions.templateDirectory))
    guard let writer = try sharedWriter ?? registry.writer(for: format, options: writerOptions) else {
      throw UsageError("unknown format '\(format)' (available: \(registry.formats.joined(separator: ", ")))")
    }
    // The catalogs the presentation read, and a writer shared with an earlier plan, are within the cap.
    try writerOptions.resources.checkLoaded()
    let written = try Destination.checked(
      outputPath, locales: presentation.locales.map(\.locale), reading: inputs, options: options)
    // The context dump goes where the command line's -o says (written as a
    // report is); never to the config file's `output`, a report's file that
    // a debugging run must not replace with JSON, nor to sendmail.
    let dumpsContext = options.isSet(ReportOptions.dumpContext)
    let dumpDestination: Destination =
      options.origin(of: ReportOptions.output.spec) == .commandLine ? written : .standardOutput
    let destination =
      dumpsContext
      ? dumpDestination : mailing.sendmail.map { .sendmail(program: $0, timeout: mailing.sendTimeout) } ?? written
    output = Output(
      format: format,
      product: dumpsContext
        ? .templateContext(showDetails: writerOptions.showsDetails(byDefault: format != "email")) : .report(writer),
      destination: destination, skipsEmpty: !dumpsContext && mailing.skipsEmpty,
      writeTimeout: try options.value(ReportOptions.writeTimeout) ?? WriteWait.defaultSeconds)
  }
}
