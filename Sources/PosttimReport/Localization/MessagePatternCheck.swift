import PosttimICU

extension MessageKey {
  /// Why a pattern cannot be a key's message.
  public enum PatternProblem: Error, Equatable {
    /// ICU cannot parse it, or cannot format it with the key's arguments.
    case invalidPattern(String)
    /// It uses a placeholder the key is not given.
    case unknownPlaceholders(String)
    /// It prints one of the key's placeholders as written: an apostrophe
    /// quotes it (`l'{zone}`, `'{count}'`).
    case quotedPlaceholders(String)
  }

  /// Why `pattern` cannot be this key's message in `locale`, or nil: the
  /// one check for every message of a `--template-dir` catalog and for a
  /// `--subject` (as ``mailSubject``), so each refuses the same texts
  /// before a run. The pattern must parse, format with values of the
  /// arguments' kinds (ICU finds `{date, number}` or a `select` on
  /// `{count}` wrong only when it formats), and use only the key's
  /// ``arguments``: ICU writes any other as its own text, so a typo
  /// (`{dat}`, `{nom}`) would be printed or mailed as written.
  public func problem(inPattern pattern: String, locale: LocaleIdentifier) -> PatternProblem? {
    let message: ICUMessageFormat
    do {
      message = try ICUMessageFormat(pattern, locale: locale)
    } catch {
      return .invalidPattern("\(error)")
    }
    do {
      _ = try message.format(sampleArguments)
    } catch {
      return .invalidPattern("\(error) when formatted (\(kindsPhrase))")
    }
    guard let names = try? ICUMessageFormat.argumentNames(in: pattern) else { return nil }
    let known = Set(arguments.map(\.name))
    let unknown = names.filter { !known.contains($0) }
    guard !unknown.isEmpty else { return quotedPlaceholders(in: message) }
    let named = unknown.prefix(5).map { "{\(TerminalText.echo($0, limit: 40))}" }.joined(separator: ", ")
    let allowed =
      arguments.isEmpty
      ? "\(holder) takes no placeholder"
      : "\(holder) may use " + arguments.map { "{\($0.name)}" }.joined(separator: ", ")
    return .unknownPlaceholders("\(unknown.count == 1 ? "placeholder" : "placeholders") \(named) unknown (\(allowed))")
  }

  /// Counts that reach every plural branch of CLDR's languages (zero, one,
  /// two, few, many, other: French many is 1,000,000; `=N` branches up to 3).
  private static let sampleCounts: [Double] = [0, 1, 2, 3, 5, 11, 21, 100, 1.5, 1_000_000]

  /// Which of the key's placeholders `message` prints as written, in any
  /// plural branch: ICU's apostrophe before `{` starts quoted text, so a
  /// translator's `l'{zone}` prints `l{zone}`.
  private func quotedPlaceholders(in message: ICUMessageFormat) -> PatternProblem? {
    let counts = arguments.contains { $0.kind == .number } ? Self.sampleCounts : [1]
    var quoted: [String] = []
    for count in counts {
      var values = sampleArguments
      for argument in arguments where argument.kind == .number { values[argument.name] = .number(count) }
      guard let text = try? message.format(values) else { continue }
      for argument in arguments where text.contains("{\(argument.name)}") && !quoted.contains(argument.name) {
        quoted.append(argument.name)
      }
    }
    guard !quoted.isEmpty else { return nil }
    let named = quoted.map { "{\($0)}" }.joined(separator: ", ")
    return .quotedPlaceholders(
      "prints \(named) as written: an apostrophe before '{' starts quoted text (write '' for an apostrophe, "
        + "or use ’)")
  }

  /// Who is given the arguments, as the reasons name it: "a subject" (a
  /// catalog's or `--subject`), otherwise the key.
  private var holder: String { self == .mailSubject ? "a subject" : rawValue }

  /// A value of each argument's kind, to format a pattern with once.
  private var sampleArguments: [String: MessageArgument] {
    Dictionary(uniqueKeysWithValues: arguments.map { ($0.name, $0.kind == .number ? .number(1) : .string("1")) })
  }

  /// "{count} is a number; {date}, {from} and {to} are text": the kinds a
  /// pattern that fails to format must fit.
  private var kindsPhrase: String {
    func list(_ kind: ArgumentKind, one: String, many: String) -> String? {
      let names = arguments.filter { $0.kind == kind }.map { "{\($0.name)}" }
      guard let last = names.last else { return nil }
      let head = names.dropLast().joined(separator: ", ")
      return names.count == 1 ? "\(last) \(one)" : "\(head) and \(last) \(many)"
    }
    let parts = [list(.number, one: "is a number", many: "are numbers"), list(.text, one: "is text", many: "are text")]
    let phrase = parts.compactMap { $0 }.joined(separator: "; ")
    return phrase.isEmpty ? "\(holder) takes no placeholder" : phrase
  }
}
