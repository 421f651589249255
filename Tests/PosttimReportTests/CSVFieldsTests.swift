import Foundation
import Testing

@testable import PosttimReport

/// CSV fields are quoted by bytes, eight at a time (``CSVFields``), and a
/// task's record is written from the UTF-8 its row lends: both must give
/// what RFC 4180 §2 says of the field's scalars, wherever in a field the
/// byte that quotes it falls.
@Suite("CSV fields written as bytes")
struct CSVFieldsTests {
  /// RFC 4180 §2 rules 5–7, on scalars: the oracle.
  static func quoted(_ field: String, separator: Unicode.Scalar) -> String {
    let quoting: Set<Unicode.Scalar> = [separator, "\"", "\r", "\n"]
    guard field.unicodeScalars.contains(where: quoting.contains) else { return field }
    return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
  }

  /// Each delimiter the CLI allows and CR LF, with the scalar that quotes
  /// (`Character.asciiValue`: LF for CR LF).
  static let delimiters: [(Character, Unicode.Scalar)] = [
    (",", ","), (";", ";"), ("\t", "\t"), ("|", "|"), ("\r\n", "\n"),
  ]

  @Test("a byte that quotes, at every position of fields of 1 to 24 scalars, among ASCII and non-ASCII neighbours")
  func everyPosition() {
    // "¬" is C2 AC, whose second byte is the comma's with the high bit set.
    let fillers = ["a", "é", "¬", "🎂"]
    for (delimiter, separator) in Self.delimiters {
      let writer = CSVReportWriter(delimiter: delimiter)
      for filler in fillers {
        for length in 1...24 {
          let plain = String(repeating: filler, count: length)
          #expect(writer.quoted(plain) == plain)
          for position in 0..<length {
            for quoting in [separator, "\"", "\r", "\n"] as [Unicode.Scalar] {
              var scalars = Array(plain.unicodeScalars)
              scalars[position] = quoting
              let field = String(String.UnicodeScalarView(scalars))
              #expect(
                writer.quoted(field) == Self.quoted(field, separator: separator),
                "\(delimiter.debugDescription) \(filler) \(length) \(position) \(quoting.debugDescription)")
            }
          }
        }
      }
    }
  }

  @Test("a formula's apostrophe goes inside the quotes of a field that needs them")
  func formulaInsideQuotes() throws {
    let fixture = try ReportFixture()
    let due = Date(timeIntervalSince1970: 1_796_047_200 + 3600)  // 10 h 00 in Toronto
    let task = TaskEntry(title: "=a,b", date: due, importance: 5, details: "@\"x\"\r\nsuite")
    let view = fixture.presenter.view(of: try fixture.agenda([task]))
    let text = try fixture.render(CSVReportWriter(), view)
    #expect(
      text.hasSuffix(
        "\r\n\"30 nov. 2026, 10 h 00\",\"'=a,b\",5,\"'@\"\"x\"\"\r\nsuite\",2026-11-30T15:00:00Z\r\n"))
    let semicolon = try fixture.render(CSVReportWriter(delimiter: ";", neutralizeFormulas: false), view)
    #expect(
      semicolon.hasSuffix("\r\n30 nov. 2026, 10 h 00;=a,b;5;\"@\"\"x\"\"\r\nsuite\";2026-11-30T15:00:00Z\r\n"))
  }
}
