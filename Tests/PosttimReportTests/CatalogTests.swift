import Foundation
import PosttimICU
import PosttimReport
import Synchronization
import Testing

// MARK: - A small MessageFormat scanner

/// A parsed ICU MessageFormat pattern (ICU User Guide, "Formatting
/// Messages"; apostrophe mode DOUBLE_OPTIONAL, ICU's default): just enough
/// structure to check plural selectors, argument names and literal words.
indirect enum MessageNode: Equatable {
  /// Literal text, with apostrophe quoting already resolved.
  case text(String)
  /// `#` inside a plural sub-message.
  case number
  /// `{name}` or `{name, type}` or `{name, type, style}`.
  case argument(name: String, type: String?)
  /// `{name, plural|selectordinal|select, selector {message} …}`.
  case choice(name: String, type: String, options: [(selector: String, message: [MessageNode])])

  static func == (a: MessageNode, b: MessageNode) -> Bool {
    switch (a, b) {
    case (.text(let x), .text(let y)): x == y
    case (.number, .number): true
    case (.argument(let n1, let t1), .argument(let n2, let t2)): n1 == n2 && t1 == t2
    case (.choice(let n1, let t1, let o1), .choice(let n2, let t2, let o2)):
      n1 == n2 && t1 == t2 && o1.count == o2.count
        && zip(o1, o2).allSatisfy { $0.selector == $1.selector && $0.message == $1.message }
    default: false
    }
  }
}

struct MessageSyntaxError: Error, CustomStringConvertible {
  let offset: Int
  let reason: String
  var description: String { "\(reason) at offset \(offset)" }
}

/// Scans a MessageFormat pattern into ``MessageNode``s. Handles nested
/// braces, `''` and `'{…}'` quoting (an unclosed quote runs to the end, as
/// in ICU), `#` only directly inside plural sub-messages, `offset:` and
/// `=N` selectors; a plural or select without `other` is an error, as in
/// ICU (U_DEFAULT_KEYWORD_MISSING).
struct MessageScanner {
  private let chars: [Character]
  private var index = 0

  static func parse(_ pattern: String) throws -> [MessageNode] {
    var scanner = MessageScanner(chars: Array(pattern))
    let nodes = try scanner.message(inPlural: false, nested: false)
    guard scanner.index == scanner.chars.count else {
      throw MessageSyntaxError(offset: scanner.index, reason: "unmatched '}'")
    }
    return nodes
  }

  private init(chars: [Character]) { self.chars = chars }

  private var current: Character? { index < chars.count ? chars[index] : nil }

  /// Text and arguments up to an unquoted `}` (left unread) or the end.
  private mutating func message(inPlural: Bool, nested: Bool) throws -> [MessageNode] {
    var nodes: [MessageNode] = []
    var text = ""
    func flush() {
      if !text.isEmpty { nodes.append(.text(text)) }
      text = ""
    }
    while let c = current {
      switch c {
      case "'":
        index += 1
        if current == "'" {
          text.append("'")
          index += 1
        } else if let next = current, "{}|".contains(next) || (inPlural && next == "#") {
          // Quoted literal up to the next single apostrophe ('' inside is
          // '), or to the end of the pattern as in ICU.
          while let q = current {
            index += 1
            if q == "'" {
              if current == "'" {
                text.append("'")
                index += 1
              } else {
                break
              }
            } else {
              text.append(q)
            }
          }
        } else {
          text.append("'")
        }
      case "{":
        flush()
        index += 1
        nodes.append(try argument())
      case "}":
        guard nested else { throw MessageSyntaxError(offset: index, reason: "unmatched '}'") }
        flush()
        return nodes
      case "#" where inPlural:
        flush()
        nodes.append(.number)
        index += 1
      default:
        text.append(c)
        index += 1
      }
    }
    guard !nested else { throw MessageSyntaxError(offset: index, reason: "missing '}'") }
    flush()
    return nodes
  }

  private mutating func skipSpaces() {
    while let c = current, c.isWhitespace { index += 1 }
  }

  /// A token up to white space or one of `stops`.
  private mutating func token(until stops: String) -> String {
    var result = ""
    while let c = current, !c.isWhitespace, !stops.contains(c) {
      result.append(c)
      index += 1
    }
    return result
  }

