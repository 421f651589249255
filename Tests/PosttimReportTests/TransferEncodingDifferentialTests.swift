import Testing
import TestSupport

@testable import PosttimReport

/// Quoted-printable is encoded byte by byte, and base64 made only when it
/// is shorter, its length computed first; held to a reference written
/// from the rules (RFC 2045 §6.7, §6.8) that builds both bodies.
@Suite("Transfer encodings against references that build both bodies")
struct TransferEncodingDifferentialTests {
  static func quotedPrintableReference(_ text: String) -> String {
    var lines = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let endsWithBreak = lines.last?.isEmpty == true
    if endsWithBreak { lines.removeLast() }
    var out: [UInt8] = []
    for (number, line) in lines.enumerated() {
      let bytes = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
      let startsWithFrom = bytes.starts(with: "From ".utf8)
      var column = 0
      for index in bytes.indices {
        let byte = bytes[index]
        let isFirst = index == bytes.startIndex
        let isLast = index == bytes.index(before: bytes.endIndex)
        var literal: Bool
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"): literal = !isLast
        case UInt8(ascii: "="): literal = false
        case UInt8(ascii: "."): literal = !isFirst
        case UInt8(ascii: "F"): literal = !isFirst || !startsWithFrom
        case 33...126: literal = true
        default: literal = false
        }
        if column + (literal ? 1 : 3) > (isLast ? 76 : 75) {
          out += Array("=\r\n".utf8)
          column = 0
          if byte == UInt8(ascii: ".") { literal = false }
        }
        if literal {
          out.append(byte)
          column += 1
        } else {
          out += Array(("=" + String(byte, radix: 16, uppercase: true).leftPadded()).utf8)
          column += 3
        }
      }
      if number < lines.count - 1 || endsWithBreak { out += [0x0D, 0x0A] }
    }
    return String(decoding: out, as: UTF8.self)
  }

  static func encodeReference(_ text: String) -> (TransferEncoding, String) {
    let quoted = quotedPrintableReference(text)
    let base64 = Base64Lines.body(TransferEncoding.canonicalBytes(text))
    return quoted.utf8.count <= base64.utf8.count ? (.quotedPrintable, quoted) : (.base64, base64)
  }

  static let alphabet: [Unicode.Scalar] =
    Array("From .=Fa b\t\r\n\r\n\n xyz".unicodeScalars) + ["é", "ا", "日", "\u{1F382}", "\u{0}", "\u{7F}"]

  @Test("random texts: the same body, and the same choice, as the reference")
  func random() {
    var generator = SplitMix64(seed: 0x0919)
    for _ in 0..<3_000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...200, using: &generator) {
        text.unicodeScalars.append(Self.alphabet.randomElement(using: &generator)!)
      }
      let scalars = "\(Array(text.unicodeScalars))"
      #expect(QuotedPrintable.body(text) == Self.quotedPrintableReference(text), "\(scalars)")
      let (encoding, body) = TransferEncoding.encode(text)
      let (expectedEncoding, expectedBody) = Self.encodeReference(text)
      #expect(encoding == expectedEncoding && body == expectedBody, "\(scalars)")
    }
  }

  @Test("base64 body lengths from 0 to 400 bytes, as made")
  func base64Lengths() {
    for count in 0...400 {
      let bytes = [UInt8](repeating: 0xA5, count: count)
      #expect(Base64Lines.bodyLength(ofBytes: count) == Base64Lines.body(bytes).utf8.count, "\(count)")
    }
  }

  @Test("a CR at the very end is a line break's, as before an LF")
  func finalCR() {
    #expect(QuotedPrintable.body("a\r") == Self.quotedPrintableReference("a\r"))
    #expect(QuotedPrintable.body("a\r\r") == Self.quotedPrintableReference("a\r\r"))
    #expect(QuotedPrintable.body("\r") == Self.quotedPrintableReference("\r"))
  }
}

extension String {
  fileprivate func leftPadded() -> String { count < 2 ? "0" + self : self }
}

@Suite("Long quoted-printable bodies, encoded in pieces, as in one piece")
struct QuotedPrintablePiecesTests {
  @Test("bodies past the parallel size: the reference's text, whatever the line lengths")
  func long() {
    var generator = SplitMix64(seed: 0x9A7)
    for _ in 0..<3 {
      var text = ""
      while text.utf8.count < QuotedPrintable.parallelBytes + 5_000 {
        let length = Int.random(in: 0...300, using: &generator)
        text += String(repeating: "é", count: length / 3) + String(repeating: "a ", count: length / 2)
        text += ["\n", "\r\n", "\r", " \n", "."].randomElement(using: &generator)!
      }
      #expect(QuotedPrintable.body(text) == TransferEncodingDifferentialTests.quotedPrintableReference(text))
    }
    // One long line (no place to cut) and a body ending in CR.
    let line = String(repeating: "x=", count: QuotedPrintable.parallelBytes) + "\r"
    #expect(QuotedPrintable.body(line) == TransferEncodingDifferentialTests.quotedPrintableReference(line))
  }
}
