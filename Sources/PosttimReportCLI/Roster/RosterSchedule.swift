import FoundationEssentials
import Glibc
import PosttimICU
import PosttimReport
import PosttimTemplating

/// The roster checked whole: every row's options resolved into a run plan
/// (and dropped: a plan holds its writer), and for each reader of the
/// shard its zone, local date, whether it is due, and its Message-ID's
/// domain. Zones and domains are shared between entries, and a
/// Message-ID is made when it is used: a long roster keeps a few words a
/// reader.
struct RosterSchedule {
  struct Entry: Sendable {
    /// The reader's index in the roster.
    let index: Int
    let zone: TimeZoneIdentifier
    let due: RosterDue
    /// The Message-ID's right side, before its check (``MessageID/derived(key:day:domain:scope:)``).
    let domain: String

    /// The Message-ID of the reader's mail, derived from its ID, local date
    /// and the roster its journal names (``RosterJournal/scope``).
    func messageID(id: String, scope: String?) -> String {
      MessageID.derived(key: id, day: due.localDate.iso8601, domain: domain, scope: scope)
    }
  }

  /// The shard's readers, in roster order.
  let entries: [Entry]

  /// - Throws: ``RosterErrors`` naming every bad row, in row order: those
  ///   the file refused (``RosterFile/refusedRows``) and those whose options
  ///   do not resolve, with the first one's exit status (65 for a cell, 64
  ///   or 78 for a command-line or config-file value no row can use).
  init(roster: RosterFile, request: RosterRequest, warnings: RosterWarnings, shared: SharedWriters) throws {
    var entries: [Entry] = []
    var errors: [RosterError] = []
    var calendars: [TimeZoneIdentifier: (zone: TimeZoneIdentifier, calendar: DayCalendar)] = [:]
    var domains: Set<String> = []
    for (index, reader) in roster.readers.enumerated() {
      do {
        let plan = try Self.plan(for: reader, roster: roster, request: request, warnings: warnings, shared: shared)
        guard request.shard.contains(id: reader.id) else { continue }
        Self.checkList(reader, delivery: request.delivery, warnings: warnings)
        let planned = plan.presentation.locales[0].timeZone
        let (zone, calendar) = try calendars[planned] ?? (planned, DayCalendar(timeZone: planned))
        calendars[zone] = (zone, calendar)
        let due = RosterDue(now: plan.window.now, calendar: calendar, at: reader.at)
        let domain = domains.insert(plan.mail?.envelope.messageIDDomain ?? "localhost").memberAfterInsert
        entries.append(Entry(index: index, zone: zone, due: due, domain: domain))
      } catch let error as RosterError {
        errors.append(error)
      } catch {
        var (code, message) = ReportCommand.describe(error)
        if let usage = error as? UsageError, usage == RunPlan.noRecipient { message = Self.noRecipient }
        if code == .usage, Self.cellsCause(reader, roster: roster, request: request, warnings: warnings, shared: shared)
        {
          code = .dataError
        }
        errors.append(RosterError(exitCode: code, path: roster.path, row: reader.row, column: nil, message: message))
      }
    }
    // A value of the command line or config file no row can use is one
    // error, not one a row: the roster-wide options alone fail the same way.
    if !errors.isEmpty, let wide = Self.rosterWideError(request: request, warnings: warnings, shared: shared),
      errors.contains(where: { $0.column == nil && $0.message == ReportCommand.describe(wide).1 })
    {
      throw wide
    }
    if !errors.isEmpty || !roster.refusedRows.isEmpty {
      // One error a row at most: the order is the rows'.
      throw RosterErrors(errors: (roster.refusedRows + errors).sorted { $0.row < $1.row })
    }
    self.entries = entries
  }

