import FoundationEssentials
import Glibc
import PosttimICU
import PosttimReport

/// `posttim-report roster ROSTER.csv [--send | -o DIR]` (docs/roster.md):
/// each reader's agenda, in the reader's language and zone, once a day
/// from the reader's local hour.
///
/// The whole roster is checked first: its CSV and columns, and every
/// row's options resolved into a ``RunPlan`` by the report's resolver; a
/// bad roster is refused whole (``RosterErrors``) before anything is
/// sent. Then each due reader of the shard, one at a time, goes through
/// the report's pipeline and is recorded in the journal. One reader's
/// failure is its result line; the run ends with exit 75 when any failed.
struct RosterCommand {
  let arguments: [String]
  let environment: RunEnvironment
  let io: CommandIO

  func execute() throws {
    let commandLine = try RosterOptions.parser.parse(arguments)
    if commandLine.isSet(ReportOptions.help) {
      try InformationMode.refuseOutput(commandLine, for: "help")
      try io.writeStandardOutput { $0.write(HelpRenderer.roster + "\n") }
      return
    }
    let options = try ConfiguredOptions.resolve(
      commandLine, specs: ReportOptions.all, accepts: { !RosterOptions.notFromConfig.contains($0.name) },
      environment: environment.variables)
    let request = try RosterRequest(options, environment: environment.variables)
    MemoryReserve.adviseHugePages()
    // One instant for every reader: the due checks and the agendas agree.
    // It and the other roster-wide values are checked once, before any row.
    let now = try RosterWideOptions.check(options, environment: environment)
    if case .folder(let folder) = request.delivery { try Self.checkFolder(folder) }
    let roster = try RosterFile(path: request.rosterPath)
    // Each reader's list and template folder, before the check warns a row.
    try RosterStreamCheck.check(roster, request: request)
    let pinned = RunEnvironment(
      variables: environment.variables, clock: { now }, standardOutputIsTerminal: false, warn: environment.warn)
    // E-mail writers made once per set of part options, for every reader.
    let shared = SharedWriters()
    let warnings = RosterWarnings(pinned, quiet: request.quiet)
    let schedule = try RosterSchedule(roster: roster, request: request, warnings: warnings, shared: shared)
    if case .folder(let folder) = request.delivery { try RosterOutputCheck.check(roster, folder: folder) }
    // The roster, config file and templates read so far.
    try StandardStreamCheck.check(reading: [])
    try StandardStreamCheck.check(stateFolder: request.stateFolder)
    let journalName = request.journalName(roster: roster.name)
    let journal: RosterJournal
    let others: [RosterJournal.Entry]
    do {
      journal = try RosterJournal(
        folder: request.stateFolder, name: journalName, roster: roster.identity, lock: roster.name + ".lock",
        split: request.shard.count)
      others = try RosterJournal.others(
        in: request.stateFolder, roster: roster.name, identity: roster.identity, own: journalName)
    }
    if journal.isNew && others.isEmpty {
      io.writeError(
        "posttim-report: note: no journal in \(request.stateFolder) yet: every due reader counts as not yet served")
    }
    let run = RosterRun(
      request: request, environment: pinned, warnings: warnings, io: io, journal: journal,
      delivered: RosterDelivered(others),
      context: RosterMessageMaker.Context(shared: shared))
    var tally = try run.handle(schedule.entries, roster: roster)
    let scope = request.shard == .all ? "roster" : "roster (shard \(request.shard))"
    if !request.quiet { tally.print("\(scope): \(tally.summary(delivery: request.delivery))\n", io: io) }
    if let unprinted = tally.unprinted { throw unprinted }
    if tally.failed > 0 { throw RosterIncomplete(failed: tally.failed) }
  }

  /// `-o DIR` must name a folder that exists, reached through no other
  /// user's link (as every path written: ``OutputTarget``).
  static func checkFolder(_ folder: String) throws {
    // What the walk reached, not the path again (each ID.eml is walked
    // again by OutputFile).
    let walked: WalkedPath
    do throws(ProtectedLinkWalk.Refusal) {
      walked = try ProtectedLinkWalk.walk(folder, rule: .callerOrRoot)
    } catch {
      throw OutputError(.cannotCreate, path: folder, reason: error.reason)
    }
    defer { walked.closeDescriptor() }
    guard let info = walked.info else {
      throw OutputError(.cannotCreate, path: folder, reason: "-o names no existing folder")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw OutputError(
        .cannotCreate, path: folder, reason: "-o names a file, not a folder (ID.eml files go in a folder)")
    }
  }
}

/// Some due readers failed; the others were delivered (exit 75: the next
/// run retries the failed ones).
struct RosterIncomplete: Error, CustomStringConvertible {
  let failed: Int
  var description: String {
    "\(failed) reader\(failed == 1 ? "" : "s") failed (named above); the next run retries \(failed == 1 ? "it" : "them")"
  }
}
