import Foundation

/// The width a terminal report may use when `--width` is not given:
/// `COLUMNS` (POSIX: "the user's preferred width in column positions"),
/// else the terminal's own through `ioctl(TIOCGWINSZ)` on standard output
/// when it is a terminal, else nil (the writer's 80).
enum TerminalWidth {
  static func detect(environment: [String: String], outputIsTerminal: Bool) -> Int? {
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return min(columns, 1000) }
    guard outputIsTerminal else { return nil }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
