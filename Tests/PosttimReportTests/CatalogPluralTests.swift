import PosttimICU
import PosttimReport
import Testing

/// The plural operands of UTS #35 Part 3 §5.1 for a decimal as written:
/// n absolute value, i integer digits, v visible fraction digit count,
/// f visible fraction digits, t the same without trailing zeros.
struct PluralOperands: Sendable {
  let n: Double, i: Int, v: Int, f: Int, t: Int

  /// `written` is the number as MessageFormat's `#` writes it, in ASCII:
  /// "21", "1.5".
  init(_ written: String) {
    let parts = written.split(separator: ".", maxSplits: 1)
    n = Double(written)!
    i = Int(parts[0])!
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    v = fraction.count
    f = Int(fraction) ?? 0
    t = Int(String(fraction.reversed().drop { $0 == "0" }.reversed())) ?? 0
  }
}

/// CLDR 42 cardinal plural rules (common/supplemental/plurals.xml), written
/// out by hand for every shipped catalog's language: the oracle the
/// catalogs' count messages are checked against, independent of ICU.
enum CLDRPluralRules {
  typealias Rule = @Sendable (PluralOperands) -> String

  static func inRange(_ value: Int, _ range: ClosedRange<Int>) -> Bool { range.contains(value) }
  static func inRange(_ value: Double, _ range: ClosedRange<Int>) -> Bool {
    value == value.rounded() && range.contains(Int(value))
  }

  /// one: i = 1 and v = 0.
  static let oneIfIntegerOne: Rule = { $0.i == 1 && $0.v == 0 ? "one" : "other" }
  /// one: n = 1.
  static let oneIfNOne: Rule = { $0.n == 1 ? "one" : "other" }
  /// one: i = 0 or n = 1.
  static let oneIfBelowTwo: Rule = { $0.i == 0 || $0.n == 1 ? "one" : "other" }
  static let otherOnly: Rule = { _ in "other" }
  /// many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 (no compact
  /// exponent in these messages).
  static func millions(_ o: PluralOperands) -> Bool { o.i != 0 && o.i % 1_000_000 == 0 && o.v == 0 }
  /// ru, uk.
  static let eastSlavic: Rule = { o in
    if o.v == 0 && o.i % 10 == 1 && o.i % 100 != 11 { return "one" }
    if o.v == 0 && inRange(o.i % 10, 2...4) && !inRange(o.i % 100, 12...14) { return "few" }
    if o.v == 0 && (o.i % 10 == 0 || inRange(o.i % 10, 5...9) || inRange(o.i % 100, 11...14)) { return "many" }
    return "other"
  }

