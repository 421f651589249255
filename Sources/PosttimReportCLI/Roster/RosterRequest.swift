import FoundationEssentials
import PosttimICU

/// What one `posttim-report roster` run was asked: the roster, how to
/// deliver, where the journal is, which shard, and the options every
/// reader shares (the command line over the config file).
struct RosterRequest: Sendable {
  enum Delivery: Equatable, Sendable {
    /// `--send`: each message to sendmail.
    case send
    /// `-o DIR`: each message to `DIR/ID.eml`.
    case folder(String)

    /// What a delivered message was: `sent` or `written`.
    var verb: String { self == .send ? "sent" : "written" }
  }

  let rosterPath: String
  let delivery: Delivery
  /// `--state`, else `$XDG_STATE_HOME/posttim-report`, else
  /// `~/.local/state/posttim-report`.
  let stateFolder: String
  let shard: RosterShard
  /// `--quiet`: no line on standard output; a failed reader's on standard error.
  let quiet: Bool
  /// The report options every reader starts from, format e-mail.
  let shared: ParsedOptions

  /// - Throws: ``UsageError`` (64) for a missing or extra operand, both or
  ///   neither of `--send` and `-o`, a bad `--shard`, no state folder.
  init(_ options: ParsedOptions, environment: [String: String]) throws {
    guard options.operands.count == 1, let path = options.operands.first, !path.isEmpty else {
      throw UsageError(
        options.operands.isEmpty
          ? "no roster given (name a ROSTER.csv)" : "give one roster, not \(options.operands.count)")
    }
    rosterPath = path
    let send = options.isSet(MailOptions.send)
    let folder = try options.value(RosterOptions.output)
    switch (send, folder) {
    case (true, .some): throw UsageError("use --send or -o DIR, not both")
    case (false, nil): throw UsageError("say how to deliver: --send, or -o DIR to write DIR/ID.eml")
    case (_, .some(let folder)):
      guard !folder.isEmpty else { throw UsageError("option '--output' needs a folder") }
      delivery = .folder(folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder)
    case (true, nil): delivery = .send
    }
    shard = try options.value(RosterOptions.shard) ?? .all
    quiet = options.isSet(RosterOptions.quiet)
    stateFolder = try Self.stateFolder(options, environment: environment)
    // `--now` is the run's clock (``RosterWideOptions``), so a late reader's is its own.
    var shared = options.without(["output", "state", "shard", "quiet", "now"])
    shared.append(ReportOptions.format.spec, .init(text: "email", origin: .commandLine))
    shared.operands = []
    self.shared = shared
  }

  static func stateFolder(_ options: ParsedOptions, environment: [String: String]) throws -> String {
    if let folder = try options.value(RosterOptions.state) {
      guard !folder.isEmpty else { throw UsageError("option '--state' needs a folder") }
      return folder
    }
    if let base = BaseFolder.resolve("XDG_STATE_HOME", else: ".local/state", environment: environment) {
      return base + "/posttim-report"
    }
    guard let home = environment["HOME"], !home.isEmpty else {
      throw UsageError("no folder for the journal: give --state DIR (HOME and XDG_STATE_HOME are not set)")
    }
    throw UsageError(
      "no folder for the journal: give --state DIR (HOME is a relative path, and XDG_STATE_HOME is not an "
        + "absolute one; relative ones are ignored)")
  }

  /// The journal's file name in the state folder.
  func journalName(roster: String) -> String {
    shard == .all ? "\(roster).journal" : "\(roster).shard-\(shard.index)-of-\(shard.count).journal"
  }

  /// One reader's options: the row's cells over the shared ones, its list,
  /// and for `-o DIR` its file.
  func options(for reader: RosterReader, in roster: RosterFile) -> ParsedOptions {
    var layer = roster.layer(of: reader)
    layer.operands = [reader.list]
    if case .folder(let folder) = delivery {
      layer.append(ReportOptions.output.spec, .init(text: folder + "/" + reader.id + ".eml", origin: .commandLine))
    }
    return layer.overriding(shared)
  }
}
