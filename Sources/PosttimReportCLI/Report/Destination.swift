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
      try SendmailDelivery.send(message, sendmail: program, timeout: timeout, hook: SignalCleanup())
    }
  }
}

/// Makes the text of the views one output holds.
protocol OutputRendering {
  func render<Output: TextOutputStream>(_ views: [ReportView], to output: inout Output) throws
}
