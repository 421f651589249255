import Testing

@testable import PosttimTemplating

@Suite("Template keys")
struct TemplateKeysTests {
  /// Names sharing lengths, first and last bytes (so they collide in the
  /// table), a long one, a non-ASCII one and a one-letter one.
  static let names = [
    "id", "title", "displayTitle", "importance", "importanceText", "importanceLevel", "isHighImportance",
    "isMediumImportance", "isLowImportance", "details", "dateUTC", "dateLocal", "when", "dateTime", "exactWhen",
    "hasExtraFields", "extraFields", "source", "sourceLine", "ab", "ba", "aab", "abb", "été", "x",
  ]

  @Test("every name is found at its position")
  func hits() {
    let keys = TemplateKeys(Self.names)
    for (position, name) in Self.names.enumerated() {
      #expect(keys.index(of: name) == position, "\(name)")
      // The same name, made at run time (a native string, not a literal).
      #expect(keys.index(of: String(decoding: Array(name.utf8), as: UTF8.self)) == position, "\(name)")
    }
    #expect(keys.names == Self.names)
  }

  @Test(
    "near misses are misses",
    arguments: [
      "", "i", "Id", "ID", "titles", "titl", "itle", "dateutc", "isHighImportanc", "ete", "été ", "a", "bb", "aba",
      "isMediumImportance!", String(repeating: "x", count: 200),
    ])
  func misses(name: String) {
    #expect(TemplateKeys(Self.names).index(of: name) == nil)
  }

  @Test("a non-ASCII key equivalent to a name finds it, as a dictionary of names would")
  func canonicalEquivalence() {
    let keys = TemplateKeys(["Key", "été"])
    #expect(keys.index(of: "\u{212A}ey") == 0)  // KELVIN SIGN is K
    #expect(keys.index(of: "e\u{301}te\u{301}") == 1)
    #expect(keys.index(of: "\u{212A}e") == nil)
    // Names equivalent but not equal byte for byte are two names; each finds itself.
    let both = TemplateKeys(["é", "e\u{301}"])
    #expect(both.index(of: "é") == 0 && both.index(of: "e\u{301}") == 1)
  }

  @Test("an empty list finds nothing")
  func empty() {
    #expect(TemplateKeys([]).index(of: "") == nil)
    #expect(TemplateKeys([]).index(of: "a") == nil)
  }

  @Test("an object by position gives the member at the name's position, and nil for other names")
  func objectByPosition() {
    let keys = TemplateKeys(["a", "bb", "ccc"])
    let values = TemplateObject(keys: keys, values: ["1", "2", "3"])
    #expect(values.keys == ["a", "bb", "ccc"])
    #expect(values["bb"]?.renderedText == "2")
    #expect(values["ccc"]?.renderedText == "3")
    #expect(values["b"] == nil)
    let computed = TemplateObject(keys: keys) { .integer($0 * 10) }
    #expect(computed["ccc"]?.renderedText == "20")
    #expect(computed["d"] == nil)
  }
}