  /// The reader's run plan. A template folder of the reader's own cell
  /// whose files cannot be used (another user's link, a template that does
  /// not parse) fails that reader alone when it is due, as a list that is
  /// not there does, since whoever owns that folder must not stop the
  /// others: the check names it (for the shard's readers), and the reader
  /// is scheduled by its plan without that folder.
  static func plan(
    for reader: RosterReader, roster: RosterFile, request: RosterRequest, warnings: RosterWarnings,
    shared: SharedWriters
  ) throws -> RunPlan {
    var options = request.options(for: reader, in: roster)
    // A list linked to a reader's DIR/ID.eml fails its reader alone when
    // the message is made (RosterOutputCheck): resolved here for the zone
    // and domain, the list stands aside so that no clash refuses the roster.
    if case .folder(let output) = request.delivery,
      RosterOutputCheck.listRefusal(reader, folder: output, roster: roster) != nil
    {
      options.operands = ["/dev/null"]
    }
    // The shard's readers' warnings only: every shard checks the whole
    // roster, and would each say the others' (N copies in a cron mail).
    let environment = request.shard.contains(id: reader.id) ? warnings.environment(for: reader) : warnings.silent
    let folder = ReportOptions.templateDirectory.spec
    func withoutFolder(_ reason: String) throws -> RunPlan {
      environment.warn(
        "column 'template-dir': \(ReportCommand.printable(reason, lines: false)); this reader fails until it is fixed, "
          + "the others are \(request.delivery.verb)")
      return try RunPlan(resolving: options.without(folder), in: environment, shared: shared)
    }
    do {
      return try RunPlan(resolving: options, in: environment, shared: shared)
    } catch let error as TemplateError {
      guard case .roster = options.origin(of: folder) else { throw error }
      return try withoutFolder(ReportCommand.describe(error).1)
    } catch let error as RosterError where error.column == folder.name {
      // The cell's folder missing, or a file: its owner may remove it.
      return try withoutFolder(error.message)
    }
  }

  /// A list that is not there, or one the read would refuse on its way
  /// (another user's link: refused whatever lies beyond it, so the check
  /// tells nobody what is there), is named by the check, due or not; the
  /// reader fails when it is due, and the others are sent (a reader's
  /// failure never stops the others). The walk is the read's own
  /// (``DataFile/open(_:trusted:from:regularOnly:as:)``'s rule) and opens
  /// nothing, so a FIFO is not waited on.
  static func checkList(_ reader: RosterReader, delivery: RosterRequest.Delivery, warnings: RosterWarnings) {
    let problem: String
    do throws(ProtectedLinkWalk.Refusal) {
      let walked = try ProtectedLinkWalk.walk(reader.list, rule: .callerOrRootRead)
      walked.closeDescriptor()
      guard walked.descriptor < 0, walked.error == ENOENT || walked.error == ENOTDIR else { return }
      problem = "no such file; this reader fails until it is there"
    } catch {
      problem = "cannot be read (\(error.reason)); this reader fails until it is fixed"
    }
    warnings.environment(for: reader).warn(
      "column 'list': \(reader.list): \(problem), the others are \(delivery.verb)")
  }

  /// Whether a row's usage error (its cells against each other: a `to`
  /// before its `from`) comes from its cells, not from the command line:
  /// the row resolves without them (with a stand-in recipient where it
  /// gave its own). Such a fault is the file's (65).
  static func cellsCause(
    _ reader: RosterReader, roster: RosterFile, request: RosterRequest, warnings: RosterWarnings,
    shared: SharedWriters
  ) -> Bool {
    guard !reader.cells.isEmpty else { return false }
    let bare = RosterReader(id: reader.id, row: reader.row, list: reader.list, at: reader.at, cells: [])
    let options = request.options(for: bare, in: roster)
    let recipient = roster.layer(of: reader).has(MailOptions.to.spec)
    return resolutionError(options, standInRecipient: recipient, warnings: warnings, shared: shared) == nil
  }

  /// Why the roster-wide options alone (no cell; a stand-in list, and a
  /// stand-in recipient when none is given, as rows give their own) do not
  /// resolve, or nil.
  /// A reader with no recipient, said where a roster's come from.
  static let noRecipient =
    "--format email needs at least one recipient: a mail-to cell, or --mail-to for every reader "
    + "(a config file's mail-to is the nightly report's, not taken by a roster)"

  static func rosterWideError(request: RosterRequest, warnings: RosterWarnings, shared: SharedWriters) -> (any Error)? {
    var options = request.shared
    options.operands = ["roster-wide.plist"]
    let recipient = !options.has(MailOptions.to.spec)
    return resolutionError(options, standInRecipient: recipient, warnings: warnings, shared: shared)
  }

  /// Why `options` (plus a stand-in recipient, if asked) do not resolve
  /// into a run plan, or nil; warnings are not printed.
  private static func resolutionError(
    _ options: ParsedOptions, standInRecipient: Bool, warnings: RosterWarnings, shared: SharedWriters
  ) -> (any Error)? {
    var options = options
    if standInRecipient {
      options.append(MailOptions.to.spec, .init(text: "reader@example.invalid", origin: .commandLine))
    }
    do {
      _ = try RunPlan(resolving: options, in: warnings.silent, shared: shared)
      return nil
    } catch {
      return error
    }
  }
}
