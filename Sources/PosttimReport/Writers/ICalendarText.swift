import PosttimTemplating

/// The lexical rules of iCalendar (RFC 5545) that the ICS writer needs:
/// TEXT escaping (§3.3.11), content-line folding (§3.1) and UTC DATE-TIME
/// values (§3.3.5, form #2).
public enum ICalendarText {
  /// The most octets a content line may hold, CRLF excluded (§3.1).
  public static let maximumLineOctets = 75

  /// A TEXT property value (§3.3.11): `\` → `\\`, `;` → `\;`, `,` → `\,`,
  /// and each line break (LF, CR LF, a lone CR, and NEL U+0085, LINE
  /// SEPARATOR U+2028, PARAGRAPH SEPARATOR U+2029, the other mandatory
  /// breaks of UAX #14) → `\n`.
  ///
  /// Other control characters (U+0000…U+001F except tab, U+007F, and the C1
  /// controls U+0080…U+009F) are not allowed in TEXT (§3.1 CONTROL) or
  /// could drive a terminal (U+009B is CSI), and are left out. iCalendar has
  /// one kind of line break, so a value read back has LF where the input
  /// had CR, CR LF, NEL, U+2028 or U+2029.
  public static func escapedText(_ text: String) -> String {
    var escaped: [UInt8] = []
    escaped.reserveCapacity(text.utf8.count)
    text.withUTF8Bytes { ICalendarLines.appendEscaped($0, to: &escaped) }
    return String(decoding: escaped, as: UTF8.self)
  }

  /// One content line, folded per §3.1 and ended with CRLF.
  ///
  /// No physical line exceeds ``maximumLineOctets`` octets of UTF-8
  /// (CRLF excluded); a continuation line starts with one space, which
  /// counts. Lines break only between Unicode scalars, so a UTF-8
  /// sequence is never split. Unfolding (removing each CRLF followed by a
  /// space) gives `line` back.
  public static func folded(_ line: String) -> String {
    var buffer = TextBuffer(capacity: line.utf8.count + line.utf8.count / 70 * 3 + 2)
    line.withUTF8Bytes { ICalendarLines.fold($0, into: &buffer) }
    return buffer.text
  }

  /// A UTC DATE-TIME value (§3.3.5, "form #2"), `20261130T140000Z`, from
  /// this tool's ISO 8601 UTC text `2026-11-30T14:00:00Z`: the same digits
  /// without `-` and `:`.
  public static func utcDateTime(fromISO iso: String) -> String {
    String(decoding: iso.utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ":") }, as: UTF8.self)
  }
}
