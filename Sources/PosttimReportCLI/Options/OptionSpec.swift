/// The commands of the tool; an option declares which of them take it.
struct Commands: OptionSet, Sendable, Hashable {
  let rawValue: Int
  /// `posttim-report [options] FILE...`
  static let report = Commands(rawValue: 1)
  /// `posttim-report preview [options]`
  static let preview = Commands(rawValue: 2)
  /// `posttim-report roster [options] ROSTER.csv`
  static let roster = Commands(rawValue: 4)
  static let all: Commands = [.report, .preview, .roster]
}

/// Where an option is listed in `--help`, the man page and the README.
enum OptionGroup: String, CaseIterable, Sendable {
  case output = "Output"
  case mail = "E-mail"
  case locale = "Locale and time zone"
  case dates = "Dates (UTS #35)"
  case agenda = "Agenda"
  case other = "Other"
}

/// What a shell may complete an option's value with.
enum ValueCompletion: Sendable, Equatable {
  case none
  case file
  case directory
  /// A fixed list (format names, `day`/`week`).
  case choices([String])
  /// IANA time zone IDs from the system tz database.
  case timeZones
}

/// One command-line option, declared once. The parser, `--help`,
/// `preview --help`, the man page, the shell completions, the README's
/// option table and the config file are all derived from these values
/// (``OptionTable``), so an option is one declaration plus its use.
struct OptionSpec: Sendable, Hashable {
  /// The long name without dashes: `format` for `--format`.
  let name: String
  /// The one-letter alias (`-f`), if any.
  let short: Character?
  /// Other long names accepted for this option (`date` for `now`).
  let aliases: [String]
  /// The value's placeholder (`NAME`, `FILE`); nil for a flag.
  let valueName: String?
  /// The option may be given several times; its values accumulate.
  let repeatable: Bool
  /// A comma-separated value counts as several (`-l fr_CA,ar_EG`).
  let commaList: Bool
  /// The default as users should read it (`markdown`, `jm`), if any.
  let defaultValue: String?
  /// One line for `--help` and completions.
  let help: String
  /// More for the man page and README (plain text), if one line is not enough.
  let discussion: String?
  let group: OptionGroup
  let commands: Commands
  let completion: ValueCompletion
  /// May be set in the config file (`name = value`): false for options that
  /// act once (`--help`) or name the config itself.
  let configurable: Bool
  /// The guide that says more ("docs/nightly-email.md"), for the docs'
  /// option tables only: the man page names no file it does not install.
  let seeAlso: String?

  init(
    _ name: String, short: Character? = nil, aliases: [String] = [], value valueName: String? = nil,
    repeatable: Bool = false, commaList: Bool = false, default defaultValue: String? = nil, help: String,
    discussion: String? = nil,
    group: OptionGroup, commands: Commands = .report, completion: ValueCompletion = .none,
    configurable: Bool = true, seeAlso: String? = nil
  ) {
    self.name = name
    self.short = short
    self.aliases = aliases
    self.valueName = valueName
    self.repeatable = repeatable
    self.commaList = commaList
    self.defaultValue = defaultValue
    self.help = help
    self.discussion = discussion
    self.group = group
    self.commands = commands
    self.completion = completion
    self.configurable = configurable
    self.seeAlso = seeAlso
  }

  /// True for an option that takes no value.
  var isFlag: Bool { valueName == nil }

  /// `-f, --format NAME` / `    --csv-bom`, as help and the man page show it.
  var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }

  func hash(into hasher: inout Hasher) { hasher.combine(name); hasher.combine(commands.rawValue) }
  static func == (a: OptionSpec, b: OptionSpec) -> Bool { a.name == b.name && a.commands == b.commands }
}

/// A typed option: its declaration and how its text becomes a value.
/// Reading it through ``ParsedOptions`` converts it, and a conversion error
/// names where the text came from (command line or config file line).
struct Option<Value: Sendable>: Sendable {
  let spec: OptionSpec
  let convert: @Sendable (String) throws -> Value
}

extension Option where Value == String {
  /// An option whose value is used as text (checked where it is used).
  init(_ spec: OptionSpec) { self.init(spec: spec, convert: { $0 }) }
}

/// An option without a value: present or not.
struct Flag: Sendable {
  let spec: OptionSpec
  init(_ spec: OptionSpec) {
    precondition(spec.isFlag, "a Flag takes no value: \(spec.name)")
    self.spec = spec
  }
}