  /// After `{`: the argument through its closing `}`.
  private mutating func argument() throws -> MessageNode {
    skipSpaces()
    let name = token(until: ",}")
    guard !name.isEmpty else { throw MessageSyntaxError(offset: index, reason: "missing argument name") }
    skipSpaces()
    if current == "}" {
      index += 1
      return .argument(name: name, type: nil)
    }
    guard current == "," else { throw MessageSyntaxError(offset: index, reason: "expected ',' or '}'") }
    index += 1
    skipSpaces()
    let type = token(until: ",}")
    skipSpaces()
    if current == "}" {
      index += 1
      return .argument(name: name, type: type)
    }
    guard current == "," else { throw MessageSyntaxError(offset: index, reason: "expected ',' or '}'") }
    index += 1
    guard ["plural", "selectordinal", "select"].contains(type) else {
      try skipStyle()
      return .argument(name: name, type: type)
    }
    var options: [(selector: String, message: [MessageNode])] = []
    while true {
      skipSpaces()
      guard let c = current else { throw MessageSyntaxError(offset: index, reason: "missing '}'") }
      if c == "}" {
        index += 1
        break
      }
      let selector = token(until: "{}")
      guard !selector.isEmpty else { throw MessageSyntaxError(offset: index, reason: "missing selector") }
      if type != "select", selector.hasPrefix("offset:") { continue }
      skipSpaces()
      guard current == "{" else { throw MessageSyntaxError(offset: index, reason: "expected '{' after \(selector)") }
      index += 1
      let message = try message(inPlural: type != "select", nested: true)
      index += 1  // the sub-message's '}'
      options.append((selector, message))
    }
    guard options.contains(where: { $0.selector == "other" }) else {
      throw MessageSyntaxError(offset: index, reason: "no 'other' selector")
    }
    return .choice(name: name, type: type, options: options)
  }

  /// An argument style (`::currency/EUR`, a number pattern) through the
  /// argument's `}`, counting nested braces and skipping quoted text.
  private mutating func skipStyle() throws {
    var depth = 0
    while let c = current {
      index += 1
      switch c {
      case "'":
        while let q = current, q != "'" { index += 1 }
        guard current == "'" else { throw MessageSyntaxError(offset: index, reason: "unterminated quote") }
        index += 1
      case "{": depth += 1
      case "}":
        if depth == 0 { return }
        depth -= 1
      default: break
      }
    }
    throw MessageSyntaxError(offset: index, reason: "missing '}'")
  }
}

extension [MessageNode] {
  /// Every plural (and selectordinal) argument, nested ones included.
  var pluralChoices: [(name: String, selectors: [String])] {
    flatMap { node -> [(name: String, selectors: [String])] in
      guard case .choice(let name, let type, let options) = node else { return [] }
      let inner = options.flatMap { $0.message.pluralChoices }
      return (type == "plural" ? [(name, options.map(\.selector))] : []) + inner
    }
  }

  /// Argument names with their type ("plural", "number", nil…).
  var arguments: [String: String?] {
    var result: [String: String?] = [:]
    for node in self {
      switch node {
      case .argument(let name, let type): result[name] = type
      case .choice(let name, let type, let options):
        result[name] = type
        for option in options { result.merge(option.message.arguments) { a, _ in a } }
      default: break
      }
    }
    return result
  }

  /// The literal text of the message, all branches, no argument names.
  var literalText: [String] {
    flatMap { node -> [String] in
      switch node {
      case .text(let text): [text]
      case .choice(_, _, let options): options.flatMap { $0.message.literalText }
      default: []
      }
    }
  }
}

// MARK: - Shipped catalogs

/// The catalogs shipped in Templates/messages/ (embedded at build time).
enum ShippedCatalogs {
  static let resources = EmbeddedResources()

  static var names: [String] {
    resources.paths(under: "messages/").filter { $0.hasSuffix(".json") }.map {
      String($0.dropFirst("messages/".count).dropLast(".json".count))
    }
  }

  static func messages(_ name: String) throws -> [String: String] {
    let text = try #require(resources.text(at: "messages/\(name).json"))
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(object as? [String: String], "messages/\(name).json is not a JSON object of strings")
  }

