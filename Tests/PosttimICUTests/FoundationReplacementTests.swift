import Foundation
import Testing

@testable import PosttimICU

/// The binary links FoundationEssentials only; these small helpers stand
/// in for the parts of Foundation it used, and are held to Foundation's
/// own answers here (the tests may link it).
@Suite("Stand-ins for Foundation's String(format:), literal replacement, NSString paths and normalization")
struct FoundationReplacementTests {
  @Test("PaddedDigits writes what String(format:) writes for %0Nd, %0Nx and %0NX")
  func paddedDigits() {
    for value in [0, 1, 7, 9, 10, 42, 99, 100, 255, 4095, 65_535, 123_456, -1, -42] {
      for width in 1...5 {
        #expect(PaddedDigits.decimal(value, width: width) == String(format: "%0\(width)d", value), "\(value) \(width)")
        if value >= 0 {
          #expect(PaddedDigits.hex(value, width: width, uppercase: false) == String(format: "%0\(width)x", value))
          #expect(PaddedDigits.hex(value, width: width, uppercase: true) == String(format: "%0\(width)X", value))
        }
      }
    }
    #expect(PaddedDigits.hex(0x1F600, width: 4, uppercase: true) == "1F600")
  }

  @Test("replacingLiteral matches byte for byte, as Foundation's .literal search does")
  func literalReplacement() {
    let cases: [(String, String, String)] = [
      ("a\"b", "\"", "\\\""), ("\\\\", "\\", "\\\\"), ("none", "x", "y"), ("", "x", "y"), ("xx", "xx", ""),
      ("aaa", "aa", "b"), ("Ann \"\u{301}Ly", "\"", "\\\""), ("e\u{301}e", "e", "E"), ("日本\n語", "\n", "\\n"),
      ("{locale}.html", "{locale}", "fr-CA"), ("a|b||c", "|", "\\|"),
    ]
    for (text, target, replacement) in cases {
      #expect(
        text.replacingLiteral(target, with: replacement)
          == text.replacingOccurrences(of: target, with: replacement, options: .literal), "\(text.debugDescription)")
    }
    // A quote that a combining mark follows is one Character; it is still escaped.
    #expect("Ann \"\u{301}".replacingLiteral("\"", with: "\\\"") == "Ann \\\"\u{301}")
  }

  @Test("PathText's last component and folder are NSString's")
  func pathComponents() {
    for path in [
      "/tmp/scratch.tiff", "/tmp/lock/", "/tmp/", "/", "scratch.tiff", "a/b", "a/b//", "//a", "", "roster.csv",
      "./r.csv",
      "/srv/post'tim/readers.csv",
    ] {
      #expect(PathText.lastComponent(path) == (path as NSString).lastPathComponent, "\(path)")
      #expect(PathText.deletingLastComponent(path) == (path as NSString).deletingLastPathComponent, "\(path)")
    }
  }

  @Test("PathText.standardized works out . and .. on the text, from the current folder")
  func standardized() {
    #expect(PathText.standardized("/srv/out/./../out/alice.eml") == "/srv/out/alice.eml")
    #expect(PathText.standardized("/srv//out/alice.eml") == "/srv/out/alice.eml")
    let here = FileManager.default.currentDirectoryPath
    #expect(PathText.standardized("lists/../alice.plist") == here + "/alice.plist")
  }

  @Test("NFC and NFD from the system ICU agree with Foundation's canonical mappings")
  func normalization() {
    for text in ["A\u{30A}", "\u{C5}", "\u{212B}", "e\u{301}\u{323}", "한국어", "\u{1100}\u{1161}\u{11A8}", "plain", ""] {
      #expect(
        UnicodeNormalization.nfc(text).unicodeScalars.elementsEqual(
          text.precomposedStringWithCanonicalMapping.unicodeScalars))
      #expect(
        UnicodeNormalization.nfd(text).unicodeScalars.elementsEqual(
          text.decomposedStringWithCanonicalMapping.unicodeScalars))
    }
  }
}
