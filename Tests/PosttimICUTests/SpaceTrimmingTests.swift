import Foundation
import Testing

@testable import PosttimICU

/// `trimmingHorizontalSpace()` and `trimmingLineBreaks()` replace
/// Foundation's `trimmingCharacters(in: .whitespaces)` and `(in: .newlines)`,
/// which the binary does not link; they must trim exactly the same scalars.
@Suite("Trimming spaces and line breaks")
struct SpaceTrimmingTests {
  @Test("agrees with Foundation's .whitespaces on every space-like and boundary scalar")
  func agreesWithFoundation() {
    func isCandidate(_ scalar: Unicode.Scalar) -> Bool {
      let category = scalar.properties.generalCategory
      return scalar.value < 0x80 || scalar.properties.isWhitespace || category == .spaceSeparator
        || category == .format
    }
    var scalars: [Unicode.Scalar] = (0...0x3000).compactMap { Unicode.Scalar(UInt32($0)) }.filter(isCandidate)
    scalars += ["\u{200B}", "\u{FEFF}", "\u{301}", "é", "\u{1680}", "\u{205F}"]
    for scalar in scalars {
      for text in ["\(scalar)fr_CA", "fr_CA\(scalar)", "\(scalar)\(scalar)x\(scalar)y\(scalar)", "\(scalar)"] {
        #expect(
          text.trimmingHorizontalSpace() == text.trimmingCharacters(in: .whitespaces),
          "U+\(String(scalar.value, radix: 16))")
      }
    }
    #expect(" \t fr_CA\u{00A0}\u{3000}".trimmingHorizontalSpace() == "fr_CA")
    #expect("\nfr_CA\n".trimmingHorizontalSpace() == "\nfr_CA\n")
    #expect(" \u{301}fr ".trimmingHorizontalSpace() == " \u{301}fr".trimmingCharacters(in: .whitespaces))
  }

  @Test("line breaks: agrees with Foundation's .newlines on every break and boundary scalar")
  func lineBreaksAgreeWithFoundation() {
    let scalars: [Unicode.Scalar] = [
      "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", " ", "\t", "\u{09}", "\u{1E}", "x",
    ]
    for scalar in scalars {
      for text in ["\(scalar)<style>", "<style>\(scalar)", "\(scalar)\(scalar)a\(scalar)b\(scalar)", "\(scalar)"] {
        #expect(
          text.trimmingLineBreaks() == text.trimmingCharacters(in: .newlines), "U+\(String(scalar.value, radix: 16))")
      }
    }
    #expect("\r\n.sheet { }\n\n".trimmingLineBreaks() == ".sheet { }")
  }

  @Test("white space and line breaks: agrees with Foundation's .whitespacesAndNewlines, U+200B included")
  func whitespaceAndNewlinesAgreeWithFoundation() {
    let scalars = (0...0x3000).compactMap { Unicode.Scalar(UInt32($0)) }.filter {
      $0.value < 0x80 || $0.properties.isWhitespace || $0.properties.generalCategory == .format
        || $0.properties.generalCategory == .spaceSeparator
    }
    for scalar in scalars + ["\u{FEFF}", "\u{301}"] {
      for text in ["\(scalar)junk", "junk\(scalar)", "\(scalar)\(scalar)a\(scalar)b\(scalar)", "\(scalar)"] {
        #expect(
          text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
          "U+\(String(scalar.value, radix: 16))")
      }
    }
    #expect("\u{200B}Europe/Paris\u{200B}\n".trimmingWhitespaceAndNewlines() == "Europe/Paris")
  }

  @Test("white space: every Unicode White_Space scalar at either end goes, inner ones stay")
  func whiteSpace() {
    #expect("\u{3000} America/Toronto\n\u{85}".trimmingWhitespace() == "America/Toronto")
    #expect(" a b ".trimmingWhitespace() == "a b")
    #expect("\u{200B}x".trimmingWhitespace() == "\u{200B}x")
    #expect(" \n ".trimmingWhitespace() == "")
  }
}
