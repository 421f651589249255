/// An escaper over UTF-8 that appends to a buffer: the same output as a
/// `(String) -> String` escaper (``HTMLEscaping/byteEscape``). It must
/// return ``PlainText`` unchanged: a row program writes a value lent as
/// plain without calling it.
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
    s.withUTF8Bytes { scan.finds(in: $0) ? escapeSlowly($0) : s }
  }

  /// ``escape(_:)`` of the text whose UTF-8 is `bytes`, appended to a
  /// buffer: the escaper a template calls, holding the scan (a static
  /// function reading the scan checked that it was made, `swift_once`, for
  /// every value of a report).
  package static let byteEscape: TemplateByteEscape = { [scan] in escapeUTF8($0, into: &$1, scan: scan) }

  private static func escapeUTF8(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: inout TextBuffer, scan: EscapeScan) {
    guard scan.finds(in: bytes) else { return buffer.write(bytes) }
    escapeSlowly(bytes, into: &buffer)
  }

  /// What ``escape(_:)`` changes.
  private static let scan = EscapeScan(ascii: escapedASCII, lineSeparators: false)

  /// The escaping itself, over valid UTF-8, into bytes made a String once
  /// (appending scalar by scalar to a String costs more than the rest).
  static func escapeSlowly(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var out = ByteArraySink()
    out.bytes.reserveCapacity(bytes.count + 16)
    let bidi = escapeRuns(bytes, into: &out)
    return bidi.enclose(String(decoding: out.bytes, as: UTF8.self))
  }

  /// ``escapeSlowly(_:)`` appended to `buffer`: written in place unless
  /// the text holds a bidi formatting character (then it is wrapped, and
  /// made as a String).
  private static func escapeSlowly(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: inout TextBuffer) {
    let mark = buffer.byteCount
    guard escapeRuns(bytes, into: &buffer).changesText else { return }
    buffer.truncate(to: mark)
    buffer.write(escapeSlowly(bytes))
  }

  /// Writes `bytes` escaped to `sink`, runs of unchanged bytes at once:
  /// ASCII is handled as bytes, other scalars are decoded only to be
  /// checked. Returns the text's bidi balance, for ``BidiBalance/enclose(_:)``.
  private static func escapeRuns(_ bytes: UnsafeBufferPointer<UInt8>, into sink: inout some EscapeSink) -> BidiBalance {
    var bidi = BidiBalance()
    let escaped = escapedASCII
    var run = 0
    var index = 0
    // Writes the unchanged bytes before `index`, then `replacement`, and
    // starts the next run after `length` bytes.
    func replace(_ length: Int, with replacement: StaticString) {
      sink.write(UnsafeBufferPointer(rebasing: bytes[run..<index]))
      sink.write(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
      run = index + length
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        if escaped.contains(byte) {
          switch byte {
          case UInt8(ascii: "&"): replace(1, with: "&amp;")
          case UInt8(ascii: "<"): replace(1, with: "&lt;")
          case UInt8(ascii: ">"): replace(1, with: "&gt;")
          case UInt8(ascii: "\""): replace(1, with: "&quot;")
          case UInt8(ascii: "'"): replace(1, with: "&#39;")
          default: replace(1, with: "\u{FFFD}")  // a control
          }
        }
        index += 1
        continue
      }
      let (value, length) = ScalarScan.scalar(in: bytes, at: index)
      let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
      if !bidi.admit(scalar) {
        replace(length, with: "")  // a PDI that closes nothing: dropped
      } else if isForbidden(scalar) {
        replace(length, with: "\u{FFFD}")
      }
      index += length
    }
    sink.write(UnsafeBufferPointer(rebasing: bytes[run..<index]))
    return bidi
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

/// Where ``HTMLEscaping`` writes escaped bytes.
private protocol EscapeSink {
  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension TextBuffer: EscapeSink {}

private struct ByteArraySink: EscapeSink {
  var bytes: [UInt8] = []

  mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes.append(contentsOf: bytes) }
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

  /// Whether ``enclose(_:)`` changes its text: a formatting character was admitted.
  package var changesText: Bool { seen }

  /// `text` wrapped in FSI…PDI (closing open isolates first) when a
  /// formatting character was admitted, else `text`.
  package func enclose(_ text: String) -> String {
    guard seen else { return text }
    return "\u{2068}" + text + String(repeating: "\u{2069}", count: openIsolates + 1)
  }
}
