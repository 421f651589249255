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

  static let parser = ArgumentParser(options: [
    .init(name: "format", short: "f", takesValue: true, repeatable: false),
    .init(name: "output", short: "o", takesValue: true, repeatable: false),
    .init(name: "template-dir", short: nil, takesValue: true, repeatable: false),
    .init(name: "list-formats", short: nil, takesValue: false, repeatable: false),
    .init(name: "template", short: nil, takesValue: true, repeatable: false),
    .init(name: "dump-context", short: nil, takesValue: false, repeatable: false),
    .init(name: "list-locales", short: nil, takesValue: false, repeatable: false),
    .init(name: "csv-delimiter", short: nil, takesValue: true, repeatable: false),
    .init(name: "csv-bom", short: nil, takesValue: false, repeatable: false),
    .init(name: "csv-raw-formulas", short: nil, takesValue: false, repeatable: false),
    .init(name: "locale", short: "l", takesValue: true, repeatable: false),
    .init(name: "time-zone", short: "z", takesValue: true, repeatable: false),
    .init(name: "skeleton", short: nil, takesValue: true, repeatable: false),
    .init(name: "pattern", short: nil, takesValue: true, repeatable: false),
    .init(name: "day-skeleton", short: nil, takesValue: true, repeatable: false),
    .init(name: "day-pattern", short: nil, takesValue: true, repeatable: false),
    .init(name: "no-relative", short: nil, takesValue: false, repeatable: false),
    .init(name: "now", short: nil, takesValue: true, repeatable: false),
    .init(name: "from", short: nil, takesValue: true, repeatable: false),
    .init(name: "to", short: nil, takesValue: true, repeatable: false),
    .init(name: "days", short: nil, takesValue: true, repeatable: false),
    .init(name: "min-importance", short: nil, takesValue: true, repeatable: false),
    .init(name: "group-by", short: nil, takesValue: true, repeatable: false),
    .init(name: "help", short: "h", takesValue: false, repeatable: false),
    .init(name: "version", short: nil, takesValue: false, repeatable: false),
  ])

  public init(
    arguments: [String], environment: [String: String], io: CommandIO = .process,
    clock: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.arguments = arguments
    self.environment = environment
    self.io = io
    self.clock = clock
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
      for message in messages { io.writeError("posttim-report: error: " + Self.printable(message, lines: error is TemplateError)) }
      if code == .usage {
        let preview = arguments.first == "preview"
        io.writeError(preview ? HelpText.previewUsage : HelpText.usage)
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
    case let error as DateEngineError: return (.usage, error.description)
    case let error as TaskListError:
      return (error.kind == .notFound ? .noInput : .dataError, error.description)
    case let error as InputErrors: return (describe(error.errors[0]).0, error.description)
    case let error as TemplateError:
      return (error.kind == .notFound ? .noInput : .configuration, error.description)
    case let error as OutputError:
      return (error.kind == .cannotCreate ? .cannotCreate : .ioError, error.description)
    case let error as ICUError: return (.software, error.description)
    default: return (.software, "internal error: \(error)")
    }
  }

  func execute() throws {
    if arguments.first == "preview" {
      return try PreviewCommand(
        arguments: Array(arguments.dropFirst()), environment: environment, io: io, clock: clock, warn: warn
      ).execute()
    }
    let parsed = try Self.parser.parse(arguments)
    if parsed.has("help") {
      try io.writeStandardOutput { $0.write(HelpText.full + "\n") }
      return
    }
    if parsed.has("version") {
      try io.writeStandardOutput { $0.write(Self.versionText + "\n") }
      return
    }
    let registry = WriterRegistry.standard
    if parsed.has("list-formats") {
      let lines = registry.formats.map { "\(DisplayWidth.padded($0, to: 10)) \(registry.summary(of: $0) ?? "")" }
      try io.writeStandardOutput { $0.write(lines.joined(separator: "\n") + "\n") }
      return
    }
    let warn = self.warn
    let configuration = try RunConfiguration(parsed, environment: environment, clock: clock, warn: warn)
    var options = configuration.writerOptions
    options.useColor = io.standardOutputIsTerminal && configuration.outputPath == nil
      && (environment["NO_COLOR"] ?? "").isEmpty
    if parsed.has("list-locales") {
      let text = LocaleListing(resources: options.resources).text(
        for: parsed.value("locale") == nil ? nil : configuration.settings.locale)
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

    let tasks = try loadInputs(configuration.inputs)
    let calendar = try DayCalendar(timeZone: configuration.settings.timeZone, locale: configuration.settings.locale)
    let agendaOptions = try configuration.agendaOptions(in: calendar)
    let collator = try ICUCollator(locale: configuration.settings.locale)
    let agenda = AgendaBuilder(calendar: calendar, collator: collator).build(tasks, options: agendaOptions)
    let catalog = MessageCatalog(
      locale: configuration.settings.locale, resources: options.resources, warn: warn)
    let presenter = try ReportPresenter(settings: configuration.settings, calendar: calendar, catalog: catalog)
    let view = presenter.view(of: agenda)
    if parsed.has("dump-context") {
      try io.writeStandardOutput { $0.write(view.templateContext.jsonText() + "\n") }
      return
    }

    try OutputFile.write(to: configuration.outputPath, standard: io.writeStandardOutput) {
      try writer.write(view, to: &$0)
    }
  }

  /// Reads every input before writing anything, and reports every bad one.
  func loadInputs(_ paths: [String]) throws -> [TaskEntry] {
    let loader = TaskListLoader(readStandardInput: io.readStandardInput)
    var tasks: [TaskEntry] = []
    var errors: [TaskListError] = []
    for path in paths {
      do {
        tasks += try loader.load(path)
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
    guard let output = configuration.outputPath, output != "-",
      let outputID = FileIdentity(path: output)
    else { return }
    for input in configuration.inputs {
      let inputID = input == "-" ? FileIdentity.standardInput : FileIdentity(path: input)
      if inputID == outputID {
        let name = input == "-" ? "standard input" : "the input '\(input)'"
        throw UsageError("output '\(output)' is \(name); refusing to overwrite a task list")
      }
    }
  }

  /// Prints a warning once: catalog fallbacks repeat for every section.
  var warn: @Sendable (String) -> Void {
    let seen = Mutex<Set<String>>([])
    return { [io] message in
      guard seen.withLock({ $0.insert(message).inserted }) else { return }
      io.writeError("posttim-report: warning: " + message)
    }
  }

  /// `posttim-report 0.1.0 (ICU 72.1, CLDR 42.0, tz data 2025b from
  /// /usr/share/zoneinfo; ICU's own 2022e)`: the system tz database dates
  /// follow (``SystemTimeZoneData``), and ICU's own, used where the system
  /// has no zone.
  static var versionText: String {
    let system = SystemTimeZoneData.shared
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
