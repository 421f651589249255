import FoundationEssentials
import Glibc

/// A `Message-ID` (RFC 5322 §3.6.4): `<time.random@domain>`, unique per
/// run: the UTC time to the second and 80 random bits (SystemRandomNumberGenerator,
/// the kernel's getrandom) on the left, a domain the sender controls on the right.
public enum MessageID {
  /// - Parameter domain: the sender's domain (from `--mail-from`) or the
  ///   host name; a value that is not a dot-atom becomes `localhost`.
  public static func make(domain: String, now: Date) -> String {
    var generator = SystemRandomNumberGenerator()
    let random = (0..<10).map { _ in
      PaddedDigits.hex(Int(UInt8.random(in: 0...255, using: &generator)), width: 2, uppercase: false)
    }.joined()
    let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
    let right = MailAddress.isDotAtom(Substring(domain)) ? domain : "localhost"
    return "<\(seconds).\(random)@\(right)>"
  }

  /// A `Message-ID` that is the same each time for one key and one day:
  /// `<posttim-roster.HASH.YYYYMMDD@domain>`, HASH the FNV-1a 64 in 16 hex
  /// digits of the key, then (with a scope) a line feed and the scope. A
  /// message sent again after a crash (before its delivery was recorded)
  /// carries the same ID, so mail clients fold the two; two scopes (two
  /// rosters with a reader of the same ID) give two IDs, so no client folds
  /// two different messages.
  /// - Parameters:
  ///   - key: what the message is for (a roster reader's ID).
  ///   - day: the day it is for, `YYYY-MM-DD` or `YYYYMMDD`.
  ///   - domain: as for ``make(domain:now:)``.
  ///   - scope: what the key is unique in (a roster), or nil for the key
  ///     alone (the form before scopes, still read in old records).
  public static func derived(key: String, day: String, domain: String, scope: String? = nil) -> String {
    var hash = FNV1a()
    hash.mix(key)
    if let scope {
      hash.mix(UInt8(ascii: "\n"))
      hash.mix(scope)
    }
    let digits = day.filter(\.isASCII).filter(\.isNumber)
    let right = MailAddress.isDotAtom(Substring(domain)) ? domain : "localhost"
    return "<posttim-roster.\(hash.hex).\(digits)@\(right)>"
  }

  /// The host name (gethostname(2)), or nil.
  public static var hostName: String? {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
    // Up to the terminating NUL (the buffer ends with one: 255 bytes were allowed).
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? nil : name
  }
}
