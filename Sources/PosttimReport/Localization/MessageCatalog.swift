import FoundationEssentials
import PosttimICU
import Synchronization

/// The report's own words in one locale, from the JSON catalogs in
/// `Templates/messages/` (one file per language, a flat object of
/// ``MessageKey`` → ICU MessageFormat pattern), formatted by ICU.
///
/// Resolution follows the locale's fallback chain, e.g. fr_CA → fr → en:
/// a message missing from `fr_CA.json` comes from `fr.json`, then from
/// `en.json` (with a warning naming the locale and key), never a blank or
/// a raw key. Each name is looked up in a `--template-dir` first, then
/// among the shipped catalogs: a message missing from a user's `fr.json`
/// comes from the shipped `fr.json`.
public final class MessageCatalog: Sendable {
  /// The locale whose catalog (or its fallback) supplies the words.
  public let locale: LocaleIdentifier
  /// The catalog files in lookup order, e.g. ["fr", "en"].
  public let chain: [String]
  private let layers: [(name: String, messages: [String: String])]
  /// The shipped English catalog, consulted last whatever a user's
  /// `--template-dir` holds, so no raw key ever reaches a report.
  private let safetyNet: (name: String, messages: [String: String])?
  private let warn: @Sendable (String) -> Void
  /// The language of the locale's catalog form ("he" for iw_IL), kept
  /// because ICU's alias replacement costs tens of thousands of
  /// instructions and every message asks for it.
  private let ownLanguage: String?
  /// Compiled messages by key: ICU parses each pattern once per run.
  private let compiled = FormatterCache<String, ICUMessageFormat>(countLimit: 1024)
  /// By key, the compiled message ``text(_:_:)`` last formatted it with.
  private let resolved = Mutex<[String: ICUMessageFormat]>([:])
  /// Warnings already given: each is given once, however often the report
  /// uses the message (a section count is formatted once per section).
  private let warned = Mutex<Set<String>>([])

  /// The language every catalog falls back to.
  public static let rootLanguage = "en"

  /// Loads the catalogs for `locale`.
  /// - Parameter warn: receives one line per fallback or broken message.
  public init(
    locale: LocaleIdentifier, resources: any ResourceFiles,
    warn: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.locale = locale
    self.warn = warn
    let catalogForm = Self.catalogForm(of: locale)
    ownLanguage = catalogForm.split(separator: "_").first.map(String.init)
    var layers: [(String, [String: String])] = []
    for name in Self.candidates(catalogForm: catalogForm) where !layers.contains(where: { $0.0 == name }) {
      // A --template-dir catalog, then the shipped one of the same name:
      // a user's fr.json may hold only the messages it changes.
      for text in resources.texts(at: "messages/\(name).json") {
        guard let messages = Self.parse(text) else {
          warn(
            "message catalog messages/\(name).json \(Self.shapeProblem(text) ?? "is not a JSON object of strings"); ignored"
          )
          continue
        }
        // A typo'd key would change nothing, silently (the shipped catalogs have none).
        let unknown = CatalogFile(name: name, messages: messages).unknownKeys
        if !unknown.isEmpty {
          // Named up to five: another app's catalog dropped in holds thousands.
          let named = unknown.prefix(5).map { "'\(TaskListError.printable($0, limit: 80))'" }.joined(separator: ", ")
          let more = unknown.count > 5 ? " and \(unknown.count - 5) more keys" : ""
          warn("message catalog messages/\(name).json: no message is named \(named)\(more) (a typo?); ignored")
        }
        layers.append((name, messages))
      }
    }
    self.layers = layers
    var named: Set<String> = []
    self.chain = layers.map(\.0).filter { named.insert($0).inserted }
    safetyNet = EmbeddedResources().text(at: "messages/\(Self.rootLanguage).json")
      .flatMap(Self.parse).map { (Self.rootLanguage, $0) }
    if chain.first == Self.rootLanguage, locale.language != Self.rootLanguage {
      warn("no message catalog for \(locale.icuID); using \(Self.rootLanguage)")
    }
  }

  /// Passes `message` to `warn` the first time only.
  private func warnOnce(_ message: String) {
    let isFirst = warned.withLock { $0.insert(message).inserted }
    if isFirst { warn(message) }
  }

  /// Catalog names to try for a locale, most specific first:
  /// zh_Hant_TW → zh_Hant_TW, zh_TW, zh_Hant, zh, en;
  /// zh_TW → zh_TW, zh_Hant_TW, zh_Hant, zh, en.
  ///
  /// The locale is first put in CLDR's canonical form with alias
  /// replacement (``LocaleIdentifier/canonicalAlias``: iw_IL → he_IL), then
  /// a macrolanguage ICU keeps is mapped to the catalog of its written
  /// standard (``macrolanguageCatalogs``: no → nb), and likely subtags add
  /// the script (zh_HK → zh_Hant, zh_SG → zh_Hans).
  static func candidates(for locale: LocaleIdentifier) -> [String] {
    candidates(catalogForm: catalogForm(of: locale))
  }

