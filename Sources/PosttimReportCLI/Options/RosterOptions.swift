/// `posttim-report roster`'s options (docs/roster.md): its own (`-o DIR`,
/// `--state`, `--shard`) and the report's that apply to every reader's
/// message, declared once in ``ReportOptions`` and ``MailOptions``.
enum RosterOptions {
  static let output = Option(
    OptionSpec(
      "output", short: "o", value: "DIR",
      help: "write each reader's message to DIR/ID.eml (atomically) instead of --send",
      group: .output, commands: .roster, completion: .directory, configurable: false))
  static let state = Option(
    OptionSpec(
      "state", value: "DIR", default: "$XDG_STATE_HOME/posttim-report",
      help: "keep the journal of deliveries in DIR",
      discussion: "Default: $XDG_STATE_HOME/posttim-report, else ~/.local/state/posttim-report. The journal is "
        + "ROSTER.journal (ROSTER.shard-K-of-N.journal with --shard), ROSTER the roster file's name without .csv.",
      group: .output, commands: .roster, completion: .directory, configurable: false))
  static let quiet = Flag(
    OptionSpec(
      "quiet", short: "q",
      help: "print nothing on standard output; a failed reader's line goes to standard error",
      discussion: "For cron, which mails whatever a job prints: a run where all is well prints nothing. A row's "
        + "warnings are said in the run that delivers its reader, not every hour. The exit status is the same.",
      group: .output, commands: .roster, configurable: false))
  static let shard = Option(
    spec: OptionSpec(
      "shard", value: "K/N", default: "0/1",
      help: "handle only the readers whose ID hashes to K modulo N (0 <= K < N <= 1000000)",
      discussion: "The hash is FNV-1a 64 of the ID's UTF-8 bytes: the same split on every machine and run.",
      group: .output, commands: .roster, configurable: false),
    convert: { text throws -> RosterShard in
      guard let shard = RosterShard(text) else {
        throw UsageError("--shard takes K/N with 0 <= K < N <= 1000000, got '\(OptionValues.quoted(text))'")
      }
      return shard
    })

  /// The report's options that decide the roster run as a whole: the
  /// format is e-mail, the delivery is the command line's `--send` or
  /// `-o DIR`. The config file's values for them (set for the nightly
  /// report) are not taken, and no roster column may set them.
  static let runWide: Set<String> = ["format", "output", "send", "dump-context", "template"]

  /// What a roster does not take from a config file: ``runWide``, and the
  /// recipients (`mail-to`, `mail-cc`). The config file's recipients are
  /// who gets the nightly report; taken as every reader's, they sent each
  /// reader's agenda to that one person. A reader's recipients are its
  /// cells or the roster's command line.
  static let notFromConfig: Set<String> = runWide.union(["mail-to", "mail-cc"])

  /// Report options a roster column may not name besides ``runWide``:
  /// `now` (one instant for every reader's due check) and `sendmail` (a
  /// program to run is not a spreadsheet cell).
  static let notColumns: Set<String> = runWide.union(["now", "sendmail"])

  /// The columns named after an option: every option a config file may
  /// set, but those of ``notColumns``.
  static let columns: [String: OptionSpec] = Dictionary(
    uniqueKeysWithValues: ReportOptions.all.filter { $0.configurable && !notColumns.contains($0.name) }.map {
      ($0.name, $0)
    })

  /// The report's options the roster leaves out of its table: other
  /// formats' options and the information modes.
  static let notTaken: Set<String> = runWide.subtracting(["send"]).union([
    "csv-delimiter", "csv-bom", "csv-raw-formulas", "list-formats", "list-locales", "version", "generate-manpage",
    "generate-completion-script",
  ])

  /// The roster's own options.
  static let own: [OptionSpec] = [output.spec, state.spec, shard.spec, quiet.spec]

  /// Every roster option, in help order within each group.
  static let all: [OptionSpec] = own + ReportOptions.all.filter { !notTaken.contains($0.name) }

  static let parser = ArgumentParser(specs: all)
}
