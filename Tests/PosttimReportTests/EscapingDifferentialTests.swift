@testable import PosttimReport
@testable import PosttimTemplating
import TestSupport
import Testing

/// The escapers work on UTF-8 bytes; before, they walked Unicode scalars
/// (kept in ScalarEscapingReferences.swift). On random texts built from
/// pieces that exercise every rule, both must give the same output.
@Suite("Escaping: bytes against scalars")
struct EscapingDifferentialTests {
  /// URL starts in both cases and after each allowed character, `_` and
  /// `&` next to letters, digits, `#` and `;`, the HTML specials, line
  /// breaks, controls, noncharacters, bidi embeddings and isolates,
  /// non-ASCII white space, combining marks, astral scalars, and what ends
  /// a GFM link (`)`, `?`, `,`, `-`, `«`).
  static let pieces =
    [
      "https://", "HTTP://", "ftp://", "www.", "Www.", "h", "w", "f", "t", "p", ":", "/", ".", "_", "&", ";", "#",
      "a", "Z", "9", " ", "\t", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{2069}",
      "\u{0}", "\u{1B}", "\u{7F}", "\u{9B}", "é", "中", "\u{A0}", "\u{3000}", "\u{1680}", "*", "(", "~", "<", ">",
      "|", "\\", "`", "[", "]", "🎂", "\u{301}", "amp;", "&#38;", "\"", "'", ")", "?", ",", "-", "\u{AB}",
    ] + [0xFFFE, 0xFDD0, 0x1FFFF].map { String(Unicode.Scalar($0)!) }  // noncharacters (no literal allowed)

  /// The texts among 30,000 random ones on which `escape` and `reference` differ.
  static func mismatches(_ escape: (String) -> String, _ reference: (String) -> String, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    var found: [String] = []
    for _ in 0..<30_000 {
      let text = (0..<Int.random(in: 0...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined()
      if escape(text) != reference(text) { found.append(text) }
    }
    return found
  }

  @Test("Markdown: byte-wise escaping gives the scalar-wise escaper's output on 30,000 random texts")
  func markdown() {
    let found = Self.mismatches(MarkdownEscaping.escape, ScalarMarkdownEscaping.escape, seed: 0x6D61_726B_646F_776E)
    let count = found.count  // the count, not the texts, in a failure's message
    #expect(count == 0, "first: \(found.prefix(3).map { $0.unicodeScalars.map(\.value) })")
  }

  @Test("HTML: byte-wise escaping gives the scalar-wise escaper's output on 30,000 random texts")
  func html() {
    let found = Self.mismatches(HTMLEscaping.escape, ScalarHTMLEscaping.escape, seed: 0x6874_6D6C)
    let count = found.count
    #expect(count == 0, "first: \(found.prefix(3).map { $0.unicodeScalars.map(\.value) })")
  }
}

extension EscapingDifferentialTests {
  /// The scalars the slow paths are run on: every BMP scalar, each
  /// plane's two noncharacters, and every 257th other astral scalar.
  static var nonASCIIScalars: [Unicode.Scalar] {
    let bmp = (0x80...0xFFFF).compactMap(Unicode.Scalar.init)
    let planes = (1...16).flatMap { [$0 << 16 | 0xFFFE, $0 << 16 | 0xFFFF] }.compactMap(Unicode.Scalar.init)
    return bmp + planes + stride(from: 0x10000, through: 0x10FFFF, by: 257).compactMap(Unicode.Scalar.init)
  }

  @Test("every non-ASCII scalar either escaper changes has a lead byte the fast scan decodes")
  func escapedLeads() {
    var missed: [UInt32] = []
    for scalar in Self.nonASCIIScalars {
      let text = String(scalar)
      let changed =
        text.utf8.withContiguousStorageIfAvailable {
          HTMLEscaping.escapeSlowly($0) != text || MarkdownEscaping.escapeSlowly($0) != text
        }
        ?? true
      let lead = text.utf8.first!
      if changed && EscapedLeads.htmlAndMarkdown >> UInt64(lead & 0x3F) & 1 == 0 { missed.append(scalar.value) }
    }
    let count = missed.count
    #expect(count == 0, "first: \(missed.prefix(5).map { String($0, radix: 16) })")
    // And the fast paths agree with the slow ones on them.
    #expect(
      Self.nonASCIIScalars.allSatisfy { scalar in
        let text = String(scalar)
        return text.utf8.withContiguousStorageIfAvailable {
          HTMLEscaping.escape(text) == HTMLEscaping.escapeSlowly($0)
            && MarkdownEscaping.escape(text) == MarkdownEscaping.escapeSlowly($0)
        } ?? false
      })
  }
}
