import Foundation
import PosttimICU
import PosttimReport
import PosttimTemplating
import Synchronization

/// The `posttim-report` command, runnable in-process: arguments,
/// environment and streams are injected, and the exit status is returned.
public struct ReportCommand {
  let arguments: [String]
  let environment: [String: String]
  let io: CommandIO
  let clock: @Sendable () -> Date
  /// Prints a warning once per run: catalog fallbacks repeat for every section.
  let warn: @Sendable (String) -> Void

  static let parser = ArgumentParser(specs: ReportOptions.all)

  /// Whether the process exits right after ``run()`` (the executable sets
  /// it). The loaded tasks and the report built from them are then left
  /// for the kernel to take back at exit instead of being freed value by
  /// value, which took 0.1 s of a 100k-task run and more at 1M.
  public var exitsAfterRun = false

  public init(
    arguments: [String], environment: [String: String], io: CommandIO = .process,
    clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.arguments = arguments
    self.environment = environment
    self.io = io
    self.clock = clock
    let seen = Mutex<Set<String>>([])
    self.warn = { [io] message in
      guard seen.withLock({ $0.insert(message).inserted }) else { return }
      io.writeError("posttim-report: warning: " + message)
    }
  }

  /// Runs the command; every failure becomes a message on stderr and a
  /// documented exit status (README, "Exit status"), never a crash.
  public func run() -> ExitCode {
    do {
      try execute()
      return .success
    } catch {
      let (code, message) = Self.describe(error)
      // Several bad inputs: one error line each. A template error's caret
      // lines follow its first line as they are.
      let messages = (error as? InputErrors)?.errors.map(\.description) ?? [message]
      for message in messages {
        io.writeError("posttim-report: error: " + Self.printable(message, lines: error is TemplateError))
      }
      if code == .usage {
        let preview = arguments.first == "preview"
        io.writeError(preview ? HelpRenderer.previewUsage : HelpRenderer.usage)
        io.writeError("See 'posttim-report \(preview ? "preview " : "")--help' for more information.")
      }
      return code
    }
  }

