/// A small POSIX/GNU-style command-line parser: long options
/// (`--name value`, `--name=value`), short aliases (`-o value`), flags,
/// repeatable options, `--` to end options, and `-` as an operand (stdin).
/// The toolchain has no argument parser and packages cannot be fetched, so
/// this covers what the tool needs and nothing more.
struct ArgumentParser {
  struct Option {
    let name: String
    let short: Character?
    let takesValue: Bool
    let repeatable: Bool
  }

  struct Result {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var operands: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
  }

  let options: [Option]

  func parse(_ arguments: [String]) throws(UsageError) -> Result {
    var result = Result()
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
      var name: String
      var inlineValue: String?
      if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        if let equals = body.firstIndex(of: "=") {
          name = String(body[..<equals])
          inlineValue = String(body[body.index(after: equals)...])
        } else {
          name = String(body)
        }
      } else {
        guard argument.count == 2, let option = options.first(where: { $0.short == argument.last })
        else { throw UsageError("unknown option '\(argument)'") }
        name = option.name
      }
      guard let option = options.first(where: { $0.name == name }) else {
        throw UsageError("unknown option '--\(name)'" + suggestion(for: name))
      }
      if !option.takesValue {
        if inlineValue != nil { throw UsageError("option '--\(name)' takes no value") }
        result.flags.insert(name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count else { throw UsageError("option '--\(name)' needs a value") }
        value = arguments[index]
        index += 1
      }
      if !option.repeatable, result.values[name] != nil {
        throw UsageError("option '--\(name)' given more than once")
      }
      result.values[name, default: []].append(value)
    }
    return result
  }

  /// " (did you mean '--locale'?)" for a near miss.
  private func suggestion(for name: String) -> String {
    let close = options.map(\.name).filter { $0.hasPrefix(name) || name.hasPrefix($0) }
    return close.count == 1 ? " (did you mean '--\(close[0])'?)" : ""
  }
}
