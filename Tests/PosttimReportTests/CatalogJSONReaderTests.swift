import Foundation
import Testing

@testable import PosttimReport

/// The catalog reader against RFC 8259's grammar: texts the RFC's sections
/// allow, texts they do not, each refused at its line and column with the
/// key whose member holds the fault.
@Suite("Catalog JSON: RFC 8259, strictly")
struct CatalogJSONReaderTests {
  static func messages(_ text: String) throws -> [String: String] {
    try MessageCatalog.messages(in: text)
  }

  static func problem(_ text: String) -> String? {
    MessageCatalog.shapeProblem(text)
  }

  @Test(
    "valid texts: white space (§2), literals, numbers and nested values (§3–§6), escapes and surrogate pairs (§7), a BOM (§8.1)",
    arguments: [
      (" \t\r\n{ \t\r\n\"a\" \t\r\n: \t\r\n\"b\" \t\r\n} \t\r\n", ["a": "b"]),
      ("{}", [:]),
      (#"{"q":"\" \\ \/ \b \f \n \r \t \u00e9 \u00C9 \u0000"}"#, ["q": "\" \\ / \u{8} \u{C} \n \r \t é É \u{0}"]),
      (#"{"g":"\uD834\uDD1E","e":"😀é"}"#, ["g": "\u{1D11E}", "e": "😀é"]),
      ("\u{FEFF}{\"a\":\"b\"}", ["a": "b"]),
      (#"{"":"empty key","a/b":"x"}"#, ["": "empty key", "a/b": "x"]),
    ])
  func valid(text: String, expected: [String: String]) throws {
    #expect(try Self.messages(text) == expected)
  }

  @Test(
    "any JSON value is a valid text (§2); one that is not an object is named by its kind",
    arguments: [
      ("[1, -0, 0.5e+10, 1E-2, -1.5e300, true, false, null, \"s\", {}, []]", "an array"),
      ("\"just a string\"", "a string"), ("-0.0e-0", "a number"), ("true", "a boolean"), (" null ", "null"),
    ])
  func topLevelValues(text: String, kind: String) {
    #expect(Self.problem(text) == "is not a JSON object (\(kind))")
  }

  @Test(
    "a member that is no string is named by its key and kind, whatever it nests",
    arguments: [
      (#"{"a":"x","b":{"c":[1,{"d":null}]},"z":true}"#, #""b" is an object, not a string"#),
      (#"{"n":-12.5E+3}"#, #""n" is a number, not a string"#),
      (#"{"f":false}"#, #""f" is a boolean, not a string"#),
      (#"{"z":null}"#, #""z" is null, not a string"#),
      (#"{"l":[]}"#, #""l" is an array, not a string"#),
    ])
  func nonStringMembers(text: String, expected: String) {
    #expect(Self.problem(text) == expected)
  }

  @Test(
    "invalid texts: refused at the fault's line and column, with its key",
    arguments: [
      // §4: no trailing comma, a name then ':', members separated by ','.
      (
        #"{"a":"b",}"#, #"line 1, column 9 (after the value of "a"): a comma before '}': JSON allows no trailing comma"#
      ),
      (
        "{\"a\":\"b\" , \"c\":\"d\",\n}",
        #"line 1, column 19 (after the value of "c"): a comma before '}': JSON allows no trailing comma"#
      ),
      (
        #"{"a":[1,2,]}"#, #"line 1, column 10 (in the value of "a"): a comma before ']': JSON allows no trailing comma"#
      ),
      (#"{"a" "b"}"#, #"line 1, column 6 (after the key "a"): expected ':' after the key, found '"'"#),
      (#"{"a":"b" "c":"d"}"#, #"line 1, column 10 (after the value of "a"): expected ',' or '}', found '"'"#),
      (#"{a:"b"}"#, "line 1, column 2: expected a string key or '}', found 'a'"),
      (#"{"a":"b",,}"#, #"line 1, column 10 (after the value of "a"): expected a string key, found ','"#),
      // §3: literals in full, in lowercase.
      (
        "{\"a\":\"b\",\n\n\n\n     \"c\": tru}",
        #"line 5, column 11 (in the value of "c"): 'tru' is no JSON value (true, false and null are written in full, in lowercase)"#
      ),
      (
        #"{"a":"b", "c": nul}"#,
        #"line 1, column 16 (in the value of "c"): 'nul' is no JSON value (true, false and null are written in full, in lowercase)"#
      ),
      (
        #"{"a":True}"#,
        #"line 1, column 6 (in the value of "a"): 'True' is no JSON value (true, false and null are written in full, in lowercase)"#
      ),
      // §6: numbers.
      (#"{"a":01}"#, #"line 1, column 6 (in the value of "a"): '01' is no JSON number"#),
      (#"{"a":-}"#, #"line 1, column 6 (in the value of "a"): '-' is no JSON number"#),
      (#"{"a":1.}"#, #"line 1, column 6 (in the value of "a"): '1.' is no JSON number"#),
      (#"{"a":1e+}"#, #"line 1, column 6 (in the value of "a"): '1e+' is no JSON number"#),
      (#"{"a":.5}"#, #"line 1, column 6 (in the value of "a"): expected a value, found '.'"#),
      (#"{"a":+1}"#, #"line 1, column 6 (in the value of "a"): expected a value, found '+'"#),
      // §7: escapes, control characters, surrogates.
      (
        #"{"a":"x\q"}"#,
        #"line 1, column 8 (in the value of "a"): '\' then 'q' is no JSON escape (\" \\ \/ \b \f \n \r \t \uXXXX)"#
      ),
      (#"{"a":"\u12"}"#, #"line 1, column 7 (in the value of "a"): '\u' needs four hex digits"#),
      (#"{"a":"\u+123"}"#, #"line 1, column 7 (in the value of "a"): '\u' needs four hex digits"#),
      (
        "{\"a\":\"b\tc\"}",
        #"line 1, column 8 (in the value of "a"): U+0009 in a string must be written as an escape (\u0009)"#
      ),
      (
        #"{"a": "\ud800"}"#,
        #"line 1, column 8 (in the value of "a"): '\uD800' is a lone high surrogate (no \uDC00–\uDFFF follows): it stands for no character"#
      ),
      (
        #"{"a": "\ud800\u0041"}"#,
        #"line 1, column 8 (in the value of "a"): '\uD800' is a lone high surrogate (no \uDC00–\uDFFF follows): it stands for no character"#
      ),
      (
        #"{"a":"\uDC00"}"#,
        #"line 1, column 7 (in the value of "a"): '\uDC00' is a lone low surrogate: it stands for no character"#
      ),
      (
        #"{"a":"b"#,
        #"line 1, column 8 (in the value of "a"): the file ends inside the string opened at line 1, column 6"#
      ),
      // §2: one value, white space of four characters only, nothing after.
      ("", "line 1, column 1: expected a value, found the end of the file"),
      ("\u{0}{}", "line 1, column 1: expected a value, found a NUL byte"),
      (
        "{\"a\":\"b\",\n\u{0}\"c\":\"d\"}",
        #"line 2, column 1 (after the value of "a"): expected a string key, found a NUL byte"#
      ),
      ("{\"a\":\u{A0}\"b\"}", #"line 1, column 6 (in the value of "a"): expected a value, found U+00A0"#),
      (#"{"a":"b"} x"#, #"line 1, column 11 (after the value of "a"): 'x' after the JSON value"#),
      (
        #"{"a":"b""#,
        #"line 1, column 9 (after the value of "a"): expected ',' or '}', found the end of the file (opened at line 1, column 1)"#
      ),
      ("\u{FEFF}{\"é\":\"à\" \"b\"}", #"line 1, column 10 (after the value of "é"): expected ',' or '}', found '"'"#),
    ])
  func invalid(text: String, expected: String) {
    #expect(Self.problem(text) == "is not valid JSON at " + expected)
  }

  @Test(
    "lines end at LF, CR LF and a lone CR, as an editor counts them",
    arguments: ["\n", "\r\n", "\r"])
  func lineEnds(end: String) {
    let text = "{\"a\": \"1\"," + end + "\"report.title\": \"\\q\"}"
    #expect(
      Self.problem(text)
        == #"is not valid JSON at line 2, column 18 (in the value of "report.title"): '\' then 'q' is no JSON escape "#
        + #"(\" \\ \/ \b \f \n \r \t \uXXXX)"#)
    #expect(Self.problem("{" + end + end + "\"a\" 1}")?.hasPrefix("is not valid JSON at line 3, column 5") == true)
  }

  @Test("a key given twice is refused, naming it and both places")
  func duplicateKey() {
    #expect(Self.problem(#"{"a":"x","a":"y"}"#) == #"has the key "a" twice, at line 1, column 2 and line 1, column 10"#)
    #expect(
      Self.problem("{\"a\":\"x\",\n \"b\":\"y\",\n\"\\u0061\":\"z\"}")
        == #"has the key "a" twice, at line 1, column 2 and line 3, column 1"#)
  }

  @Test("arrays and objects nested past the cap are refused at the first one too deep")
  func nesting() {
    // The top-level object is the first level.
    let deep = "{\"a\":" + String(repeating: "[", count: 99) + String(repeating: "]", count: 99) + "}"
    #expect(Self.problem(deep) == #""a" is an array, not a string"#)
    let tooDeep = "{\"a\":" + String(repeating: "[", count: 100_000)
    #expect(
      Self.problem(tooDeep)
        == #"is not valid JSON at line 1, column 105 (in the value of "a"): arrays and objects nested more than 100 deep"#
    )
  }

  @Test("every shipped catalog reads as Foundation reads it")
  func shippedCatalogs() throws {
    #expect(!ShippedCatalogs.names.isEmpty)
    for name in ShippedCatalogs.names {
      let text = try #require(ShippedCatalogs.resources.text(at: "messages/\(name).json"))
      let foundation = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
      #expect(try Self.messages(text) == foundation, "\(name)")
    }
  }
}
