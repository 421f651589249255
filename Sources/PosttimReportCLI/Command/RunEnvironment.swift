import FoundationEssentials

/// What a run reads besides its options: the environment's variables, the
/// clock, whether standard output is a terminal, and where warnings go.
/// Injected, so tests run the command in-process with fixed values.
struct RunEnvironment: Sendable {
  /// `LANG`, `TZ`, `NO_COLOR`, `COLUMNS`, `LOGNAME`…
  let variables: [String: String]
  /// The run's "now" when `--now` is not given.
  let clock: @Sendable () -> Date
  /// Colour and the terminal's width apply only to a terminal.
  let standardOutputIsTerminal: Bool
  /// One warning line (without the "posttim-report: warning: " prefix).
  let warn: @Sendable (String) -> Void
}