  static let rules: [String: Rule] = [
    "en": oneIfIntegerOne, "de": oneIfIntegerOne, "nl": oneIfIntegerOne, "sv": oneIfIntegerOne,
    "fi": oneIfIntegerOne, "el": oneIfNOne, "hu": oneIfNOne, "tr": oneIfNOne, "nb": oneIfNOne,
    "hi": oneIfBelowTwo, "bn": oneIfBelowTwo, "fa": oneIfBelowTwo,
    "ja": otherOnly, "ko": otherOnly, "zh_Hans": otherOnly, "zh_Hant": otherOnly, "th": otherOnly,
    "vi": otherOnly, "id": otherOnly,
    "da": { o in o.n == 1 || (o.t != 0 && (o.i == 0 || o.i == 1)) ? "one" : "other" },
    "fr": { o in o.i == 0 || o.i == 1 ? "one" : millions(o) ? "many" : "other" },
    "pt": { o in o.i == 0 || o.i == 1 ? "one" : millions(o) ? "many" : "other" },
    "es": { o in o.n == 1 ? "one" : millions(o) ? "many" : "other" },
    "it": { o in o.i == 1 && o.v == 0 ? "one" : millions(o) ? "many" : "other" },
    "ca": { o in o.i == 1 && o.v == 0 ? "one" : millions(o) ? "many" : "other" },
    "ru": eastSlavic, "uk": eastSlavic,
    "pl": { o in
      if o.i == 1 && o.v == 0 { return "one" }
      if o.v == 0 && inRange(o.i % 10, 2...4) && !inRange(o.i % 100, 12...14) { return "few" }
      if o.v == 0 && ((o.i != 1 && inRange(o.i % 10, 0...1)) || inRange(o.i % 10, 5...9) || inRange(o.i % 100, 12...14))
      {
        return "many"
      }
      return "other"
    },
    "cs": { o in
      o.i == 1 && o.v == 0 ? "one" : inRange(o.i, 2...4) && o.v == 0 ? "few" : o.v != 0 ? "many" : "other"
    },
    "lt": { o in
      let n10 = o.n.truncatingRemainder(dividingBy: 10), n100 = o.n.truncatingRemainder(dividingBy: 100)
      if n10 == 1 && !inRange(n100, 11...19) { return "one" }
      if inRange(n10, 2...9) && !inRange(n100, 11...19) { return "few" }
      return o.f != 0 ? "many" : "other"
    },
    "lv": { o in
      let n10 = o.n.truncatingRemainder(dividingBy: 10), n100 = o.n.truncatingRemainder(dividingBy: 100)
      if n10 == 0 || inRange(n100, 11...19) || (o.v == 2 && inRange(o.f % 100, 11...19)) { return "zero" }
      if (n10 == 1 && n100 != 11) || (o.v == 2 && o.f % 10 == 1 && o.f % 100 != 11) || (o.v != 2 && o.f % 10 == 1) {
        return "one"
      }
      return "other"
    },
    "ro": { o in
      if o.i == 1 && o.v == 0 { return "one" }
      // few: v != 0 or n = 0 or n != 1 and n % 100 = 1..19 ("101 sarcini").
      return o.v != 0 || o.n == 0 || (o.n != 1 && inRange(o.n.truncatingRemainder(dividingBy: 100), 1...19))
        ? "few" : "other"
    },
    "he": { o in
      if (o.i == 1 && o.v == 0) || (o.i == 0 && o.v != 0) { return "one" }
      return o.i == 2 && o.v == 0 ? "two" : "other"
    },
    "ar": { o in
      let n100 = o.n.truncatingRemainder(dividingBy: 100)
      switch o.n {
      case 0: return "zero"
      case 1: return "one"
      case 2: return "two"
      default: return inRange(n100, 3...10) ? "few" : inRange(n100, 11...99) ? "many" : "other"
      }
    },
  ]
}

extension [MessageNode] {
  /// The message as ICU should write it when `count` falls in `category`:
  /// text as is, `#` as the locale writes the number, the plural argument
  /// by its `=N` or `category` sub-message. Nil when a node needs more.
  func rendered(count: Double, category: String, number: String) -> String? {
    var text = ""
    for node in self {
      switch node {
      case .text(let literal): text += literal
      case .number: text += number
      case .choice(_, "plural", let options):
        let exact = options.first { $0.selector.hasPrefix("=") && Double($0.selector.dropFirst()) == count }
        guard let option = exact ?? options.first(where: { $0.selector == category }),
          let inner = option.message.rendered(count: count, category: category, number: number)
        else { return nil }
        text += inner
      default: return nil
      }
    }
    return text
  }
}

@Suite("Catalog plurals")
struct CatalogPluralTests {
  /// Counts that reach every category of the shipped languages' rules:
  /// ar few (3, 101 is other), ru many (5, 11), lv zero (11), ru one (21),
  /// ru few (22), lt many and cs many (1.5).
  static let counts = ["0", "1", "2", "3", "5", "11", "21", "22", "101", "1.5"]

  @Test("every catalog has an oracle rule", arguments: ShippedCatalogs.names)
  func oracleCoverage(name: String) {
    #expect(CLDRPluralRules.rules[name] != nil, "write CLDR's rule for \(name) in CLDRPluralRules")
  }

