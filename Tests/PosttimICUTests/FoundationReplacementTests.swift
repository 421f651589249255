import Foundation
import Testing

@testable import PosttimICU

/// The binary links FoundationEssentials only; these small helpers stand
/// in for the parts of Foundation it used, and are held to Foundation's
/// own answers here (the tests may link it).
@Suite("Stand-ins for Foundation's String(format:), literal replacement, NSString paths and normalization")
struct FoundationReplacementTests {
  @Test("PaddedDigits writes what String(format:) writes for %0Nd, %0No, %0Nx, %0NX and U+%04X")
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
    for mode in [0, 0o644, 0o1777, 0o7777] {
      #expect(PaddedDigits.octal(mode, width: 4) == String(format: "%04o", mode))
    }
    for value: UInt32 in [0, 0x1F, 0xA0, 0x2028, 0xFFFF, 0x1F600, 0x10FFFF] {
      #expect(PaddedDigits.codePoint(value) == String(format: "U+%04X", value))
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

  @Test("PathText.lexical works out . and .. on the text, from the current folder, links not followed")
  func lexical() throws {
    #expect(PathText.lexical("/srv/out/./../out/alice.eml") == "/srv/out/alice.eml")
    #expect(PathText.lexical("/srv//out/alice.eml") == "/srv/out/alice.eml")
    #expect(PathText.lexical("/..") == "/")
    let here = FileManager.default.currentDirectoryPath
    #expect(PathText.lexical("lists/../alice.plist") == here + "/alice.plist")
    let (folder, link) = try Self.folderWithLink()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(PathText.lexical(link + "/../out/zoe.eml") == folder + "/r/out/zoe.eml")
  }

  @Test("PathText.resolved follows the links of the part that exists and works out the rest on the text")
  func resolved() throws {
    let (folder, link) = try Self.folderWithLink()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // r/lnk -> elsewhere/sub: its ".." is elsewhere, as the kernel reads it.
    #expect(PathText.resolved(link + "/../out/zoe.eml") == folder + "/elsewhere/out/zoe.eml")
    #expect(PathText.resolved(folder + "/r/./missing/../out//zoe.eml") == folder + "/r/out/zoe.eml")
    #expect(PathText.resolved(folder + "/r/out/") == folder + "/r/out")
    let here = FileManager.default.currentDirectoryPath
    #expect(PathText.resolved("no-such-folder/../a.eml") == PathText.resolved(here) + "/a.eml")
  }

  /// A real folder (`realpath`'d, as /tmp may be a link) holding `r/out`,
  /// `elsewhere/sub`, and `r/lnk`, a link to `elsewhere/sub`.
  static func folderWithLink() throws -> (folder: String, link: String) {
    let made = FileManager.default.temporaryDirectory.appending(path: "pathtext-\(UUID().uuidString)").path
    for sub in ["r/out", "elsewhere/sub", "elsewhere/out"] {
      try FileManager.default.createDirectory(atPath: made + "/" + sub, withIntermediateDirectories: true)
    }
    let folder = try #require(
      realpath(made, nil).map { pointer in
        defer { free(pointer) }
        return String(cString: pointer)
      })
    try FileManager.default.createSymbolicLink(
      atPath: folder + "/r/lnk", withDestinationPath: folder + "/elsewhere/sub")
    return (folder, folder + "/r/lnk")
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

@Suite("The process environment without ProcessInfo")
struct ProcessEnvironmentTests {
  @Test("ProcessEnvironment.variables() is ProcessInfo's environment dictionary")
  func sameAsProcessInfo() {
    #expect(ProcessEnvironment.variables() == ProcessInfo.processInfo.environment)
  }

  @Test("an entry without '=' is left out, the first of two with one name kept, bad UTF-8 repaired")
  func entries() {
    let texts: [[UInt8]] = [
      Array("A=1".utf8), Array("NOEQUALS".utf8), Array("A=2".utf8), Array("B==x=".utf8), Array("=empty".utf8),
      Array("C=".utf8), [0x44, 0x3D, 0x72, 0xE9, 0x73, 0x75, 0x6D, 0xE9],
    ]
    let copies = texts.map { bytes in
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
      copy[bytes.count] = 0
      return copy
    }
    defer { copies.forEach { $0.deallocate() } }
    let table: [UnsafeMutablePointer<CChar>?] = copies + [nil]
    let variables = table.withUnsafeBufferPointer { ProcessEnvironment.variables(from: $0.baseAddress!) }
    #expect(variables == ["A": "1", "B": "=x=", "": "empty", "C": "", "D": "r\u{FFFD}sum\u{FFFD}"])
  }
}
