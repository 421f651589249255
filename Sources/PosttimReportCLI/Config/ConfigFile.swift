import FoundationEssentials
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
/// - `name = value`, spaces around `=` and at the ends ignored. A value
///   wholly in double quotes keeps its spaces and takes `\"` and `\\`;
///   any other value is taken as written, quotes included
///   (`mail-to = "Tremblay, Zoë" <z@example.org>`), as the shell would
///   pass it on the command line.
/// - A flag takes `true` or `false`.
/// - A repeatable option may be given on several lines; others once.
/// - Lines end at LF, CRLF or CR (``ConfigLines``), and are at most 8 KiB.
/// - Every bad line is reported, `file:line:column` each, exit 78
///   (``ConfigFileError``, ``ConfigFileErrors``).
/// - The file must be trusted (``ConfigFileTrust``); it may be a pipe
///   or `/dev/null` (``ConfigFileSource``).
struct ConfigFile {
  let path: String
  let options: ParsedOptions

  /// The file to read: `--config FILE`, else
  /// `$XDG_CONFIG_HOME/posttim-report/config`, else
  /// `$HOME/.config/posttim-report/config` (`isDefault`: read when it
  /// exists, which its one lookup says); nil for none.
  static func location(explicit: String?, environment: [String: String]) -> (path: String, isDefault: Bool)? {
    if let explicit { return (explicit, false) }
    guard let base = BaseFolder.resolve("XDG_CONFIG_HOME", else: ".config", environment: environment) else {
      return nil
    }
    return (base + "/posttim-report/config", true)
  }

  /// The longest name or value quoted in a message, in Unicode scalars.
  static let echoLimit = 80

  /// Reads and checks the file against `specs` (the command's options).
  /// Options the command does not take but another does are ignored, so
  /// one file serves the report and `preview`.
  /// - Throws: ``ConfigFileError`` for a file that cannot be used whole
  ///   (missing, untrusted, a device, over 1 MiB), or for one bad line;
  ///   ``ConfigFileErrors`` for several: lines over 8 KiB, not UTF-8, not
  ///   `name = value`, an unknown or non-configurable option, a flag that
  ///   is not `true`/`false`, an option given twice, a bad quoted value.
  /// - Parameter accepts: whether this command takes the file's value for
  ///   an option (`preview` takes only what means the same to it).
  /// - Parameter optional: nil when no file is there (the default file).
  init?(path: String, optional: Bool = false, specs: [OptionSpec], accepts: (OptionSpec) -> Bool = { _ in true })
    throws
  {
    guard let bytes = try ConfigFileSource.read(path, optional: optional) else { return nil }
    self.path = path
    let parser = LineParser(
      path: path, known: ArgumentParser(specs: specs),
      everyName: Set((ReportOptions.all + PreviewOptions.all).map(\.name)))
    var options = ParsedOptions()
    var errors: [ConfigFileError] = []
    for (offset, line) in ConfigLines.split(bytes).enumerated() {
      do throws(ConfigFileError) {
        try parser.parse(line, number: offset + 1, into: &options, accepts: accepts)
      } catch {
        errors.append(error)
      }
    }
    if errors.count == 1 { throw errors[0] }
    if !errors.isEmpty { throw ConfigFileErrors(path: path, errors: errors) }
    self.options = options
  }
}

/// Reads one line of a config file into the options.
private struct LineParser {
  let path: String
  let known: ArgumentParser
  let everyName: Set<String>

  func parse(
    _ bytes: ArraySlice<UInt8>, number: Int, into options: inout ParsedOptions, accepts: (OptionSpec) -> Bool
  ) throws(ConfigFileError) {
    func fail(_ column: Int, _ message: String) -> ConfigFileError {
      ConfigFileError(path: path, line: number, column: column + 1, message: message)
    }
    guard bytes.count <= ConfigLines.lengthLimit else {
      throw ConfigFileError(
        path: path, line: number, column: 0, message: "the line is longer than \(ConfigLines.lengthLimit) bytes")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ConfigFileError(path: path, line: number, column: 0, message: "not UTF-8 text")
    }
    let line = Array(text.unicodeScalars)
    guard let start = line.firstIndex(where: { !$0.properties.isWhitespace }), line[start] != "#" else { return }
    guard let equals = line.firstIndex(of: "=") else { throw fail(start, "expected 'name = value'") }
    let name = String(String.UnicodeScalarView(line[start..<equals])).trimmingHorizontalSpace()
    guard !name.isEmpty else { throw fail(start, "expected an option name before '='") }
    var valueStart = equals + 1
    while valueStart < line.count, Self.isSpaceOrTab(line[valueStart]) { valueStart += 1 }
    let value = try Self.value(line[valueStart...]) { fail(valueStart + $0, $1) }
    let quotedName = TerminalText.echo(name, limit: ConfigFile.echoLimit)
    // Long names only: an alias (preview's `--date`) is the command line's
    // spelling; `date = …` in the file would be read by no command.
    guard let spec = known.specs.first(where: { $0.name == name }) else {
      if everyName.contains(name) { return }
      let hint = Suggestion.closest(to: name, in: Array(everyName)).map { " (did you mean '\($0)'?)" } ?? ""
      throw fail(start, "unknown option '\(quotedName)'" + hint)
    }
    guard spec.configurable else { throw fail(start, "'\(quotedName)' cannot be set in the config file") }
    guard accepts(spec) else { return }
    let origin = ParsedOptions.Origin.configFile(path: path, line: number, column: valueStart + 1)
    if spec.isFlag {
      guard value == "true" || value == "false" else {
        throw fail(
          valueStart,
          "'\(quotedName)' takes true or false, got '\(TerminalText.echo(value, limit: ConfigFile.echoLimit))'")
      }
      options.append(spec, .init(text: value, origin: origin))
      return
    }
    if !spec.repeatable, options.has(spec) { throw fail(start, "'\(quotedName)' given more than once") }
    options.append(spec, .init(text: value, origin: origin))
  }

  /// What a value's ends lose: an invisible or no-break space there
  /// stays, for the option to refuse or keep, as from the command line.
  static func isSpaceOrTab(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

  /// A value: the rest of the line without spaces and tabs at its end,
  /// or the text of a value wholly in double quotes.
  static func value(
    _ scalars: ArraySlice<Unicode.Scalar>, fail: (Int, String) -> ConfigFileError
  ) throws(ConfigFileError) -> String {
    let base = scalars.startIndex
    let end = (scalars.lastIndex(where: { !isSpaceOrTab($0) }) ?? base - 1) + 1
    let asWritten = String(String.UnicodeScalarView(scalars[base..<end]))
    guard scalars.first == "\"" else { return asWritten }
    // The closing quote: the first one no backslash escapes.
    var index = base + 1
    while index < scalars.endIndex, scalars[index] != "\"" { index += scalars[index] == "\\" ? 2 : 1 }
    guard index < scalars.endIndex else { throw fail(0, "the quoted value has no closing quote") }
    guard scalars[(index + 1)...].allSatisfy(isSpaceOrTab) else { return asWritten }
    var result = String.UnicodeScalarView()
    var inner = base + 1
    while inner < index {
      if scalars[inner] == "\\" {
        inner += 1
        guard scalars[inner] == "\"" || scalars[inner] == "\\" else {
          throw fail(inner - base, "only \\\" and \\\\ are escapes in a quoted value")
        }
      }
      result.append(scalars[inner])
      inner += 1
    }
    return String(result)
  }
}
