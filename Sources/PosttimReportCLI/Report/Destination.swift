import FoundationEssentials
import PosttimICU
import PosttimReport

/// Where a run's output goes.
enum Destination: Sendable {
  /// Standard output (no `-o`, or `-o -`).
  case standardOutput
  /// One file holding every locale (`-o FILE`), written atomically.
  case file(String)
  /// One file per locale, in locale order (`-o 'NAME-{locale}.EXT'`), every
  /// one checked before any is replaced.
  case filePerLocale([String])
  /// `--send`: the whole message made in memory, then handed to sendmail
  /// in one piece (``SendmailDelivery``), killed after `timeout` seconds or
  /// on a signal (``SignalCleanup``).
  case sendmail(program: String, timeout: Int)

  /// `{locale}` in `-o`, replaced by each locale's BCP 47 tag.
  static let localePlaceholder = "{locale}"

  /// `-o`: one path per locale with `{locale}` (each locale's BCP 47 tag
  /// in its place: letters, digits and hyphens only, so always a safe file
  /// name part), else one path for all; none or `-` is standard output.
  /// No path may name a file the run reads
  /// (``TaskInputs/checkOutput(_:isNotIn:)``): the one check of every
  /// command that writes (a report, its context dump, a roster reader's
  /// message, a preview), made once the config file, templates and zone
  /// are read and before the task lists `inputs` are.
  /// - Throws: ``UsageError`` (64); ``ConfigFileError`` (78) when the
  ///   config file's `output` names the file.
  static func checked(
    _ outputPath: String?, locales: [LocaleIdentifier], reading inputs: [String], options: ParsedOptions
  ) throws -> Destination {
    guard let outputPath, outputPath != "-" else { return .standardOutput }
    let destination: Destination =
      outputPath.contains(localePlaceholder)
      ? .filePerLocale(locales.map { outputPath.replacingLiteral(localePlaceholder, with: $0.languageTag) })
      : .file(outputPath)
    for path in destination.paths {
      do {
        try TaskInputs.checkOutput(path, isNotIn: inputs)
      } catch let refusal as UsageError {
        // An `output` the config file sets is its fault: 78 naming the line.
        throw options.conflict([ReportOptions.output.spec], refusal.message)
      }
    }
    return destination
  }

  /// The paths `-o` writes, none for standard output or sendmail.
  var paths: [String] {
    switch self {
    case .standardOutput, .sendmail: return []
    case .file(let path): return [path]
    case .filePerLocale(let paths): return paths
    }
  }

  /// Writes `views` here through `rendering`, which makes the text each
  /// output holds (every locale's views, or one locale's per file) and
  /// ends with the run's check of recorded failures: nothing is committed
  /// or sent unless it returns. A file is renamed into place only then; a
  /// message is handed to sendmail only then. `writeTimeout`: `--write-timeout`.
  func deliver(
    _ views: [ReportView], io: CommandIO, rendering: some OutputRendering, writeTimeout: Int = WriteWait.defaultSeconds
  ) throws {
    switch self {
    case .standardOutput:
      try io.writeReport { try rendering.render(views, to: &$0) }
    case .file(let path):
      try OutputFile.write(
        to: path, hook: SignalCleanup(), writeTimeout: writeTimeout, standard: io.writeReport
      ) {
        try rendering.render(views, to: &$0)
      }
    case .filePerLocale(let paths):
      // Every file is checked before any is replaced (``OutputFile/writeEach(to:hook:writeTimeout:_:)``).
      let pairs = Array(zip(views, paths))
      try OutputFile.writeEach(to: pairs.map(\.1), hook: { SignalCleanup() }, writeTimeout: writeTimeout) {
        try rendering.render([pairs[$0].0], to: &$1)
      }
    case .sendmail(let program, let timeout):
      var message = ""
      try rendering.render(views, to: &message)
      try SendmailDelivery.send(
        message, sendmail: program, timeout: timeout, untrusted: SendmailProgramTrust.refusal, hook: SignalCleanup())
    }
  }
}

/// Makes the text of the views one output holds.
protocol OutputRendering {
  func render<Output: TextOutputStream>(_ views: [ReportView], to output: inout Output) throws
}