  /// Sample values for each key's arguments (from the docs in MessageKey.swift).
  static let sampleArguments: [MessageKey: [String: MessageArgument]] = [
    .reportTimeZone: ["zone": .string("ZONE")],
    .reportGenerated: ["generator": .string("GENERATOR"), "date": .string("DATE")],
    .reportTotal: ["count": .number(3)],
    .sectionWeek: ["date": .string("DATE")],
    .sectionRelativeDay: ["relative": .string("RELATIVE"), "date": .string("DATE")],
    .sectionCount: ["count": .number(3)],
    .importanceValue: ["importance": .number(7)],
    .mailSubject: ["date": .string("DATE")],
    .detailsSource: ["file": .string("FILE"), "entry": .number(3)],
    .mailCalendarAttached: ["file": .string("agenda.ics")],
    .calendarReminder: ["title": .string("TITLE")],
  ]
}

@Suite("Message catalogs")
struct CatalogTests {
  @Test("the shipped languages")
  func shippedLanguages() {
    #expect(
      ShippedCatalogs.names == [
        "ar", "bn", "ca", "cs", "da", "de", "el", "en", "es", "fa", "fi", "fr", "he", "hi", "hu", "id", "it", "ja",
        "ko", "lt", "lv", "nb", "nl", "pl", "pt", "ro", "ru", "sv", "th", "tr", "uk", "vi", "zh_Hans", "zh_Hant",
      ])
    #expect(MessageCatalog.catalogNames(in: ShippedCatalogs.resources) == ShippedCatalogs.names)
  }

  @Test("every catalog has every key and no other", arguments: ShippedCatalogs.names)
  func keys(name: String) throws {
    let messages = try ShippedCatalogs.messages(name)
    #expect(Set(messages.keys) == Set(MessageKey.allCases.map(\.rawValue)))
    let file = try #require(MessageCatalog.catalogFile(named: name, in: ShippedCatalogs.resources))
    #expect(file.isComplete)
    #expect(file.missingKeys == [])
    #expect(file.unknownKeys == [])
  }

  @Test("every message parses, takes its documented arguments and formats with ICU", arguments: ShippedCatalogs.names)
  func formats(name: String) throws {
    let locale = try LocaleIdentifier(name)
    for (key, pattern) in try ShippedCatalogs.messages(name) {
      let messageKey = try #require(MessageKey(rawValue: key))
      let arguments = ShippedCatalogs.sampleArguments[messageKey] ?? [:]
      let nodes = try MessageScanner.parse(pattern)
      #expect(Set(nodes.arguments.keys) == Set(arguments.keys), "\(name) \(key): arguments")
      #expect(!pattern.contains("\u{200E}") && !pattern.contains("\u{200F}"), "\(name) \(key): no bidi marks")
      for (argument, value) in arguments {
        if case .number = value {
          #expect(["plural", "number"].contains(nodes.arguments[argument] ?? nil), "\(name) \(key): \(argument)")
        }
      }
      // Numbers that reach every plural category of the shipped languages.
      let counts: [Double] =
        arguments.values.contains { if case .number = $0 { true } else { false } }
        ? [0, 1, 2, 3, 11, 100, 1_000_000] : [0]
      for count in counts {
        var values = arguments
        for (argument, value) in arguments { if case .number = value { values[argument] = .number(count) } }
        let text: String
        do {
          text = try ICUMessageFormat.format(pattern, locale: locale, arguments: values)
        } catch {
          Issue.record("\(name) \(key): \(error)")
          continue
        }
        #expect(!text.isEmpty, "\(name) \(key)")
        #expect(!text.contains("{") && !text.contains("}") && !text.contains("#"), "\(name) \(key): \(text)")
        for case .string(let sample) in values.values {
          #expect(text.contains(sample), "\(name) \(key): \(sample) missing from \(text)")
        }
      }
    }
  }

  @Test("the sample arguments are the documented ones, of their kinds", arguments: MessageKey.allCases)
  func sampleArgumentsDocumented(key: MessageKey) {
    let documented = Dictionary(uniqueKeysWithValues: key.arguments.map { ($0.name, $0.kind) })
    for (name, value) in ShippedCatalogs.sampleArguments[key] ?? [:] {
      let kind: MessageKey.ArgumentKind = if case .number = value { .number } else { .text }
      #expect(documented[name] == kind, "\(key.rawValue) \(name)")
    }
    #expect(key == .mailSubject || Set(documented.keys) == Set((ShippedCatalogs.sampleArguments[key] ?? [:]).keys))
  }

  @Test("every catalog passes the check a --template-dir catalog gets", arguments: ShippedCatalogs.names)
  func passesUserCheck(name: String) throws {
    let text = try #require(ShippedCatalogs.resources.text(at: "messages/\(name).json"))
    #expect(MessageCatalog.problem(inCatalog: name, text: text) == nil)
  }

  @Test("plural messages list exactly the language's CLDR plural categories", arguments: ShippedCatalogs.names)
  func pluralCategories(name: String) throws {
    let categories = Set(PluralRules.categories(for: try LocaleIdentifier(name)))
    var plurals = 0
    for (key, pattern) in try ShippedCatalogs.messages(name) {
      for choice in try MessageScanner.parse(pattern).pluralChoices {
        plurals += 1
        let selectors = choice.selectors.filter { !$0.hasPrefix("=") }
        #expect(Set(selectors) == categories, "\(name) \(key) {\(choice.name), plural}")
        #expect(selectors.count == Set(selectors).count, "\(name) \(key): a selector twice")
      }
      // ICU's own parser finds the same plurals and selectors as the scanner.
      let icu = try ICUMessageFormat.pluralSelectors(in: pattern)
      let scanned = try MessageScanner.parse(pattern).pluralChoices
      #expect(
        icu.map(\.argument) == scanned.map(\.name) && icu.map(\.selectors) == scanned.map(\.selectors), "\(name) \(key)"
      )
    }
    #expect(try #require(MessageCatalog.catalogFile(named: name, in: ShippedCatalogs.resources)).pluralProblems == [])
    #expect(plurals == 2, "report.total and section.count")
  }

  @Test("ICU's plural categories of the shipped languages (CLDR 42)")
  func cldrCategories() throws {
    // CLDR 42 common/supplemental/plurals.xml, by hand.
    let expected: [String: Set<String>] = [
      "ar": ["zero", "one", "two", "few", "many", "other"], "bn": ["one", "other"],
      "ca": ["one", "many", "other"], "cs": ["one", "few", "many", "other"], "da": ["one", "other"],
      "de": ["one", "other"], "el": ["one", "other"], "en": ["one", "other"], "es": ["one", "many", "other"],
      "fa": ["one", "other"], "fi": ["one", "other"], "fr": ["one", "many", "other"],
      "he": ["one", "two", "other"], "hi": ["one", "other"], "hu": ["one", "other"], "id": ["other"],
      "it": ["one", "many", "other"], "ja": ["other"], "ko": ["other"], "lt": ["one", "few", "many", "other"],
      "lv": ["zero", "one", "other"], "nb": ["one", "other"], "nl": ["one", "other"],
      "pl": ["one", "few", "many", "other"], "pt": ["one", "many", "other"], "ro": ["one", "few", "other"],
      "ru": ["one", "few", "many", "other"], "sv": ["one", "other"], "th": ["other"], "tr": ["one", "other"],
      "uk": ["one", "few", "many", "other"], "vi": ["other"], "zh_Hans": ["other"], "zh_Hant": ["other"],
    ]
    for name in ShippedCatalogs.names {
      #expect(Set(PluralRules.categories(for: try LocaleIdentifier(name))) == expected[name], "\(name)")
    }
  }

  @Test("counts in the locale's plural forms and digits")
  func pluralSamples() throws {
    let samples: [(String, Double, String)] = [
      ("fr_CA", 0, "0 tâche"), ("fr_CA", 2, "2 tâches"), ("fr_CA", 1_000_000, "1\u{00A0}000\u{00A0}000 de tâches"),
      ("en_US", 1, "1 task"), ("de", 3, "3 Aufgaben"), ("es", 1, "1 tarea"), ("pt", 0, "0 tarefas"),
      ("it", 5, "5 attività"), ("ja_JP", 1, "1件"), ("zh_Hans_CN", 24, "24 项任务"),
      ("ar_EG", 0, "٠ مهمة"), ("ar_EG", 1, "مهمة واحدة"), ("ar_EG", 2, "مهمتان"), ("ar_EG", 4, "٤ مهام"),
      ("ar_EG", 24, "٢٤ مهمةً"), ("ar_EG", 100, "١٠٠ مهمة"), ("he", 2, "שתי משימות"), ("he", 5, "5 משימות"),
    ]
    for (id, count, expected) in samples {
      let catalog = MessageCatalog(locale: try LocaleIdentifier(id), resources: ShippedCatalogs.resources)
      #expect(catalog.text(.sectionCount, ["count": .number(count)]) == expected, "\(id) \(count)")
    }
  }
}

