import PosttimICU

/// Two settings that cannot go together (`to` before `from`, `to` with
/// `days`) are a fault of the config file when both were written there:
/// 78 naming the file and the later of their lines, as a bad value there
/// is. Otherwise a usage error (64), naming the config file's line of the
/// one set there, if any.
extension ParsedOptions {
  func conflict(_ specs: [OptionSpec], _ message: String) -> Error {
    var lines: [(path: String, line: Int)] = []
    for spec in specs {
      if case .configFile(let path, let line, _)? = origin(of: spec) { lines.append((path, line)) }
    }
    if lines.count == specs.count, let last = lines.max(by: { $0.line < $1.line }),
      lines.allSatisfy({ $0.path == last.path })
    {
      return ConfigFileError(path: last.path, line: last.line, column: 0, message: message)
    }
    let set = specs.compactMap { spec -> String? in
      guard case .configFile(let path, let line, _)? = origin(of: spec) else { return nil }
      return "\(spec.name) is set in \(TerminalText.echo(path)):\(line)"
    }
    return UsageError(([message] + set).joined(separator: "; "))
  }
}
