/// A POSIX TZ string with daylight saving rules (`AEST-10AEDT,M10.1.0,M4.1.0/3`,
/// POSIX.1-2017 XBD §8.3), or with a fixed offset with seconds
/// (`XXX-14:59:59`), as glibc accepts in `TZ`, made into a zone.
///
/// There is one POSIX TZ parser in the project: the TZif footer reader of
/// `cicu_zone_from_tzif` (RFC 8536 §3.3: a TZif file's footer *is* a
/// POSIX TZ string). So a rule string becomes the smallest TZif version 2
/// file with no transitions and the string as its footer, which governs
/// all time, just as glibc applies the rule to every year.
enum POSIXRuleZone {
  /// True for a string that can only be a POSIX TZ string with rules (it
  /// has a comma, which no IANA ID has) that ``POSIXTZString`` takes, or a fixed offset with seconds,
  /// which ICU's custom IDs cannot hold (`XXX-14:59:59`), printable ASCII
  /// and short.
  static func isRuleString(_ text: String) -> Bool {
    guard text.utf8.count < 200, text.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) else { return false }
    // The TZif footer reader takes more than this tool can show (24-hour offsets).
    guard case .valid(let posix) = POSIXTZString.read(text) else { return false }
    return text.contains(",") || (posix.isFixedBeyondCustomIDs && posix.ruleString == text)
  }

  /// The TZif bytes: two headers (RFC 8536 §3.1), each followed by a data
  /// block with one placeholder local time type (`UTC`, offset 0; the
  /// footer replaces it), then the footer `\n<rule>\n`.
  static func tzif(rule: String) -> [UInt8] {
    func header() -> [UInt8] {
      // magic, version '2', 15 reserved bytes, then isutcnt, isstdcnt,
      // leapcnt, timecnt, typecnt = 1, charcnt = 4.
      var bytes = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
      for count: UInt32 in [0, 0, 0, 0, 1, 4] { bytes += withUnsafeBytes(of: count.bigEndian, Array.init) }
      return bytes
    }
    // One ttinfo: utoff 0 (4 bytes), isdst 0, desigidx 0; then "UTC\0".
    let block: [UInt8] = [0, 0, 0, 0, 0, 0] + Array("UTC".utf8) + [0]
    return header() + block + header() + block + [UInt8(ascii: "\n")] + Array(rule.utf8) + [UInt8(ascii: "\n")]
  }
}