// MARK: - The scanner itself

@Suite("MessageFormat scanner")
struct MessageScannerTests {
  @Test("plural with nested select, # and =N")
  func nested() throws {
    let nodes = try MessageScanner.parse(
      "{n, plural, =0 {none} one {# {g, select, f {elle} other {il}}} other {# items}} left")
    #expect(nodes.pluralChoices.map(\.selectors) == [["=0", "one", "other"]])
    #expect(nodes.arguments == ["n": "plural", "g": "select"])
    #expect(nodes.literalText == ["none", " ", "elle", "il", " items", " left"])
    guard case .choice(_, _, let options) = nodes[0] else {
      Issue.record("not a choice")
      return
    }
    #expect(options[1].message.first == .number)
  }

  @Test("apostrophe quoting")
  func quoting() throws {
    #expect(try MessageScanner.parse("l'heure") == [.text("l'heure")])
    #expect(
      try MessageScanner.parse("it''s '{literal}' {x}") == [.text("it's {literal} "), .argument(name: "x", type: nil)])
    #expect(try MessageScanner.parse("x '{") == [.text("x {")])
    let quoted = try MessageScanner.parse("{n, plural, other {'#' is #}}")
    #expect(quoted == [.choice(name: "n", type: "plural", options: [("other", [.text("# is "), .number])])])
    // A quoted brace does not open a selector's message.
    #expect(
      try MessageScanner.parse("{n, plural, one {'}'} other {x}}").pluralChoices.map(\.selectors) == [["one", "other"]])
  }

  @Test("styles, offset and select")
  func styles() throws {
    #expect(
      try MessageScanner.parse("{v, number, ::percent} {d, date, short}") == [
        .argument(name: "v", type: "number"), .text(" "), .argument(name: "d", type: "date"),
      ])
    #expect(
      try MessageScanner.parse("{n, plural, offset:1 one {a} other {b}}").pluralChoices.map(\.selectors) == [
        ["one", "other"]
      ])
    #expect(try MessageScanner.parse("{g, select, male {# m} other {x}}").pluralChoices.isEmpty)
    #expect(try MessageScanner.parse("{g, select, male {# m} other {x}}").literalText == ["# m", "x"])
  }

  @Test(
    "syntax errors",
    arguments: [
      "{n, plural, one {a}", "{n, plural, one {a} two {b}}", "a}", "{", "{n, plural, one a}", "{n, plural, other {'}",
    ])
  func errors(pattern: String) {
    #expect(throws: MessageSyntaxError.self) { try MessageScanner.parse(pattern) }
  }
}

