import PosttimICU
import PosttimReport

/// `--list-locales`: the languages with a catalog, or for one locale the
/// catalog and fallbacks it would use.
///
/// Without a locale, one line per catalog in `messages/`: its status, how
/// many messages a report in its locale finds without English fallback,
/// the language's CLDR plural categories (what its plural messages must
/// list; a plural message that lists others gets a line), and its name in
/// English and in itself:
///
///     fr        complete    21/21  one many other               French                    français
///                 19 of 21 messages, the rest from the shipped fr
///                 plural section.count: one, other; fr needs one, many, other
///     fr_CA     complete    21/21  one many other               French (Canada)           français (Canada)
///                 1 of 21 messages, the rest from fr
///
/// With a locale, the catalogs it uses in order, the keys that would
/// fall back to English, and what a `--template-dir` catalog over a
/// shipped one gives:
///
///     fr_CA: fr (français) → en (English)
///     every message from fr
///     fr: 1 of 24 messages from the template folder, the rest shipped
struct LocaleListing {
  let resources: any ResourceFiles
  /// Why a report refuses a catalog, by catalog name: such a catalog is
  /// "invalid", with that reason under it.
  var refusals: [String: String] = [:]

  private static let english = try! LocaleIdentifier("en")

  func text(for locale: LocaleIdentifier?) -> String {
    let lines = locale.map(chainLines(for:)) ?? catalogLines()
    return lines.map { $0 + "\n" }.joined()
  }

  /// "fr (français)": a catalog name with its name in its own language.
  private func nativeName(_ catalog: String) -> String {
    guard let locale = try? LocaleIdentifier(catalog) else { return catalog }
    return "\(catalog) (\(locale.displayName(in: locale)))"
  }

  /// One line per catalog file, then indented details: what a regional
  /// catalog builds on, the keys that would fall back to English, unknown
  /// keys. A catalog is complete when a report in its locale needs no
  /// fallback (a regional one counts its parents: fr_CA with fr).
  private func catalogLines() -> [String] {
    var lines: [String] = []
    let indent = String(repeating: " ", count: 12)
    for name in MessageCatalog.catalogNames(in: resources) {
      guard let file = MessageCatalog.catalogFile(named: name, in: resources) else { continue }
      let locale = try? LocaleIdentifier(name)
      let inEnglish = locale?.displayName(in: Self.english) ?? "?"
      let inItself = locale.map { $0.displayName(in: $0) } ?? "?"
      var missing = file.missingKeys
      var parents: [String] = []
      if let locale {
        let catalog = MessageCatalog(locale: locale, resources: resources)
        // Each of these scans the catalogs: compute them once, not per key.
        let notOwn = Set(catalog.fallbackKeys).union(catalog.unresolvedKeys)
        missing = MessageKey.allCases.filter(notOwn.contains)
        // Regional English (en_GB) builds on en; other catalogs' parents
        // stop before the English fallback.
        parents = catalog.chain.drop { $0 != name }.dropFirst().filter {
          $0 != MessageCatalog.rootLanguage || locale.language == MessageCatalog.rootLanguage
        }
      }
      let refusal = refusals[name]
      let usable = file.messages != nil && locale != nil && refusal == nil
      let status = !usable ? "invalid" : missing.isEmpty ? "complete" : "incomplete"
      let total = MessageKey.allCases.count
      let found = !usable ? 0 : total - missing.count
      let plurals = locale.map { PluralRules.orderedCategories(for: $0).joined(separator: " ") } ?? "?"
      lines.append(
        "\(pad(TerminalText.echo(name, limit: 80), 9)) \(pad(status, 11)) \(pad("\(found)/\(total)", 6)) \(pad(plurals, 28)) "
          + "\(pad(inEnglish, 25)) \(inItself)")
      if let refusal {
        lines.append(indent + TerminalText.echo(refusal))
        continue
      }
      if file.messages == nil {
        lines.append(indent + "not a JSON object of strings")
        continue
      }
      if locale == nil {
        // A report refuses such a file (78); its name may hold anything.
        lines.append(indent + "not a locale identifier")
        continue
      }
      let own = MessageKey.allCases.count - file.missingKeys.count
      if isOverShipped(name) {
        if own < MessageKey.allCases.count {
          lines.append(indent + "\(own) of \(MessageKey.allCases.count) messages, the rest from the shipped \(name)")
        }
      } else if !parents.isEmpty {
        lines.append(
          indent + "\(own) of \(MessageKey.allCases.count) messages, the rest from " + parents.joined(separator: ", "))
      }
      if !missing.isEmpty {
        lines.append(indent + "missing: " + missing.map(\.rawValue).joined(separator: ", "))
      }
      for problem in file.pluralProblems { lines.append(indent + "plural " + problem) }
      if !file.unknownKeys.isEmpty {
        lines.append(indent + "unknown keys: " + file.unknownKeys.joined(separator: ", "))
      }
    }
    if lines.isEmpty { lines.append("no message catalogs") }
    return lines
  }

  private func chainLines(for locale: LocaleIdentifier) -> [String] {
    let catalog = MessageCatalog(locale: locale, resources: resources)
    let root = MessageCatalog.rootLanguage
    var lines = ["\(locale.icuID): " + catalog.chain.map(nativeName).joined(separator: " → ")]
    let language = locale.language
    if catalog.chain.first == root && language != root {
      lines.append("no catalog for \(locale.icuID) (\(locale.displayName(in: Self.english))): every message in \(root)")
    } else if !catalog.chain.isEmpty {
      let fallbacks = catalog.fallbackKeys
      if fallbacks.isEmpty {
        let used = catalog.chain.filter { name in
          MessageKey.allCases.contains { catalog.lookup($0.rawValue)?.catalog == name }
        }
        lines.append("every message from " + used.joined(separator: ", "))
      } else {
        lines.append(
          "falls back to \(root) for \(fallbacks.count) of \(MessageKey.allCases.count) messages: "
            + fallbacks.map(\.rawValue).joined(separator: ", "))
      }
    }
    let unresolved = catalog.unresolvedKeys
    if !unresolved.isEmpty {
      lines.append("in no catalog: " + unresolved.map(\.rawValue).joined(separator: ", "))
    }
    // What a --template-dir catalog over a shipped one gives, and its typos.
    for name in catalog.chain where isOverShipped(name) {
      guard let file = MessageCatalog.catalogFile(named: name, in: resources), file.messages != nil else { continue }
      let total = MessageKey.allCases.count
      lines.append(
        "\(name): \(total - file.missingKeys.count) of \(total) messages from the template folder, the rest shipped")
      if !file.unknownKeys.isEmpty {
        lines.append("\(name): unknown keys: " + file.unknownKeys.map { TerminalText.echo($0) }.joined(separator: ", "))
      }
    }
    return lines
  }

  /// Whether the catalog `name` is a --template-dir one over the shipped
  /// one of its name.
  private func isOverShipped(_ name: String) -> Bool { resources.texts(at: "messages/\(name).json").count > 1 }

  /// Padded by terminal columns, not characters: "中文（简体）" is 12 wide.
  private func pad(_ text: String, _ width: Int) -> String { DisplayWidth.padded(text, to: width) }
}
