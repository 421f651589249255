import FoundationEssentials

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
    guard let (path, isDefault) = ConfigFile.location(explicit: explicit, environment: environment) else {
      return commandLine
    }
    // Whether it exists is said by the trusted read's own lookup (``ConfigFileTrust``), never asked by name first.
    try TaskInputs.checkConfigFile(path, isNotIn: commandLine.operands)
    try StandardStreamCheck.check(configFile: path)
    guard let file = try ConfigFile(path: path, optional: isDefault, specs: specs, accepts: accepts) else {
      return commandLine
    }
    return commandLine.overriding(file.options)
  }
}
