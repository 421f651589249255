import Foundation
import Testing

@testable import PosttimICU

/// `trimmingHorizontalSpace()` replaces Foundation's
/// `trimmingCharacters(in: .whitespaces)` on the start-up path; it must
/// trim exactly the same scalars.
@Suite("Trimming horizontal space")
struct HorizontalSpaceTrimmingTests {
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
}
