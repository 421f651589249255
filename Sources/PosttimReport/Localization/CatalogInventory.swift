import PosttimICU

/// One message catalog file (`messages/<name>.json`) checked against
/// ``MessageKey``: what `--list-locales` reports and the catalog tests check.
public struct CatalogFile: Sendable, Equatable {
  /// The file's name without `.json`: "fr", "zh_Hans".
  public let name: String
  /// The messages, or nil when the file is not a JSON object of strings.
  public let messages: [String: String]?

  /// Every ``MessageKey`` the file does not define, in declaration order
  /// (all of them when the file does not parse).
  public var missingKeys: [MessageKey] {
    MessageKey.allCases.filter { messages?[$0.rawValue] == nil }
  }

  /// Keys the file defines that are no ``MessageKey`` (typos), sorted.
  public var unknownKeys: [String] {
    let known = Set(MessageKey.allCases.map(\.rawValue))
    return (messages.map { Array($0.keys) } ?? []).filter { !known.contains($0) }.sorted()
  }

  /// True when the file parses and defines every ``MessageKey``.
  public var isComplete: Bool { messages != nil && missingKeys.isEmpty }

  /// The plural messages whose categories are not exactly the ones CLDR
  /// gives the catalog's language (UTS #35 Part 3 §5; explicit `=N` values
  /// aside), one line each, sorted by key:
  /// "section.count: one, other; ru needs one, few, many, other".
  /// ICU would format a missing category with `other`, so these are
  /// wrong words, not errors. Messages that do not parse are left to
  /// ``MessageCatalog/problem(inCatalog:text:)``.
  public var pluralProblems: [String] {
    guard let messages, let locale = try? LocaleIdentifier(name) else { return [] }
    let needed = PluralRules.orderedCategories(for: locale)
    var problems: [String] = []
    for key in messages.keys.sorted() {
      guard let plurals = try? ICUMessageFormat.pluralSelectors(in: messages[key]!) else { continue }
      for plural in plurals {
        let categories = plural.selectors.filter { !$0.hasPrefix("=") }
        guard Set(categories) != Set(needed) || categories.count != needed.count else { continue }
        problems.append(
          "\(key): \(categories.joined(separator: ", ")); \(name) needs \(needed.joined(separator: ", "))")
      }
    }
    return problems
  }
}

extension MessageCatalog {
  /// The names of the catalogs in `resources` (`messages/*.json`), sorted:
  /// ["ar", "de", "en", …]. Other files there (README.md) are not catalogs.
  public static func catalogNames(in resources: any ResourceFiles) -> [String] {
    resources.paths(under: "messages/").compactMap { path in
      let name = path.dropFirst("messages/".count)
      guard name.hasSuffix(".json"), !name.contains("/") else { return nil }
      return String(name.dropLast(".json".count))
    }.sorted()
  }

  /// The catalog `messages/<name>.json`, or nil when there is no such file.
  public static func catalogFile(named name: String, in resources: any ResourceFiles) -> CatalogFile? {
    guard let text = resources.text(at: "messages/\(name).json") else { return nil }
    return CatalogFile(name: name, messages: parse(text))
  }

  /// True when a message found in `catalog` counts as a fallback for this
  /// locale: it comes from the root (English) catalog although the locale
  /// is not English and has a catalog of its own language.
  func isFallback(_ catalog: String) -> Bool {
    catalog == Self.rootLanguage && chain.first != Self.rootLanguage
      && locale.language != Self.rootLanguage
  }

  /// The keys that would be taken from the root catalog, each with a
  /// warning, when a report is written in this locale; empty when the
  /// locale's own catalogs define every key.
  public var fallbackKeys: [MessageKey] {
    MessageKey.allCases.filter { key in lookup(key.rawValue).map { isFallback($0.catalog) } ?? false }
  }

  /// The keys no catalog of the chain defines (not even the root one).
  public var unresolvedKeys: [MessageKey] {
    MessageKey.allCases.filter { lookup($0.rawValue) == nil }
  }
}