// MARK: - Fallback chain

/// Catalog files held in memory, for fallback tests.
struct MemoryResources: ResourceFiles {
  var files: [String: String]
  func text(at path: String) -> String? { files[path] }
  func paths(under folder: String) -> [String] { files.keys.filter { $0.hasPrefix(folder) }.sorted() }
}

/// Collects `MessageCatalog` warnings.
final class WarningLog: Sendable {
  private let lines = Mutex<[String]>([])
  var all: [String] { lines.withLock { $0 } }
  var sink: @Sendable (String) -> Void { { [self] line in self.lines.withLock { $0.append(line) } } }
}

@Suite("Catalog fallback")
struct CatalogFallbackTests {
  static func json(_ messages: [String: String]) -> String {
    let data = try! JSONSerialization.data(withJSONObject: messages, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  static let english = try! ShippedCatalogs.messages("en")
  static let french = try! ShippedCatalogs.messages("fr")

  @Test(
    "the chain of shipped catalogs",
    arguments: [
      ("fr_CA", ["fr", "en"]), ("fr", ["fr", "en"]), ("en_US", ["en"]), ("ar_EG", ["ar", "en"]),
      ("ja_JP", ["ja", "en"]), ("zh_CN", ["zh_Hans", "en"]), ("zh_TW", ["zh_Hant", "en"]), ("pt_BR", ["pt", "en"]),
      ("he_IL", ["he", "en"]), ("de_CH", ["de", "en"]), ("ko_KR", ["ko", "en"]), ("ja-JP-u-ca-japanese", ["ja", "en"]),
      ("ms_MY", ["en"]),
      // Legacy and alias codes, through CLDR alias replacement and likely subtags.
      ("iw", ["he", "en"]), ("iw_IL", ["he", "en"]), ("iw-IL", ["he", "en"]), ("zh_HK", ["zh_Hant", "en"]),
      ("zh_MO", ["zh_Hant", "en"]), ("zh_SG", ["zh_Hans", "en"]), ("zh-Hant-TW", ["zh_Hant", "en"]),
      ("no", ["nb", "en"]), ("no_NO", ["nb", "en"]), ("nb_NO", ["nb", "en"]), ("in_ID", ["id", "en"]),
      ("mo", ["ro", "en"]), ("iw_IL@calendar=hebrew", ["he", "en"]),
    ])
  func chains(locale: String, chain: [String]) throws {
    let catalog = MessageCatalog(locale: try LocaleIdentifier(locale), resources: ShippedCatalogs.resources)
    #expect(catalog.chain == chain)
  }

  @Test(
    "a regional catalog serves its locale spelled with or without the script likely subtags give it",
    arguments: [
      ("zh_TW", ["zh_TW", "zh_Hant_TW", "zh_Hant", "en"]), ("zh_Hant_TW", ["zh_Hant_TW", "zh_TW", "zh_Hant", "en"]),
      ("zh-Hant-TW-u-ca-chinese", ["zh_Hant_TW", "zh_TW", "zh_Hant", "en"]),
      ("zh_Hant_HK", ["zh_Hant_HK", "zh_HK", "zh_Hant", "en"]), ("zh_HK", ["zh_HK", "zh_Hant_HK", "zh_Hant", "en"]),
      ("fr_Latn_CA", ["fr_Latn_CA", "fr_CA", "fr", "en"]), ("fr_CA", ["fr_CA", "fr_Latn_CA", "fr", "en"]),
      // Simplified Chinese in Taiwan is not what zh_TW.json holds.
      ("zh_Hans_TW", ["zh_Hans", "en"]),
    ])
  func regionalCatalogsWithAndWithoutScript(locale: String, chain: [String]) throws {
    var files: [String: String] = [:]
    for name in ["en", "zh_Hans", "zh_Hant", "fr", "zh_TW", "zh_Hant_TW", "zh_HK", "zh_Hant_HK", "fr_CA", "fr_Latn_CA"]
    {
      files["messages/\(name).json"] = Self.json(["report.title": name])
    }
    let catalog = MessageCatalog(
      locale: try LocaleIdentifier(locale), resources: MemoryResources(files: files), warn: { _ in })
    #expect(catalog.chain == chain)
    #expect(catalog.text(.reportTitle) == chain[0])
  }

  @Test(
    "a catalog named with a locale ID other than its canonical ICU form is refused, with the name to give it",
    arguments: [
      ("fr-CA", "fr_CA"), ("FR", "fr"), ("iw", "he"), ("no", "nb"), ("no_NO", "nb_NO"), ("zh-Hant", "zh_Hant"),
    ])
  func nonCanonicalCatalogName(name: String, canonical: String) throws {
    let text = try #require(ShippedCatalogs.resources.text(at: "messages/en.json"))
    #expect(
      MessageCatalog.problem(inCatalog: name, text: text)
        == "is named \"\(name)\", which reports never look up: rename it \(canonical).json "
        + "(catalogs are named with the locale's canonical ICU ID)")
    #expect(MessageCatalog.problem(inCatalog: canonical, text: text) == nil)
  }

  @Test("a message that failed once for some arguments is still the first choice for others")
  func failureDoesNotStick() throws {
    let resources = MemoryResources(files: [
      "messages/fr.json": Self.json(["section.count": "{count, number} tâches"]),
      "messages/en.json": Self.json(["section.count": "{count} tasks"]),
    ])
    let catalog = MessageCatalog(locale: try LocaleIdentifier("fr_CA"), resources: resources, warn: { _ in })
    #expect(catalog.text(.sectionCount, ["count": .number(2)]) == "2 tâches")
    #expect(catalog.text(.sectionCount, ["count": .string("x")]) == "x tasks")  // fr cannot format a string as a number
    #expect(catalog.text(.sectionCount, ["count": .number(3)]) == "3 tâches")
    let fresh = MessageCatalog(locale: try LocaleIdentifier("fr_CA"), resources: resources, warn: { _ in })
    #expect(fresh.text(.sectionCount, ["count": .string("x")]) == "x tasks")
    #expect(fresh.text(.sectionCount, ["count": .number(3)]) == "3 tâches")
  }

  @Test("fr_CA → fr → en: a regional catalog overrides, a missing key falls back with one warning")
  func fallback() throws {
    var french = Self.french
    french["mail.subject"] = nil
    let resources = MemoryResources(files: [
      "messages/en.json": Self.json(Self.english),
      "messages/fr.json": Self.json(french),
      "messages/fr_CA.json": Self.json(["column.time": "Heure (HNE)"]),
    ])
    let log = WarningLog()
    let catalog = MessageCatalog(locale: try LocaleIdentifier("fr_CA"), resources: resources, warn: log.sink)
    #expect(catalog.chain == ["fr_CA", "fr", "en"])
    #expect(catalog.text(.columnTime) == "Heure (HNE)")
    #expect(catalog.text(.columnTask) == "Tâche")
    #expect(log.all == [])
    #expect(catalog.fallbackKeys == [.mailSubject])
    #expect(catalog.text(.mailSubject, ["date": .string("30 nov.")]) == "Agenda for 30 nov.")
    #expect(catalog.text(.mailSubject, ["date": .string("1 déc.")]) == "Agenda for 1 déc.")
    #expect(log.all == ["message \"mail.subject\" is missing for fr_CA; using en"])
  }

  @Test("English locales never warn; a language without a catalog warns once")
  func noCatalog() throws {
    let english = WarningLog()
    let enCatalog = MessageCatalog(
      locale: try LocaleIdentifier("en_GB"), resources: ShippedCatalogs.resources, warn: english.sink)
    #expect(enCatalog.text(.sectionOverdue) == "Overdue")
    #expect(english.all == [])

    // Malay has no catalog and one plural category ("other"): the English
    // message keeps English plural rules, not "1 tasks".
    let malay = WarningLog()
    let msCatalog = MessageCatalog(
      locale: try LocaleIdentifier("ms_MY"), resources: ShippedCatalogs.resources, warn: malay.sink)
    #expect(PluralRules.categories(for: try LocaleIdentifier("ms")) == ["other"])
    let counts: [(Double, String)] = [
      (0, "0 tasks"), (1, "1 task"), (2, "2 tasks"), (21, "21 tasks"), (1.5, "1.5 tasks"),
    ]
    for (count, expected) in counts {
      #expect(msCatalog.text(.sectionCount, ["count": .number(count)]) == expected)
    }
    #expect(msCatalog.text(.reportTotal, ["count": .number(1)]) == "1 task in all")
    #expect(msCatalog.text(.sectionOverdue) == "Overdue")
    #expect(malay.all == ["no message catalog for ms_MY; using en"])
  }

  @Test("English fallback keeps the report locale's digits: Burmese (mymr), Arabic-Indic with -u-nu")
  func fallbackDigits() throws {
    let burmese = MessageCatalog(locale: try LocaleIdentifier("my_MM"), resources: ShippedCatalogs.resources)
    #expect(burmese.text(.sectionCount, ["count": .number(1)]) == "\u{1041} task")
    #expect(burmese.text(.sectionCount, ["count": .number(21)]) == "\u{1042}\u{1041} tasks")
    let latin = MessageCatalog(locale: try LocaleIdentifier("my-MM-u-nu-latn"), resources: ShippedCatalogs.resources)
    #expect(latin.text(.sectionCount, ["count": .number(21)]) == "21 tasks")
  }

  @Test("a key missing from fr falls back to English with English plurals: 0 tasks, not 0 task")
  func fallbackPlurals() throws {
    var french = CatalogFallbackTests.french
    french["section.count"] = nil
    let resources = MemoryResources(files: [
      "messages/en.json": Self.json(Self.english), "messages/fr.json": Self.json(french),
    ])
    let catalog = MessageCatalog(locale: try LocaleIdentifier("fr_CA"), resources: resources)
    // French CLDR rules make 0 and 1.5 "one"; English makes them "other".
    #expect(catalog.text(.sectionCount, ["count": .number(0)]) == "0 tasks")
    #expect(catalog.text(.sectionCount, ["count": .number(1)]) == "1 task")
    #expect(catalog.text(.reportTotal, ["count": .number(0)]) == "0 tâche en tout")
  }

  @Test("a legacy code from LANG finds its catalog: iw_IL.UTF-8 is Hebrew")
  func legacyFromEnvironment() throws {
    let locale = try #require(try LocaleIdentifier.fromEnvironment(["LANG": "iw_IL.UTF-8"]))
    let log = WarningLog()
    let catalog = MessageCatalog(locale: locale, resources: ShippedCatalogs.resources, warn: log.sink)
    #expect(catalog.chain == ["he", "en"])
    #expect(catalog.text(.reportTitle) == "סדר יום")
    #expect(catalog.text(.sectionCount, ["count": .number(2)]) == "שתי משימות")
    #expect(log.all == [])
    let norwegian = MessageCatalog(
      locale: try #require(try LocaleIdentifier.fromEnvironment(["LC_ALL": "no_NO.UTF-8"])),
      resources: ShippedCatalogs.resources)
    #expect(norwegian.text(.sectionCount, ["count": .number(2)]) == "2 oppgaver")
  }

  @Test("a catalog that is not JSON is ignored with a warning")
  func brokenCatalog() throws {
    let resources = MemoryResources(files: [
      "messages/en.json": Self.json(Self.english), "messages/fr.json": "{\"report.title\": 3}",
    ])
    let log = WarningLog()
    let catalog = MessageCatalog(locale: try LocaleIdentifier("fr_CA"), resources: resources, warn: log.sink)
    #expect(catalog.chain == ["en"])
    #expect(catalog.text(.reportTitle) == "Agenda")
    #expect(
      log.all == [
        "message catalog messages/fr.json \"report.title\" is a number, not a string; ignored",
        "no message catalog for fr_CA; using en",
      ])
  }