  /// A message as it reaches stderr: every echoed value (a path, an
  /// option's value, text from an input) through the loader's one
  /// sanitizer, so control characters show escaped and the message stays
  /// one line; a template error keeps its caret lines (`lines`).
  static func printable(_ message: String, lines: Bool) -> String {
    guard lines else { return TaskListError.printable(message, limit: .max) }
    return message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TaskListError.printable(String($0), limit: .max) }.joined(separator: "\n")
  }

  /// The one place that maps an error to its exit status and message.
  static func describe(_ error: Error) -> (ExitCode, String) {
    switch error {
    case let error as UsageError: return (.usage, error.message)
    case let error as DateEngineError: return (.usage, CLIWords.replacing(in: error.description))
    case let error as TaskListError:
      return (error.kind == .notFound ? .noInput : .dataError, error.description)
    case let error as InputErrors: return (describe(error.errors[0]).0, error.description)
    case let error as TemplateError:
      return (error.kind == .notFound ? .noInput : .configuration, error.description)
    case let error as OutputError:
      return (error.kind == .cannotCreate ? .cannotCreate : .ioError, error.description)
    case let error as ConfigFileError: return (.configuration, error.description)
    case let error as ICUError: return (.software, error.description)
    case let error as MailError: return (.usage, error.description)
    case let error as SendmailDelivery.Failure: return (.unavailable, CLIWords.replacing(in: error.description))
    default: return (.software, "internal error: \(error)")
    }
  }

  func execute() throws {
    if arguments.first == "preview" {
      return try PreviewCommand(
        arguments: Array(arguments.dropFirst()), environment: environment, io: io, clock: clock, warn: warn
      ).execute()
    }
    let commandLine = try Self.parser.parse(arguments)
    if commandLine.isSet(ReportOptions.help) {
      try io.writeStandardOutput { $0.write(HelpRenderer.report + "\n") }
      return
    }
    if commandLine.isSet(ReportOptions.version) {
      try io.writeStandardOutput { $0.write(Self.versionText(environment: environment) + "\n") }
      return
    }
    if commandLine.isSet(ReportOptions.generateManPage) {
      try io.writeStandardOutput { $0.write(ManPage.text) }
      return
    }
    if let shell = try commandLine.value(ReportOptions.generateCompletionScript) {
      try io.writeStandardOutput { $0.write(CompletionScript.text(for: shell)) }
      return
    }
    let parsed = try withConfigFile(commandLine, specs: ReportOptions.all)
    let registry = WriterRegistry.standard
    if parsed.isSet(ReportOptions.listFormats) {
      let lines = registry.formats.map { "\(DisplayWidth.padded($0, to: 10)) \(registry.summary(of: $0) ?? "")" }
      try io.writeStandardOutput { $0.write(lines.joined(separator: "\n") + "\n") }
      return
    }
    let configuration = try RunConfiguration(parsed, environment: environment, clock: clock, warn: warn)
    var options = configuration.writerOptions
    let mail = try MailRequest(
      parsed, format: configuration.format, locale: configuration.settings.locale, environment: environment,
      now: configuration.now)
    if let envelope = mail.settings {
      options[EmailReportWriter.Options.self] = .init(envelope: envelope, subject: mail.subjectPattern)
    }
    options.useColor =
      io.standardOutputIsTerminal && configuration.outputPath == nil
      && (environment["NO_COLOR"] ?? "").isEmpty
    if options.textWidth == nil {
      options.textWidth = TerminalWidth.detect(
        environment: environment, outputIsTerminal: io.standardOutputIsTerminal && configuration.outputPath == nil)
    }
    if parsed.isSet(ReportOptions.listLocales) {
      let text = LocaleListing(resources: options.resources).text(
        for: parsed.has(ReportOptions.locale.spec) ? configuration.settings.locale : nil)
      try io.writeStandardOutput { $0.write(text) }
      return
    }
    guard !configuration.inputs.isEmpty else {
      throw UsageError("no task list given (name a FILE, or - for stdin)")
    }
    let format = configuration.format
    guard let writer = try registry.writer(for: format, options: options) else {
      throw UsageError("unknown format '\(format)' (available: \(registry.formats.joined(separator: ", ")))")
    }
    try checkOutputIsNotAnInput(configuration)

    var tasks = try loadInputs(configuration.inputs)
    // One agenda for every locale: grouping, week starts and collation
    // tie-breaks follow the first locale, so every locale lists the same
    // tasks in the same order (README "Several locales in one run").
    let calendar = try DayCalendar(timeZone: configuration.settings.timeZone, locale: configuration.settings.locale)
    let agendaOptions = try configuration.agendaOptions(in: calendar)
    let collator = try ICUCollator(locale: configuration.settings.locale)
    let agenda = AgendaBuilder(calendar: calendar, collator: collator).build(moving: &tasks, options: agendaOptions)
    var presenters: [ReportPresenter] = []
    for settings in configuration.settingsPerLocale {
      let catalog = MessageCatalog(locale: settings.locale, resources: options.resources, warn: warn)
      let localCalendar =
        presenters.isEmpty ? calendar : try DayCalendar(timeZone: settings.timeZone, locale: settings.locale)
      presenters.append(try ReportPresenter(settings: settings, calendar: localCalendar, catalog: catalog))
    }
    let views = presenters.map { $0.view(of: agenda) }
    defer { if exitsAfterRun { KeptUntilExit.keep((tasks, agenda, views)) } }
    if parsed.isSet(ReportOptions.dumpContext) {
      let contexts = views.map {
        $0.templateContext(showDetails: options.showsDetails(byDefault: format != "email")).jsonText()
      }
      let text = contexts.count == 1 ? contexts[0] : "[\n" + contexts.joined(separator: ",\n") + "\n]"
      try io.writeStandardOutput { $0.write(text + "\n") }
      return
    }

    if mail.skipEmpty && views[0].taskCount == 0 { return }
    if mail.send { return try send(views, writer: writer, sendmail: mail.sendmailPath) }
    // With {locale}, one file per locale (each atomic); else one output for all.
    let paths = configuration.outputPaths
    for (index, path) in paths.enumerated() {
      let group = paths.count == 1 ? views : [views[index]]
      try OutputFile.write(to: path, hook: SignalCleanup(), standard: io.writeStandardOutput) {
        try writer.write(group, to: &$0)
        // Values that failed were left blank: fail before the file is committed.
        if let failure = presenters.lazy.compactMap(\.firstFailure).first ?? collator.firstFailure { throw failure }
      }
    }
  }

  /// The command line over the config file (``ConfigFile``): `--config
  /// FILE`, else the user's default file when it exists.
  func withConfigFile(
    _ commandLine: ParsedOptions, specs: [OptionSpec], accepts: (OptionSpec) -> Bool = { _ in true }
  ) throws -> ParsedOptions {
    let explicit = try commandLine.value(ReportOptions.config)
    if let explicit, !FileManager.default.fileExists(atPath: explicit) {
      throw ConfigFileError(path: explicit, line: 0, column: 0, message: "config file not found")
    }
    guard let path = ConfigFile.location(explicit: explicit, environment: environment) else { return commandLine }
    return commandLine.overriding(try ConfigFile(path: path, specs: specs, accepts: accepts).options)
  }

  /// Reads every input before writing anything, and reports every bad one.
  func loadInputs(_ paths: [String]) throws -> [TaskEntry] {
    let loader = TaskListLoader(readStandardInput: io.readStandardInput)
    var tasks: [TaskEntry] = []
    var errors: [TaskListError] = []
    for path in paths {
      do {
        let loaded = try loader.load(path)
        // Moved, not appended: appending copied every task.
        tasks = TaskEntry.joined(consume tasks, loaded)
      } catch {
        errors.append(error)
      }
    }
    if errors.count == 1 { throw errors[0] }
    if !errors.isEmpty { throw InputErrors(errors: errors) }
    return tasks
  }

  /// `-o` naming one of the inputs would replace the user's task list.
  func checkOutputIsNotAnInput(_ configuration: RunConfiguration) throws {
    for case let output? in configuration.outputPaths { try checkOutput(output, isNotIn: configuration.inputs) }
  }

  func checkOutput(_ output: String, isNotIn inputs: [String]) throws {
    guard output != "-", let outputID = FileIdentity(path: output) else { return }
    for input in inputs {
      let inputID = input == "-" ? FileIdentity.standardInput : FileIdentity(path: input)
      if inputID == outputID {
        let name = input == "-" ? "standard input" : "the input '\(input)'"
        throw UsageError("output '\(output)' is \(name); refusing to overwrite a task list")
      }
    }
  }

  /// `posttim-report 0.1.0 (ICU 72.1, CLDR 42.0, tz data 2025b from
  /// /usr/share/zoneinfo; ICU's own 2022e)`: the system tz database dates
  /// follow (``SystemTimeZoneData``), and ICU's own, used where the system
  /// has no zone.
  static func versionText(environment: [String: String]) -> String {
    let system = SystemTimeZoneData.named(by: environment)
    let timeZoneData =
      system.version.map { "\($0) from \(system.directory); ICU's own \(ICUVersions.timeZoneData)" }
      ?? "of unknown version from \(system.directory); ICU's own \(ICUVersions.timeZoneData)"
    return "posttim-report \(PosttimReportVersion.current) (ICU \(ICUVersions.icu), CLDR \(ICUVersions.cldr), "
      + "tz data \(timeZoneData))"
  }
}

/// Several inputs failed: one line each, exit status of the first.
struct InputErrors: Error, CustomStringConvertible {
  let errors: [TaskListError]
  var description: String {
    errors.map(\.description).joined(separator: "; ")
  }
}
