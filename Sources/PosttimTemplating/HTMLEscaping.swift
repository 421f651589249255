/// An escaper over UTF-8 that appends to a buffer: the same output as a
/// `(String) -> String` escaper (``HTMLEscaping/escapeUTF8(_:into:)``).
package typealias TemplateByteEscape = @Sendable (UnsafeBufferPointer<UInt8>, inout TextBuffer) -> Void

/// HTML escaping for `{{name}}` interpolations (the engine's default escaper).
///
/// Replaces `&`, `<`, `>`, `"` and `'` with `&amp;`, `&lt;`, `&gt;`, `&quot;`
/// and `&#39;`. Controls other than tab, LF and CR (C0, DEL, C1) and
/// noncharacters become U+FFFD: HTML does not allow them in text (WHATWG
/// HTML §13.2.3.5, "control-character-in-input-stream" and
/// "noncharacter-in-input-stream"), and a task list may hold them.
/// Explicit bidi formatting characters (U+202A–U+202E embeddings and
/// overrides, U+2066–U+2069 isolates) are kept, but a value holding one is
/// wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE with its
/// isolates balanced (see `BidiBalance`), so a title with U+202E cannot
/// reorder the text around it (UAX #9 rules X5c, X6a). Everything else is
/// copied unchanged. Never throws.
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec),
/// interpolation.yml "HTML Escaping"; `'` is escaped too so values are safe in
/// single-quoted attributes.
public enum HTMLEscaping {
  /// Returns `s` with the five HTML-significant characters replaced by
  /// entities, and forbidden code points by U+FFFD.
  public static func escape(_ s: String) -> String {
    // Fast path: most report values contain nothing to escape.
    s.withUTF8Bytes { needsEscaping($0) ? escapeSlowly($0) : s }
  }

  /// ``escape(_:)`` of the text whose UTF-8 is `bytes`, appended to `buffer`.
  package static func escapeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: inout TextBuffer) {
    guard needsEscaping(bytes) else { return buffer.write(bytes) }
    buffer.write(escapeSlowly(bytes))
  }

  /// Whether ``escape(_:)`` changes the text whose UTF-8 is `bytes`.
  private static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    ScalarScan.contains(
      bytes, ascii: escapedASCII, decodedLeads: EscapedLeads.htmlAndMarkdown,
      nonASCII: { isForbidden(Unicode.Scalar($0)!) || BidiBalance.isFormatting($0) })
  }

  /// The escaping itself, over valid UTF-8, into bytes made a String once
  /// (appending scalar by scalar to a String costs more than the rest):
  /// ASCII is handled as bytes, other scalars are decoded only to be
  /// checked, and copied.
  static func escapeSlowly(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 16)
    var bidi = BidiBalance()
    let escaped = escapedASCII
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        index += 1
        guard escaped.contains(byte) else {
          out.append(byte)
          continue
        }
        switch byte {
        case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
        case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
        case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
        case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
        case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
        default: out.append(contentsOf: "\u{FFFD}".utf8)  // a control
        }
        continue
      }
      let (value, length) = ScalarScan.scalar(in: bytes, at: index)
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      if !bidi.admit(scalar) {
        // A PDI that closes nothing: dropped.
      } else if isForbidden(scalar) {
        out.append(contentsOf: "\u{FFFD}".utf8)
      } else {
        for offset in index..<index + length { out.append(bytes[offset]) }
      }
      index += length
    }
    return bidi.enclose(String(decoding: out, as: UTF8.self))
  }

  /// The ASCII bytes ``escape(_:)`` changes: the five entities' and the forbidden controls.
  static let escapedASCII = ASCIISet {
    $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || isForbidden(Unicode.Scalar($0))
  }

  /// A control (other than tab, LF, CR) or a noncharacter.
  package static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 { return value != 0x09 && value != 0x0A && value != 0x0D }
    if (0x7F...0x9F).contains(value) { return true }
    return (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
  }
}

/// Contains the explicit bidi formatting characters of one value (UAX #9
/// §2): feed every scalar to ``admit(_:)``, then pass the escaped text to
/// ``enclose(_:)``.
///
/// A value holding any of U+202A–U+202E (LRE, RLE, PDF, LRO, RLO) or
/// U+2066–U+2069 (LRI, RLI, FSI, PDI) is wrapped in FSI…PDI. Its own
/// isolates are balanced first so the closing PDI matches the opening FSI:
/// a PDI with no initiator is dropped, and PDIs are added for initiators
/// left open. Embeddings and overrides left open need nothing: the closing
/// PDI ends them (rule X6a). Values without these characters are unchanged.
package struct BidiBalance: Sendable {
  private var openIsolates = 0
  private var seen = false

  /// A balance with no isolate open yet.
  package init() {}

  /// Whether the scalar value is one of U+202A–U+202E or U+2066–U+2069.
  @inlinable
  package static func isFormatting(_ value: UInt32) -> Bool {
    (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }

  /// Whether `scalar` is kept: false only for a PDI that closes nothing.
  package mutating func admit(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x202A...0x202E:
      seen = true
    case 0x2066...0x2068:
      seen = true
      openIsolates += 1
    case 0x2069:
      seen = true
      guard openIsolates > 0 else { return false }
      openIsolates -= 1
    default:
      break
    }
    return true
  }

  /// `text` wrapped in FSI…PDI (closing open isolates first) when a
  /// formatting character was admitted, else `text`.
  package func enclose(_ text: String) -> String {
    guard seen else { return text }
    return "\u{2068}" + text + String(repeating: "\u{2069}", count: openIsolates + 1)
  }
}