  @Test("the shipped catalogs need no fallback")
  func shippedComplete() throws {
    for locale in ["fr_CA", "ar_EG", "ja_JP", "zh_CN", "he_IL", "es_MX", "de_AT", "it_IT", "pt_PT", "en_US"] {
      let catalog = MessageCatalog(locale: try LocaleIdentifier(locale), resources: ShippedCatalogs.resources)
      #expect(catalog.fallbackKeys == [], "\(locale)")
      #expect(catalog.unresolvedKeys == [], "\(locale)")
    }
  }
}

@Suite("Catalog safety net")
struct CatalogSafetyNetTests {
  @Test("a message ICU cannot parse falls back to the next catalog, never printed raw")
  func brokenMessage() throws {
    let resources = MemoryResources(files: [
      "messages/fr.json": #"{"section.count": "{count, plural, one {# tâche}"}"#
    ])
    let log = WarningLog()
    let catalog = MessageCatalog(locale: try LocaleIdentifier("fr_CA"), resources: resources, warn: log.sink)
    #expect(catalog.text(.sectionCount, ["count": .number(3)]) == "3 tasks")
    // A key the user's catalogs lack entirely still comes from the shipped English.
    #expect(catalog.text(.reportEmpty) == "No tasks.")
    #expect(
      log.all.contains {
        $0 == "message \"section.count\" in messages/fr.json: syntax error at offset 15; trying the next catalog"
      })
  }
}
