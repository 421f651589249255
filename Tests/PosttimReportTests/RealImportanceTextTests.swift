import Foundation
import PosttimReport
import Testing

/// A `<real>` importance is read as Python's plistlib reads it (`float()`,
/// the reference): decimal forms only, and a refusal quotes the value as
/// the file holds it.
@Suite("Task values: <real> importance as written")
struct RealImportanceTextTests: DecodesSampleLists {
  func withImportance(_ element: String) -> Data {
    Data(xmlTask("").replacingOccurrences(of: "<string>5</string>", with: element).utf8)
  }

  @Test(
    "a refused <real> is shown as the file writes it, not as the number it reads as",
    arguments: [
      ("-0.0", "must be 1…9, got -0.0"), ("0e5", "must be 1…9, got 0e5"), ("10.0", "must be 1…9, got 10.0"),
      ("1e309", "must be 1…9 (a string, an integer, or a whole real number), got 1e309"),
      ("-1E400", "must be 1…9 (a string, an integer, or a whole real number), got -1E400"),
      ("INF", "must be 1…9 (a string, an integer, or a whole real number), got INF"),
      ("1e20", "must be 1…9 (a string, an integer, or a whole real number), got 1e20"),
      ("5.50", "must be 1…9 (a string, an integer, or a whole real number), got 5.50"),
    ])
  func shownAsWritten(text: String, message: String) {
    #expect(
      error(withImportance("<real>\(text)</real>"))?.description
        == "x.plist: entry 1: \"importance\" \(message)")
  }

  @Test(
    "forms Python's float() refuses are refused, naming the text",
    arguments: [
      "0x5", "0X5", "0x1p3", "1__0", "_5", "5_", "5_.0", "1e", "1e+", ".", "e5", "nan(1)", "infinit", "5 5", "5.0f",
    ])
  func notDecimal(text: String) {
    #expect(
      error(withImportance("<real>\(text)</real>"))?.description
        == "x.plist: entry 1: \"importance\" holds a <real> that is not a decimal number: \"\(text)\" (line 2)")
  }

  @Test(
    "a refused number's characters beyond printable ASCII are escaped: a no-break space never reads as a space",
    arguments: [
      ("\u{A0}5", #"\u{a0}5"#), ("&#xA0;5", #"\u{a0}5"#), ("\u{665}", #"\u{665}"#), ("5\u{2028}", #"5\u{2028}"#),
      ("5\u{3000}", #"5\u{3000}"#),
    ])
  func nonASCIIEscaped(text: String, shown: String) {
    #expect(
      error(withImportance("<real>\(text)</real>"))?.description
        == "x.plist: entry 1: \"importance\" holds a <real> that is not a decimal number: \"\(shown)\" (line 2)")
    #expect(
      error(withImportance("<integer>\(text)</integer>"))?.description
        == "x.plist: entry 1: \"importance\" holds an <integer> that is not a decimal or 0x hexadecimal number: "
        + "\"\(shown)\" (line 2)")
  }

  @Test(
    "forms Python's float() accepts are read",
    arguments: [
      ("5", 5), ("5.", 5), (".5e1", 5), ("+5.0", 5), ("5.0e-0", 5), ("5_0e-1", 5), ("0_0_5", 5), (" 5.0\n", 5),
      ("9E0", 9), ("1_0e-1", 1),
    ])
  func decimal(text: String, importance: Int) throws {
    #expect(try decoder.decode(withImportance("<real>\(text)</real>"), file: "x")[0].importance == importance)
  }

  @Test("a binary list's real is shown as Swift spells it: -0.0 stays -0.0")
  func binaryNegativeZero() throws {
    let entries: [[String: Any]] = [["tache": "t", "date": Date(timeIntervalSince1970: 0), "importance": -0.0]]
    let binary = try PropertyListSerialization.data(fromPropertyList: entries, format: .binary, options: 0)
    #expect(error(binary)?.description == "x.plist: entry 1: \"importance\" must be 1…9, got -0.0")
  }
}
