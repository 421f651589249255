import FoundationEssentials
import Glibc
import PosttimICU
import PosttimReport

/// Arguments and environment values checked as the kernel passed them, as
/// bytes. Swift's `CommandLine.arguments` and `ProcessInfo.environment`
/// repair bytes that are not UTF-8 with U+FFFD, and the repaired name is
/// another file: `r\xE9sum\xE9.md` would open or replace `résum\u{FFFD}.md`.
/// So a value that is not UTF-8 is refused before anything is read or
/// written, never used repaired.
public enum UndecodableInput {
  /// The variables the tool reads as a path or a name (docs/usage.md,
  /// "Exit status", 64).
  static let variables = [
    "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "TZDIR", "TZ", "TMPDIR", "PATH", "LC_ALL", "LC_TIME", "LANG",
    "LOGNAME", "USER",
  ]

  /// The command the process was started with: its arguments (without
  /// the program's name) and environment, refused when one is not UTF-8.
  public static func processCommand() -> ReportCommand {
    let arguments = (1..<Int(CommandLine.argc)).map { index in
      CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) } ?? []
    }
    let refusal = check(arguments: arguments) { name in
      getenv(name).map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) }
    }
    var command = ReportCommand(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.variables())
    command.refusal = refusal
    return command
  }

  /// The refusal of the first argument, then the first of ``variables``,
  /// that is not UTF-8; nil when all are.
  /// - Parameters:
  ///   - arguments: the arguments' bytes, the program's name left out
  ///     (the first is argument 1).
  ///   - variable: a variable's bytes, nil when it is not set.
  static func check(arguments: [[CChar]], variable: (String) -> [CChar]?) -> UsageError? {
    for (index, bytes) in arguments.enumerated() where !isUTF8(bytes) {
      return UsageError("argument \(index + 1) is not UTF-8 text: '\(escaped(bytes))'")
    }
    for name in variables {
      guard let bytes = variable(name), !isUTF8(bytes) else { continue }
      return UsageError("environment variable \(name) is not UTF-8 text: '\(escaped(bytes))'")
    }
    return nil
  }

  static func isUTF8(_ bytes: [CChar]) -> Bool {
    bytes.withUnsafeBytes { String(validating: $0, as: UTF8.self) != nil }
  }

  /// The text with each byte that is not part of a UTF-8 character as
  /// `\xHH` (``UndecodedBytes``).
  static func escaped(_ bytes: [CChar]) -> String {
    UndecodedBytes.escaped(bytes.map { UInt8(bitPattern: $0) })
  }
}
