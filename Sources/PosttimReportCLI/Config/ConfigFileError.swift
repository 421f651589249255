import PosttimICU

/// A config file that cannot be used: exit 78 (EX_CONFIG), located as
/// `FILE:LINE:COLUMN` (1-based; columns count Unicode scalars).
struct ConfigFileError: Error, Equatable, CustomStringConvertible {
  let path: String
  let line: Int
  let column: Int
  let message: String
  /// The longest message shown, in Unicode scalars: a message quoting a
  /// value from the file (an option's conversion error) stays short, cut
  /// in the middle so that its reason, at the end, stays.
  static let messageLimit = 400

  /// `FILE:LINE:COLUMN: message`, `FILE:LINE: message` for a whole line
  /// (column 0), or `FILE: message` for the whole file (line 0).
  var description: String {
    let location = line > 0 ? ":\(line)" + (column > 0 ? ":\(column)" : "") : ""
    return TerminalText.echo(path) + location + ": " + TerminalText.echo(message, keepingEndPast: Self.messageLimit)
  }
}

/// Several bad lines of one config file, reported in one run, one line
/// each: at most ``shownLimit`` of them, then a count of the rest.
struct ConfigFileErrors: Error, CustomStringConvertible, SeveralErrors {
  let path: String
  let errors: [ConfigFileError]
  static let shownLimit = 20

  var lines: [String] {
    let shown = errors.prefix(Self.shownLimit).map(\.description)
    let more = errors.count - shown.count
    return shown + (more > 0 ? ["\(TerminalText.echo(path)): \(more) more errors not shown"] : [])
  }
  var description: String { lines.joined(separator: "; ") }
}

/// An error made of several problems, each shown on its own line with
/// the exit status of the kind (every bad input, every bad config line).
protocol SeveralErrors: Error {
  var lines: [String] { get }
}

extension InputErrors: SeveralErrors {
  var lines: [String] { errors.map(\.description) }
}
