import Foundation
import PosttimICU

/// The config file: default option values for runs without a terminal
/// (cron, systemd timers). Its keys are the long option names, so the
/// option table documents both (docs/usage.md, "Config file").
///
/// Format (UTF-8 text, one setting per line):
/// ```
/// # comment
/// locale = fr_CA
/// mail-to = ana@example.org, li@example.org
/// no-relative = true
/// subject = "  spaces kept inside quotes  "
/// ```
/// - `name = value`, spaces around `=` and at the ends ignored; a value in
///   double quotes keeps its spaces and takes `\"` and `\\`.
/// - A flag takes `true` or `false`.
/// - A repeatable option may be given on several lines; others once.
/// - Errors name `file:line:column` and exit 78 (``ConfigFileError``).
struct ConfigFile {
  let path: String
  let options: ParsedOptions

  /// The file to read: `--config FILE`, else
  /// `$XDG_CONFIG_HOME/posttim-report/config`, else
  /// `$HOME/.config/posttim-report/config`, when it exists; nil for none.
  /// - Throws: ``TaskListError``-like not found for an explicit `--config`
  ///   that does not exist (``ConfigFileError`` at 0:0, exit 78).
  static func location(explicit: String?, environment: [String: String]) -> String? {
    if let explicit { return explicit }
    let base: String? =
      environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? environment["HOME"].flatMap { $0.isEmpty ? nil : $0 + "/.config" }
    guard let base else { return nil }
    let path = base + "/posttim-report/config"
    return FileManager.default.isReadableFile(atPath: path) ? path : nil
  }

  /// Reads and checks the file against `specs` (the command's options).
  /// Options the command does not take but another does are ignored, so
  /// one file serves the report and `preview`.
  /// - Throws: ``ConfigFileError`` for an unreadable file, a line that is
  ///   not `name = value`, an unknown or non-configurable option, a flag
  ///   that is not `true`/`false`, or an option given twice.
  /// - Parameter accepts: whether this command takes the file's value for
  ///   an option (`preview` takes only what means the same to it).
  init(path: String, specs: [OptionSpec], accepts: (OptionSpec) -> Bool = { _ in true }) throws {
    self.path = path
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigFileError(path: path, line: 0, column: 0, message: "cannot read the config file")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigFileError(path: path, line: 0, column: 0, message: "the config file is not UTF-8 text")
    }
    let known = ArgumentParser(specs: specs)
    let everyName = Set((ReportOptions.all + PreviewOptions.all).flatMap { [$0.name] + $0.aliases })
    var options = ParsedOptions()
    // Split by scalars: "\r\n" is one Character, so a CRLF file would
    // otherwise be one line.
    for (offset, rawLine) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = offset + 1
      let line = Array(rawLine.filter { $0 != "\r" })
      func fail(_ column: Int, _ message: String) -> ConfigFileError {
        ConfigFileError(path: path, line: number, column: column + 1, message: message)
      }
      guard let start = line.firstIndex(where: { !$0.properties.isWhitespace }), line[start] != "#" else { continue }
      guard let equals = line.firstIndex(of: "=") else {
        throw fail(start, "expected 'name = value'")
      }
      let name = String(String.UnicodeScalarView(line[start..<equals])).trimmingHorizontalSpace()
      guard !name.isEmpty else { throw fail(start, "expected an option name before '='") }
      var valueStart = equals + 1
      while valueStart < line.count, line[valueStart].properties.isWhitespace { valueStart += 1 }
      let value = try Self.value(line[valueStart...]) { fail(valueStart + $0, $1) }
      guard let spec = known.spec(named: name) else {
        if everyName.contains(name) { continue }
        let hint = Suggestion.closest(to: name, in: Array(everyName)).map { " (did you mean '\($0)'?)" } ?? ""
        throw fail(start, "unknown option '\(TerminalText.echo(name))'" + hint)
      }
      guard spec.configurable else { throw fail(start, "'\(name)' cannot be set in the config file") }
      guard accepts(spec) else { continue }
      if spec.isFlag {
        switch value {
        case "true":
          options.append(
            spec, .init(text: "true", origin: .configFile(path: path, line: number, column: valueStart + 1)))
        case "false":
          options.append(
            spec, .init(text: "false", origin: .configFile(path: path, line: number, column: valueStart + 1)))
        default: throw fail(valueStart, "'\(name)' takes true or false, got '\(TerminalText.echo(value))'")
        }
        continue
      }
      if !spec.repeatable, options.has(spec) { throw fail(start, "'\(name)' given more than once") }
      options.append(spec, .init(text: value, origin: .configFile(path: path, line: number, column: valueStart + 1)))
    }
    self.options = options
  }

  /// A value: the rest of the line trimmed, or a double-quoted string.
  private static func value(
    _ scalars: ArraySlice<Unicode.Scalar>, fail: (Int, String) -> ConfigFileError
  ) throws -> String {
    let base = scalars.startIndex
    guard scalars.first == "\"" else {
      return String(String.UnicodeScalarView(scalars)).trimmingHorizontalSpace()
    }
    var result = String.UnicodeScalarView()
    var index = base + 1
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == "\"" {
        let rest = scalars[(index + 1)...]
        guard rest.allSatisfy({ $0.properties.isWhitespace }) else {
          throw fail(index + 1 - base, "unexpected text after the closing quote")
        }
        return String(result)
      }
      if scalar == "\\" {
        index += 1
        guard index < scalars.endIndex, scalars[index] == "\"" || scalars[index] == "\\" else {
          throw fail(index - base, "only \\\" and \\\\ are escapes in a quoted value")
        }
      }
      result.append(scalars[index])
      index += 1
    }
    throw fail(0, "the quoted value has no closing quote")
  }
}
