import FoundationEssentials
import Glibc

/// The width a terminal report may use when `--width` is not given:
/// `COLUMNS` (POSIX: "the user's preferred width in column positions"),
/// else the terminal's own through `ioctl(TIOCGWINSZ)` on standard output
/// when it is a terminal, else nil (the writer's 80). Each source counts only
/// within `--width`'s bounds (``usable``); one outside them is ignored and
/// the next source is asked, so `COLUMNS=5` or `COLUMNS=100000` changes nothing.
enum TerminalWidth {
  /// `--width`'s range (ReportOptions.width).
  static let usable = 20...1000

  static func detect(environment: [String: String], outputIsTerminal: Bool) -> Int? {
    if let text = environment["COLUMNS"], let columns = Int(text), usable.contains(columns) { return columns }
    guard outputIsTerminal else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, usable.contains(Int(size.ws_col)) else { return nil }
    return Int(size.ws_col)
  }
}
