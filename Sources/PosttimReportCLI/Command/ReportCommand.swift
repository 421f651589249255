import FoundationEssentials
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
  /// An argument or variable that is not UTF-8 (``UndecodableInput``):
  /// the run stops with it before anything is read or written.
  var refusal: UsageError?

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
  /// documented exit status (docs/usage.md, "Exit status"), never a crash.
  public func run() -> ExitCode {
    do {
      try execute()
      return .success
    } catch {
      let (code, message) = Self.describe(error)
      // A command line that does not parse names its files all the same.
      StandardStreamCheck.silenceError(ifNamedIn: arguments)
      // Several bad inputs or config lines: one error line each. A
      // template error's caret lines follow its first line as they are.
      let messages = (error as? any SeveralErrors)?.lines ?? [message]
      for message in messages {
        io.writeError("posttim-report: error: " + Self.printable(message, lines: error is TemplateError))
      }
      if code == .usage {
        let usages = ["preview": HelpRenderer.previewUsage, "roster": HelpRenderer.rosterUsage]
        let command = arguments.first.flatMap { usages[$0] == nil ? nil : $0 }
        io.writeError(command.flatMap { usages[$0] } ?? HelpRenderer.usage)
        io.writeError("See 'posttim-report \(command.map { $0 + " " } ?? "")--help' for more information.")
      }
      return code
    }
  }

  /// A message as it reaches stderr: every echoed value (a path, an
  /// option's value, text from an input) through the loader's one
  /// sanitizer, so control characters show escaped and the message stays
  /// one line; a template error keeps its caret lines (`lines`). A line
  /// of more than ``messageLimit`` characters is cut in the middle: a
  /// 50 MB option value must not come back whole in a cron mail, and the
  /// line's end says why (`…: cannot be read (File name too long)`).
  static func printable(_ message: String, lines: Bool) -> String {
    guard lines else { return TerminalText.echo(message, keepingEndPast: messageLimit) }
    return message.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TerminalText.echo(String($0), keepingEndPast: messageLimit) }.joined(separator: "\n")
  }

  /// The longest line of an error message, in characters.
  static let messageLimit = 1_000

  /// The one place that maps an error to its exit status and message.
  static func describe(_ error: Error) -> (ExitCode, String) {
    switch error {
    case let error as UsageError: return (.usage, error.message)
    case let error as DateEngineError:
      if error.isFileFault { return (.osFile, CLIWords.replacing(in: error.description)) }
      return (.usage, CLIWords.replacing(in: error.description))
    case let error as TaskListError:
      return ([.notFound: .noInput, .systemLimit: .osError][error.kind] ?? .dataError, error.description)
    case let error as InputErrors: return (describe(error.errors[0]).0, error.description)
    case let error as TemplateError:
      return (error.kind == .notFound ? .noInput : .configuration, error.description)
    case let error as OutputError:
      return (error.kind == .cannotCreate ? .cannotCreate : .ioError, CLIWords.replacing(in: error.description))
    case let error as ConfigFileError: return (.configuration, error.description)
    case let error as ConfigFileErrors: return (.configuration, error.description)
    case let error as ICUError: return (.software, error.description)
    case let error as MailError: return (.usage, error.description)
    case let error as SendmailDelivery.Failure:
      let code =
        [.timedOut: .temporaryFailure, .systemLimit: .osError, .fileSizeLimit: .ioError][error.kind]
        ?? ExitCode.unavailable
      return (code, CLIWords.replacing(in: error.description))
    case let error as SystemLimitError: return (.osError, error.description)
    case let error as RosterError: return (error.exitCode, error.description)
    case let error as RosterErrors: return (error.exitCode, error.description)
    case let error as RosterJournal.Failure: return (error.exitCode, error.description)
    case let error as RosterIncomplete: return (.temporaryFailure, error.description)
    case let error as RosterListMemory.Refusal: return (.osError, error.description)
    default: return (.software, "internal error: \(error)")
    }
  }

  /// The tool: `preview`, `roster`, or an information mode, or one report
  /// run through the pipeline (``RunPlan``, ``ReportPipeline``).
  func execute() throws {
    if let refusal { throw refusal }
    try DescriptorReserve.check()
    if arguments.first == "preview" {
      return try PreviewCommand(arguments: Array(arguments.dropFirst()), environment: runEnvironment, io: io).execute()
    }
    if arguments.first == "roster" {
      return try RosterCommand(arguments: Array(arguments.dropFirst()), environment: runEnvironment, io: io).execute()
    }
    let commandLine = try Self.parser.parse(arguments)
    // Before a warning could be written into a list that is standard error.
    try StandardStreamCheck.check(reading: commandLine.operands)
    if let mode = try InformationMode.requested(byCommandLine: commandLine) { return try inform(mode) }
    let options = try ConfiguredOptions.resolve(commandLine, specs: ReportOptions.all, environment: environment)
    if let mode = try InformationMode.requested(by: options, in: runEnvironment) { return try inform(mode) }
    let plan = try RunPlan(resolving: options, in: runEnvironment)
    try StandardStreamCheck.check(reading: plan.inputs)
    if case .filePerLocale(let paths) = plan.output.destination {
      try DescriptorReserve.check(filesPerLocale: paths.count)
    }
    do {
      try ReportPipeline(plan: plan, io: io, warn: warn, keepsUntilExit: exitsAfterRun).run()
    } catch {
      throw CommandSuggestion.adding(to: error, firstArgument: arguments.first)
    }
  }

  func inform(_ mode: InformationMode) throws {
    let text = mode.text(environment: environment)
    // `--list-locales` has read the catalogs of its template folder.
    try StandardStreamCheck.check(reading: [])
    try io.writeStandardOutput { $0.write(text) }
    if let failure = mode.failure { throw failure }
  }

  var runEnvironment: RunEnvironment {
    RunEnvironment(
      variables: environment, clock: clock, standardOutputIsTerminal: io.standardOutputIsTerminal, warn: warn)
  }
}
