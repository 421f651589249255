import FoundationEssentials
import PosttimICU
import PosttimReport

/// `posttim-report preview`: one skeleton or pattern across locales
/// (``PreviewOptions`` lists the options). Dates are formatted by the system
/// ICU through ``DateFormatting``, exactly as reports format them.
///
/// Errors: a bad option, locale, zone, skeleton, pattern or date throws
/// ``UsageError`` or ``DateEngineError`` (exit 64); nothing is written.
struct PreviewCommand {
  let arguments: [String]
  let environment: RunEnvironment
  let io: CommandIO

  func execute() throws {
    let commandLine = try PreviewRequest.parser.parse(arguments)
    if commandLine.isSet(ReportOptions.help) {
      try InformationMode.refuseOutput(commandLine, for: "help")
      try io.writeStandardOutput { $0.write(HelpRenderer.preview + "\n") }
      return
    }
    let parsed = try ConfiguredOptions.resolve(
      commandLine, specs: PreviewOptions.all, accepts: PreviewOptions.fromConfigFile.contains,
      environment: environment.variables)
    let request = try PreviewRequest(
      parsed, environment: environment.variables, clock: environment.clock, warn: environment.warn)
    if let path = request.reportPath {
      // Each locale's whole agenda is built, one day of it written: a
      // product written in chunks (measured: 2.0 bytes per byte of list
      // for one locale, 2.7 for three, ulimit -v).
      MemoryReserve.adviseHugePages(forReading: [path])
      let tasks = try TaskInputs(readStandardInput: io.readStandardInput).load(
        [path], locales: request.locales.count, perLocale: MemoryReserve.perLocaleStreamed)
      let agenda = try PreviewAgenda(request, file: path, tasks: tasks, warn: environment.warn)
      try OutputFile.write(
        to: request.destination.paths.first, hook: SignalCleanup(), writeTimeout: request.writeTimeout,
        standard: io.writeReport
      ) {
        agenda.write(request.format, to: &$0)
      }
      return
    }
    let table = try PreviewTable(request)
    try OutputFile.write(
      to: request.destination.paths.first, hook: SignalCleanup(), writeTimeout: request.writeTimeout,
      standard: io.writeReport
    ) {
      table.write(request.format, to: &$0)
    }
  }
}
