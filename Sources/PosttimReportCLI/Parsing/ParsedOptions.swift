import PosttimICU

/// The options of one run: the command line's, over the config file's.
///
/// Values are read through their typed declarations (``Option``,
/// ``Flag``), never by name. A value that does not convert throws the
/// declaration's ``UsageError`` (exit 64) when it came from the command
/// line, and a ``ConfigFileError`` naming `file:line:column` (exit 78) when it
/// came from the config file.
struct ParsedOptions: Sendable {
  /// Where a value was written.
  enum Origin: Equatable, Sendable {
    case commandLine
    case configFile(path: String, line: Int, column: Int)
    /// A roster's cell: its file, row (the header is row 1) and column name.
    case roster(path: String, row: Int, column: String)
  }

  struct Entry: Equatable, Sendable {
    let text: String
    let origin: Origin
    /// The alias it was given under on the command line (`date` for
    /// preview's `--now`), to name the option as the user wrote it.
    var alias: String? = nil
  }

  /// Values by option name, in the order given.
  private(set) var entries: [String: [Entry]] = [:]
  /// FILE operands, in order (`-` is standard input).
  var operands: [String] = []

  mutating func append(_ spec: OptionSpec, _ entry: Entry) {
    entries[spec.name, default: []].append(entry)
  }

  /// These options without any value of `spec`.
  func without(_ spec: OptionSpec) -> ParsedOptions {
    var options = self
    options.entries[spec.name] = nil
    return options
  }

  /// Whether the option was given at all (a value, or a flag turned on).
  func has(_ spec: OptionSpec) -> Bool {
    guard let last = entries[spec.name]?.last else { return false }
    return !spec.isFlag || last.text == "true"
  }
  /// A flag is on when its last setting is: `--send` or `send = true`,
  /// and not a later `--no-send`.
  func isSet(_ flag: Flag) -> Bool { has(flag.spec) }

  /// A flag's last setting, `true` or `false`, or nil when it was not given.
  func setting(_ flag: Flag) -> Bool? { entries[flag.spec.name]?.last.map { $0.text == "true" } }

  /// The long name each value of `spec` was given under, in order: its
  /// alias where the command line used one, else its name.
  func writtenNames(of spec: OptionSpec) -> [String] {
    (entries[spec.name] ?? []).map { $0.alias ?? spec.name }
  }

  /// Where the option's value was written, if it was given.
  func origin(of spec: OptionSpec) -> Origin? { entries[spec.name]?.last?.origin }

  /// "--send" or "send = true at FILE:LINE", for messages about a
  /// setting the user may not remember making.
  func source(of spec: OptionSpec) -> String {
    guard case .configFile(let path, let line, _)? = origin(of: spec) else { return "--\(spec.name)" }
    return "\(spec.name) (set in \(TerminalText.echo(path)):\(line))"
  }

  /// The last value's text as given, unconverted.
  func text<Value>(_ option: Option<Value>) -> String? { entries[option.spec.name]?.last?.text }

  /// The option's value (the last one given), converted; nil when absent.
  func value<Value>(_ option: Option<Value>) throws -> Value? {
    try resolve(option) { $0 }
  }

  /// Every value, in order; for a comma-list option, comma-separated
  /// values are split (`-l fr_CA,ar_EG -l ja_JP` is three).
  func values<Value>(_ option: Option<Value>) throws -> [Value] {
    try (entries[option.spec.name] ?? []).flatMap { entry in
      let parts =
        option.spec.commaList
        ? entry.text.split(separator: ",", omittingEmptySubsequences: false) : [Substring(entry.text)]
      return try parts.map { part in
        try Self.attributed(entry.origin) { try option.convert(String(part)) }
      }
    }
  }

  /// Every value passed through `body` (which may split one into several),
  /// each error attributed to where its value was written.
  func resolveAll<Value, Result>(_ option: Option<Value>, _ body: (Value) throws -> [Result]) throws -> [Result] {
    try (entries[option.spec.name] ?? []).flatMap { entry in
      try Self.attributed(entry.origin) { try body(option.convert(entry.text)) }
    }
  }

  /// The converted value passed through `body`, which may throw for a
  /// value that converts but is not usable (an unknown zone); its error is
  /// attributed to where the value was written.
  func resolve<Value, Result>(_ option: Option<Value>, _ body: (Value) throws -> Result) throws -> Result? {
    guard let entry = entries[option.spec.name]?.last else { return nil }
    return try Self.attributed(entry.origin) { try body(option.convert(entry.text)) }
  }

  /// This run's options over `defaults` (the config file, or a roster's
  /// shared options): an option given here replaces all its values there,
  /// and with them the other spellings of the same setting there
  /// (``replacements``). A flag turned off here (`--no-send`) replaces
  /// only itself.
  func overriding(_ defaults: ParsedOptions) -> ParsedOptions {
    var merged = defaults
    merged.operands = operands
    for (name, replaced) in Self.replacements {
      guard let last = entries[name]?.last, !Self.flagNames.contains(name) || last.text == "true" else { continue }
      for other in replaced { merged.entries[other] = nil }
    }
    for (name, values) in entries { merged.entries[name] = values }
    return merged
  }

  /// These options without the named ones (a command's own options
  /// taken out before the rest is passed on).
  func without(_ names: Set<String>) -> ParsedOptions {
    var result = self
    for name in names { result.entries[name] = nil }
    return result
  }

  /// Options that are alternatives for the window's last day (`--to` or
  /// `--days`): a roster row may give one, not both.
  static let replacedTogether = [["to", "days"]]

  static func attributed<T>(_ origin: Origin, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch {
      // A broken system zone file is no fault of the value that names the
      // zone: its status stays the file's (72). A roster still names the cell.
      if let error = error as? DateEngineError, error.isFileFault {
        guard case .roster(let path, let row, let column) = origin else { throw error }
        let (code, message) = ReportCommand.describe(error)
        throw RosterError(exitCode: code, path: path, row: row, column: column, message: message)
      }
      switch origin {
      case .commandLine: throw error
      case .configFile(let path, let line, let column):
        throw ConfigFileError(path: path, line: line, column: column, message: "\(error)")
      case .roster(let path, let row, let column):
        throw RosterError.cell(path: path, row: row, column: column, message: "\(error)")
      }
    }
  }
}
