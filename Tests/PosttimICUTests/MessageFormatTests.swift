import PosttimICU
import Testing

/// Expected strings follow CLDR 42's plural rules and digits (ICU 72).
@Suite("ICU messages, plurals and numbers")
struct MessageFormatTests {
  let tasks = "{count, plural, one {# tâche} other {# tâches}}"

  @Test("French plural: 0 and 1 are 'one'")
  func french() throws {
    let fr = try LocaleIdentifier("fr_CA")
    #expect(try ICUMessageFormat.format(tasks, locale: fr, arguments: ["count": .number(0)]) == "0 tâche")
    #expect(try ICUMessageFormat.format(tasks, locale: fr, arguments: ["count": .number(1)]) == "1 tâche")
    #expect(try ICUMessageFormat.format(tasks, locale: fr, arguments: ["count": .number(3)]) == "3 tâches")
    // fr_CA groups with U+00A0 (PyICU 72).
    #expect(
      try ICUMessageFormat.format(tasks, locale: fr, arguments: ["count": .number(1200)]) == "1\u{00A0}200 tâches")
  }

  @Test("Arabic: six categories and Arabic-Indic digits; Japanese: one category")
  func arabicAndJapanese() throws {
    let ar = try LocaleIdentifier("ar_EG")
    #expect(PluralRules.categories(for: ar).sorted() == ["few", "many", "one", "other", "two", "zero"])
    #expect(PluralRules.categories(for: try LocaleIdentifier("ja_JP")) == ["other"])
    let message =
      "{count, plural, zero {لا مهام} one {مهمة واحدة} two {مهمتان} few {# مهام} many {# مهمة} other {# مهمة}}"
    #expect(try ICUMessageFormat.format(message, locale: ar, arguments: ["count": .number(2)]) == "مهمتان")
    #expect(try ICUMessageFormat.format(message, locale: ar, arguments: ["count": .number(3)]) == "٣ مهام")
    #expect(try ICUMessageFormat.format(message, locale: ar, arguments: ["count": .number(11)]) == "١١ مهمة")
    #expect(NumberFormatting.string(9, locale: ar) == "٩")
  }

  @Test("string arguments and select")
  func select() throws {
    let en = try LocaleIdentifier("en")
    let text = try ICUMessageFormat.format(
      "{kind, select, overdue {Late: {name}} other {{name}}}", locale: en,
      arguments: ["kind": .string("overdue"), "name": .string("Pay \"Hydro\"")])
    #expect(text == "Late: Pay \"Hydro\"")
  }

  @Test("a syntax error is reported with ICU's status and offset")
  func syntaxError() throws {
    #expect(throws: ICUMessageFormat.Failure.self) {
      try ICUMessageFormat.format("{count, plural, one {x}", locale: LocaleIdentifier("en"), arguments: [:])
    }
  }

  @Test("plural selectors as ICU's MessagePattern parses them: nested, explicit values, quoting")
  func pluralSelectors() throws {
    let found = try ICUMessageFormat.pluralSelectors(
      in:
        "{n, plural, offset:1 =0 {none} one {# {k, select, a {x} other {y}}} other {{m, plural, few {'{'} other {#}}}}} '{q, plural, one {} other {}}'"
    )
    #expect(found.map(\.argument) == ["n", "m"])
    #expect(found.map(\.selectors) == [["=0", "one", "other"], ["few", "other"]])
    #expect(try ICUMessageFormat.pluralSelectors(in: "no plural {x}").isEmpty)
    #expect(throws: ICUMessageFormat.Failure.self) { try ICUMessageFormat.pluralSelectors(in: "{n, plural, one {x}") }
  }
}
