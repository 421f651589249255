import PosttimICU

/// A config file that cannot be used: exit 78 (EX_CONFIG), located as
/// `FILE:LINE:COLUMN` (1-based; columns count Unicode scalars).
struct ConfigFileError: Error, Equatable, CustomStringConvertible {
  let path: String
  let line: Int
  let column: Int
  let message: String
  /// `FILE:LINE:COLUMN: message`, or `FILE: message` for the whole file
  /// (line 0).
  var description: String {
    TerminalText.echo(path) + (line > 0 ? ":\(line):\(column)" : "") + ": " + message
  }
}