  @Test(
    "count messages take the category CLDR gives each count, and print that category's message",
    arguments: ShippedCatalogs.names)
  func countMessages(name: String) throws {
    let rule = try #require(CLDRPluralRules.rules[name])
    let locale = try LocaleIdentifier(name)
    let catalog = MessageCatalog(locale: locale, resources: ShippedCatalogs.resources)
    let messages = try ShippedCatalogs.messages(name)
    for written in Self.counts {
      let operands = PluralOperands(written)
      let category = rule(operands)
      // ICU's own rules agree with the hand-written CLDR data.
      #expect(PluralRules.category(of: operands.n, locale: locale) == category, "\(name) \(written)")
      let number = NumberFormatting.string(operands.n, locale: locale)
      for key in [MessageKey.sectionCount, .reportTotal] {
        let nodes = try MessageScanner.parse(try #require(messages[key.rawValue]))
        let expected = try #require(
          nodes.rendered(count: operands.n, category: category, number: number), "\(name) \(key): no \(category)")
        #expect(
          catalog.text(key, ["count": .number(operands.n)]) == expected, "\(name) \(key) \(written) (\(category))")
      }
    }
  }

  @Test("ICU's choice for a given number of visible fraction digits (1.0 is not 1 in English)")
  func fractionDigits() throws {
    let en = try LocaleIdentifier("en"), cs = try LocaleIdentifier("cs"), lv = try LocaleIdentifier("lv")
    #expect(PluralRules.category(of: 1, locale: en) == "one")
    #expect(PluralRules.category(of: 1, fractionDigits: 1, locale: en) == "other")
    #expect(PluralRules.category(of: 2, fractionDigits: 1, locale: cs) == "many")
    // lv: v = 2 and f % 100 = 11..19 is "zero"; 0.11 with two digits.
    #expect(PluralRules.category(of: 0.11, fractionDigits: 2, locale: lv) == "zero")
    #expect(CLDRPluralRules.rules["lv"]!(PluralOperands("0.11")) == "zero")
  }

  /// Each catalog's count message for a few counts, read by a speaker of
  /// the language (golden values written by hand, not copied from output).
  @Test(
    "golden counts, in each language's words and digits",
    arguments: [
      ("ru", 1.0, "1 задача"), ("ru", 3, "3 задачи"), ("ru", 5, "5 задач"), ("ru", 21, "21 задача"),
      ("ru", 1.5, "1,5 задачи"),
      ("uk", 22, "22 завдання"), ("uk", 11, "11 завдань"), ("pl", 1, "1 zadanie"), ("pl", 22, "22 zadania"),
      ("pl", 5, "5 zadań"), ("pl", 1.5, "1,5 zadania"), ("cs", 3, "3 úkoly"), ("cs", 5, "5 úkolů"),
      ("cs", 1.5, "1,5 úkolu"),
      ("lt", 21, "21 užduotis"), ("lt", 3, "3 užduotys"), ("lt", 11, "11 užduočių"), ("lt", 1.5, "1,5 užduoties"),
      ("lv", 11, "11 uzdevumu"), ("lv", 21, "21 uzdevums"), ("lv", 3, "3 uzdevumi"), ("ro", 1, "1 sarcină"),
      ("ro", 5, "5 sarcini"), ("ro", 101, "101 sarcini"), ("ro", 120, "120 de sarcini"), ("tr", 5, "5 görev"),
      ("hu", 5, "5 feladat"),
      ("nl", 1, "1 taak"), ("sv", 2, "2 uppgifter"), ("da", 1.5, "1,5 opgave"), ("nb", 2, "2 oppgaver"),
      ("fi", 2, "2 tehtävää"), ("el", 2, "2 εργασίες"), ("ca", 2, "2 tasques"), ("ko", 3, "할 일 3개"),
      ("zh_Hant", 3, "3 項任務"), ("th", 3, "3 งาน"), ("vi", 3, "3 công việc"), ("id", 3, "3 tugas"),
      ("hi", 3, "3 कार्य"), ("bn", 3, "৩টি কাজ"), ("fa", 3, "۳ کار"),
    ] as [(String, Double, String)])
  func golden(name: String, count: Double, expected: String) throws {
    let catalog = MessageCatalog(locale: try LocaleIdentifier(name), resources: ShippedCatalogs.resources)
    #expect(catalog.text(.sectionCount, ["count": .number(count)]) == expected)
  }
}