  /// ``candidates(for:)`` from the locale's ``catalogForm(of:)``.
  private static func candidates(catalogForm canonical: String) -> [String] {
    let parts = canonical.split(separator: "_").map(String.init)
    var names: [String] = []
    var prefix = parts
    while !prefix.isEmpty {
      names.append(prefix.joined(separator: "_"))
      prefix.removeLast()
    }
    let likely = (try? LocaleIdentifier(canonical))?.likelyScript
    // A region's catalog with and without the script likely subtags give
    // it: zh_TW and zh_Hant_TW are one locale, and either file serves it
    // (the spelling of the locale first). Not zh_TW.json for zh_Hans_TW.
    if let language = parts.first, parts.count >= 2 {
      let hasScript = parts[1].count == 4 && parts[1].first!.isLetter
      if hasScript, parts.count >= 3, let withScript = names.firstIndex(of: parts[0..<3].joined(separator: "_")),
        (try? LocaleIdentifier(language + "_" + parts[2]))?.likelyScript == parts[1]
      {
        names.insert(language + "_" + parts[2], at: withScript + 1)
      } else if !hasScript, let likely, let region = names.firstIndex(of: language + "_" + parts[1]) {
        names.insert(language + "_" + likely + "_" + parts[1], at: region + 1)
      }
    }
    if let language = parts.first, let likely, !parts.contains(likely) {
      names.insert(language + "_" + likely, at: names.count - 1)
    }
    names.append(rootLanguage)
    return names
  }

  /// Macrolanguages whose CLDR code ICU 72 keeps as it is, mapped to the
  /// catalog of the written standard their readers use: `no` (Norwegian)
  /// is written in Bokmål by nine readers in ten, and ICU's `no` data is
  /// Bokmål.
  static let macrolanguageCatalogs = ["no": "nb"]

  /// The locale's ID as catalogs are named: aliases replaced, keywords
  /// dropped, a macrolanguage mapped ("iw_IL@calendar=hebrew" → "he_IL",
  /// "no_NO" → "nb_NO").
  static func catalogForm(of locale: LocaleIdentifier) -> String {
    let canonical = locale.canonicalAlias
    let base = canonical.split(separator: "@", maxSplits: 1).first.map(String.init) ?? canonical
    var parts = base.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
    if let language = parts.first, let replacement = macrolanguageCatalogs[language] { parts[0] = replacement }
    return parts.joined(separator: "_")
  }

  /// The locale a message from `catalog` is formatted in. A catalog of
  /// the report's own language formats in the report's locale (keywords
  /// included). A message taken from another language's catalog keeps that
  /// language's plural rules and number punctuation ("1 task", "21 tasks"
  /// in a ko_KR report) but the report locale's digits, through a
  /// `@numbers=` keyword ("٢١ tasks" in ar_EG), so counts read like the
  /// dates around them.
  func messageLocale(for catalog: String) -> LocaleIdentifier {
    if catalog.split(separator: "_").first.map(String.init) == ownLanguage { return locale }
    return (try? LocaleIdentifier("\(catalog)@numbers=\(locale.numberingSystem)")) ?? locale
  }

  /// The messages of a catalog's text, or nil (``messages(in:)`` says why).
  static func parse(_ text: String) -> [String: String]? {
    try? messages(in: text)
  }

  /// The catalog that defines `key` first in the chain, with its pattern.
  public func lookup(_ key: String) -> (catalog: String, pattern: String)? {
    for layer in layers { if let pattern = layer.messages[key] { return (layer.name, pattern) } }
    return nil
  }

  /// The message for `key`, formatted in the locale. A message missing
  /// from the locale's catalogs, or one ICU cannot format, comes from the
  /// next catalog in the chain (with a warning), never as a raw pattern.
  public func text(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:]) -> String {
    // The first catalog's message for the key, once it has formatted: a
    // detail's source line is asked for once per task, and the walk below
    // hashes the whole pattern. A message that fails for these arguments
    // takes the walk, which then tries the next catalogs.
    if let message = resolved.withLock({ $0[key.rawValue] }), let text = try? message.format(arguments) {
      return text
    }
    var isFirstCandidate = true
    for layer in layers + (safetyNet.map { [$0] } ?? []) {
      guard let pattern = layer.messages[key.rawValue] else { continue }
      if isFallback(layer.name) {
        warnOnce("message \"\(key.rawValue)\" is missing for \(locale.icuID); using \(layer.name)")
      }
      do {
        let message = try compiled.value(for: layer.name + "/" + pattern) { () throws(ICUMessageFormat.Failure) in
          try ICUMessageFormat(pattern, locale: messageLocale(for: layer.name))
        }
        let text = try message.format(arguments)
        // Only the first candidate is kept: one from a later catalog, taken
        // because an earlier one failed for these arguments, must not stand
        // in for it when other arguments come.
        if isFirstCandidate { resolved.withLock { $0[key.rawValue] = message } }
        return text
      } catch {
        isFirstCandidate = false
        warnOnce("message \"\(key.rawValue)\" in messages/\(layer.name).json: \(error); trying the next catalog")
      }
    }
    warnOnce("no message \"\(key.rawValue)\" in any catalog for \(locale.icuID)")
    return key.rawValue
  }

}

extension LocaleIdentifier {
  /// The script ICU's likely-subtags data gives the locale ("Hant" for
  /// zh_TW), or nil.
  var likelyScript: String? {
    let parts = maximized.split(separator: "@").first?.split(separator: "_") ?? []
    return parts.count > 1 && parts[1].count == 4 ? String(parts[1]) : nil
  }
}
