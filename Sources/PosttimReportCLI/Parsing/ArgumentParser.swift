/// A small POSIX/GNU-style command-line parser over declared options
/// (``OptionSpec``): long options (`--name value`, `--name=value`), short
/// aliases (`-o value`), flags, repeatable options, `--` to end options,
/// and `-` as an operand (stdin). The toolchain has no argument parser and
/// packages cannot be fetched, so this covers what the tool needs.
struct ArgumentParser {
  let specs: [OptionSpec]

  /// The declaration for a long name or alias.
  func spec(named name: String) -> OptionSpec? {
    specs.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// Every flag `--NAME` can be turned off again with `--no-NAME` (unless
  /// `no-NAME` is an option of its own), so a flag set in the config file
  /// can be overridden.
  /// - Throws: ``UsageError`` for an unknown option (with the closest
  ///   name, by edit distance), a missing value, a value given to a flag,
  ///   or a non-repeatable option given twice.
  func parse(_ arguments: [String]) throws(UsageError) -> ParsedOptions {
    var result = ParsedOptions()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        result.operands.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let option: OptionSpec
      // The long name as written: messages name an alias (`--date`) as given.
      var written: String?
      var inlineValue: String?
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        if name.count < body.count { inlineValue = String(body.dropFirst(name.count + 1)) }
        if spec(named: name) == nil, name.hasPrefix("no-"), let flag = spec(named: String(name.dropFirst(3))),
          flag.isFlag, inlineValue == nil
        {
          // `--no-send` turns off a flag the config file turned on.
          result.append(flag, .init(text: "false", origin: .commandLine))
          continue
        }
        guard let found = spec(named: name) else {
          let names = specs.flatMap { [$0.name] + $0.aliases }
          throw UsageError(
            "unknown option '--\(name)'"
              + (Suggestion.closest(to: name, in: names).map { " (did you mean '--\($0)'?)" } ?? ""))
        }
        option = found
        written = name
      } else {
        guard argument.count == 2, let found = specs.first(where: { $0.short == argument.last }) else {
          throw UsageError("unknown option '\(argument)'")
        }
        option = found
      }
      let alias = written.flatMap { $0 == option.name ? nil : $0 }
      let shown = alias ?? option.name
      guard !option.isFlag else {
        if inlineValue != nil { throw UsageError("option '--\(shown)' takes no value") }
        result.append(option, .init(text: "true", origin: .commandLine))
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else { throw UsageError("option '--\(shown)' needs a value") }
        value = arguments[index]
        index += 1
      }
      if !option.repeatable, result.has(option) {
        throw UsageError("option '--\(shown)' given more than once")
      }
      result.append(option, .init(text: value, origin: .commandLine, alias: alias))
    }
    return result
  }
}
