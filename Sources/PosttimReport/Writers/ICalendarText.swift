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
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var afterCR = false
    for scalar in text.unicodeScalars {
      defer { afterCR = scalar == "\r" }
      switch scalar {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\r", "\u{85}", "\u{2028}", "\u{2029}": result += "\\n"
      case "\n": if !afterCR { result += "\\n" }
      case "\t": result.unicodeScalars.append(scalar)
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// One content line, folded per §3.1 and ended with CRLF.
  ///
  /// No physical line exceeds ``maximumLineOctets`` octets of UTF-8
  /// (CRLF excluded); a continuation line starts with one space, which
  /// counts. Lines break only between Unicode scalars, so a UTF-8
  /// sequence is never split. Unfolding (removing each CRLF followed by a
  /// space) gives `line` back.
  public static func folded(_ line: String) -> String {
    var result = ""
    result.reserveCapacity(line.utf8.count + line.utf8.count / 70 * 3 + 2)
    var octets = 0
    for scalar in line.unicodeScalars {
      let width = UTF8.width(scalar)
      if octets + width > maximumLineOctets {
        result += "\r\n "
        octets = 1
      }
      result.unicodeScalars.append(scalar)
      octets += width
    }
    return result + "\r\n"
  }

  /// A UTC DATE-TIME value (§3.3.5, "form #2"), `20261130T140000Z`, from
  /// this tool's ISO 8601 UTC text `2026-11-30T14:00:00Z`: the same digits
  /// without `-` and `:`.
  public static func utcDateTime(fromISO iso: String) -> String {
    String(iso.unicodeScalars.filter { $0 != "-" && $0 != ":" }.map(Character.init))
  }
}
