/// Options that say one thing in two ways. The layer that gives either
/// decides, so a command line's `--skeleton` replaces the config file's
/// `pattern` instead of clashing with it; both in one layer are refused
/// (``ParsedOptions/conflict(_:_:)``: 64 on the command line, 78 in the file).
extension ParsedOptions {
  /// Pairs, each an alternative to the other: the window's end, the task
  /// times, the day headings, the details part, and where the result goes
  /// (`--send`, `-o`, `--dump-context`; a dump may still go to `-o`).
  static let alternatives: [[String]] =
    replacedTogether + [
      ["skeleton", "pattern"], ["day-skeleton", "day-pattern"], ["details", "no-details"], ["send", "output"],
      ["send", "dump-context"],
    ]

  /// What an option given in a layer replaces in the layer below, besides
  /// itself: its alternatives, and for `--send` the `format` (it implies
  /// `--format email`; `-f email` says nothing of sending).
  static let replacements: [String: Set<String>] = {
    var table: [String: Set<String>] = [:]
    for group in alternatives {
      for name in group { table[name, default: []].formUnion(group.filter { $0 != name }) }
    }
    table["send", default: []].insert("format")
    return table
  }()

  /// The options without a value, whose `false` (`--no-send`) says
  /// nothing of their alternatives.
  static let flagNames = Set((ReportOptions.all + PreviewOptions.all).filter(\.isFlag).map(\.name))
}
