import Foundation

/// A command's options: its command line over the config file
/// (``ConfigFile``), `--config FILE`, else the user's default file when it
/// exists. The report and `preview` load it the same way, each with its
/// own option table.
enum ConfiguredOptions {
  /// - Parameter accepts: whether the command takes the file's value for
  ///   an option (`preview` takes only what means the same to it).
  /// - Throws: ``ConfigFileError`` (exit 78) for a missing `--config` file
  ///   or one that does not parse.
  static func resolve(
    _ commandLine: ParsedOptions, specs: [OptionSpec], accepts: (OptionSpec) -> Bool = { _ in true },
    environment: [String: String]
  ) throws -> ParsedOptions {
    let explicit = try commandLine.value(ReportOptions.config)
    if let explicit, !FileManager.default.fileExists(atPath: explicit) {
      throw ConfigFileError(path: explicit, line: 0, column: 0, message: "config file not found")
    }
    guard let path = ConfigFile.location(explicit: explicit, environment: environment) else { return commandLine }
    try TaskInputs.checkConfigFile(path, isNotIn: commandLine.operands)
    try StandardStreamCheck.check(configFile: path)
    return commandLine.overriding(try ConfigFile(path: path, specs: specs, accepts: accepts).options)
  }
}
