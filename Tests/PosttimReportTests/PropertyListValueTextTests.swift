import Foundation
import PosttimReport
import Testing

/// `extraFields` text of arrays and dictionaries (docs/json-schema.md):
/// strings and keys inside are JSON string literals, so a string's own
/// quotes cannot end it early and make one field read as several.
@Suite("Property list values as text")
struct PropertyListValueTextTests {
  @Test("a quote in a dictionary's string is escaped: one key, not a forged second")
  func quoteInsideString() {
    let value = PropertyListValue.dictionary([
      "a": .string("q\", \"b\": \"forged"), "b": .array([.integer(1), .real(2.5), .bool(true)]),
    ])
    #expect(value.text == #"{"a": "q\", \"b\": \"forged", "b": [1, 2.5, true]}"#)
  }

  @Test("backslashes, control characters and quotes in keys are escaped as JSON writes them")
  func escapesInKeysAndStrings() {
    let value = PropertyListValue.dictionary([
      "k\"ey": .array([.string("C:\\dir"), .string("line\nnext\t\u{1B}[31m"), .string("\u{2028}")])
    ])
    #expect(value.text == #"{"k\"ey": ["C:\\dir", "line\nnext\t\u001b[31m", "\u2028"]}"#)
  }

  @Test("a string on its own is shown as stored, without quotes")
  func topLevelString() {
    #expect(PropertyListValue.string("say \"hi\"").text == "say \"hi\"")
  }
}
