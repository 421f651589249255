import FoundationEssentials

/// A POSIX TZ string (POSIX.1-2017 XBD §8.3) read as glibc's `tzset`
/// reads `TZ` when no zone file has that name: `std offset [dst [offset]
/// [,start[/time],end[/time]]]`, offsets west-positive (`JST-9` is
/// UTC+9), names of three or more letters or quoted (`<+03>-3`), dates
/// `Mm.w.d`, `Jn` (1–365, February 29 never counted) or `n` (0–365).
///
/// What becomes of it (`TimeZoneIdentifier(posixTZ:)`): without daylight
/// saving, a fixed `GMT±hh:mm` zone (UTC for a zero offset), or a rule
/// zone (``POSIXRuleZone``) for an offset with seconds, which ICU's custom
/// IDs cannot hold (`XXX-14:59:59`, as glibc reads it); with daylight
/// saving, a rule zone.
///
/// A name without an offset (`FOO`, `<+03>`, `XXX+`) is no POSIX TZ
/// string: glibc then uses UTC. Refused with a reason, where glibc would
/// clamp, guess, or ICU cannot follow exactly: an offset of 24 hours or
/// more (ICU shows none), hours past 167 in a rule time, minutes or seconds past 59, 200 characters or
/// more, a zero-based day `n` from 59 on (February 29
/// in leap years, March 1 in others: no annual ICU rule says that), and a
/// daylight saving name without rules (`AAA3BBB`): POSIX leaves those
/// dates to the C library, and glibc 2.36 takes America/New_York's
/// transitions shifted the wrong way (06:00 local instead of 02:00 at
/// UTC−3) and its EST/EDT offsets after 2037. A zone file of that name
/// (`EST5EDT`) is read before any of this.
struct POSIXTZString: Equatable {
  /// The offset part as written, normalized (`JST-9`, `<+0530>-5:30`).
  var standard: String
  /// Seconds west of Greenwich, as POSIX writes them.
  var standardWest: Int
  /// The daylight part (`EDT`, `<+11>-11`), if any.
  var daylight: String?
  /// The two rule dates with their times, normalized (`M3.2.0`, `J60/3`).
  var rules: (start: String, end: String)?

  static func == (a: POSIXTZString, b: POSIXTZString) -> Bool {
    a.standard == b.standard && a.standardWest == b.standardWest && a.daylight == b.daylight
      && a.rules?.start == b.rules?.start && a.rules?.end == b.rules?.end
  }

  enum Reading: Equatable {
    /// Not shaped like a POSIX TZ string: no name followed by an offset.
    case notPOSIX
    /// Shaped like one, but refused, and why.
    case invalid(String)
    case valid(POSIXTZString)
  }

  /// Reads `text`.
  static func read(_ text: String) -> Reading {
    guard text.utf8.allSatisfy({ $0 >= 0x20 && $0 <= 0x7E }) else { return .notPOSIX }
    var scanner = Scanner(Array(text.utf8))
    // glibc reads no offset without a digit (`XXX+`) and then uses UTC.
    guard let standardName = scanner.name(), let first = scanner.peek,
      Scanner.isDigit(first) || ((first == UInt8(ascii: "+") || first == UInt8(ascii: "-")) && scanner.digitFollows)
    else { return .notPOSIX }
    do throws(Refusal) {
      guard text.utf8.count < 200 else { throw Refusal("it is longer than 199 characters") }
      let west = try Self.offset(try scanner.clock(maximumHours: 24, what: "offset"))
      var result = POSIXTZString(
        standard: standardName + clockText(west), standardWest: west, daylight: nil, rules: nil)
      if scanner.isAtEnd { return .valid(result) }
      guard let daylightName = scanner.name() else {
        throw Refusal("expected a daylight saving name (3 or more letters, or <…>) after the offset")
      }
      var daylight = daylightName
      if let next = scanner.peek, next != UInt8(ascii: ",") {
        daylight += clockText(try Self.offset(try scanner.clock(maximumHours: 24, what: "daylight offset")))
      }
      result.daylight = daylight
      if scanner.isAtEnd || (scanner.peek == UInt8(ascii: ",") && scanner.remaining == 1) {
        throw Refusal(
          "daylight saving needs its rules, such as \(standardName)\(clockText(west))\(daylight),M3.2.0,M11.1.0 "
            + "(POSIX leaves the dates to the C library)")
      }
      guard scanner.take(UInt8(ascii: ",")) else { throw Refusal("expected ',' before the daylight saving rules") }
      let start = try scanner.ruleDate()
      guard scanner.take(UInt8(ascii: ",")) else { throw Refusal("expected ',' and the rule ending daylight saving") }
      let end = try scanner.ruleDate()
      guard scanner.isAtEnd else { throw Refusal("unexpected text after the rules") }
      result.rules = (start, end)
      return .valid(result)
    } catch {
      return .invalid(error.reason)
    }
  }

  /// True for a fixed offset that ICU's custom `GMT±hh:mm` IDs cannot
  /// hold (seconds): it becomes a rule zone.
  var isFixedBeyondCustomIDs: Bool { daylight == nil && standardWest % 60 != 0 }

  /// `seconds` when ICU can show it: its offset formats (`xx`, `ZZZZ`)
  /// stop short of 24 hours, where glibc takes up to 24:59:59.
  static func offset(_ seconds: Int) throws(Refusal) -> Int {
    guard abs(seconds) < 24 * 3600 else { throw Refusal("an offset of 24 hours or more cannot be shown by ICU") }
    return seconds
  }

  /// The rule string handed to the TZif footer reader (for a fixed offset,
  /// the offset part alone).
  var ruleString: String {
    guard let daylight, let rules else { return standard }
    return "\(standard)\(daylight),\(rules.start),\(rules.end)"
  }

  /// `[-]h[:mm[:ss]]`: an offset with POSIX's sign (none for west, `-`
  /// for east) or a rule time (`-` before midnight).
  static func clockText(_ seconds: Int) -> String {
    let magnitude = abs(seconds)
    var text = (seconds < 0 ? "-" : "") + String(magnitude / 3600)
    let minutes = magnitude / 60 % 60
    let rest = magnitude % 60
    if minutes != 0 || rest != 0 { text += ":" + PaddedDigits.decimal(minutes, width: 2) }
    if rest != 0 { text += ":" + PaddedDigits.decimal(rest, width: 2) }
    return text
  }

  struct Refusal: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
  }

  /// A cursor over the string's ASCII bytes.
  struct Scanner {
    let bytes: [UInt8]
    var index = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }
    var peek: UInt8? { isAtEnd ? nil : bytes[index] }
    var remaining: Int { bytes.count - index }
    /// True when the byte after the next one is a digit (`+5`, `-0`).
    var digitFollows: Bool { index + 1 < bytes.count && Self.isDigit(bytes[index + 1]) }

    mutating func take(_ byte: UInt8) -> Bool {
      guard peek == byte else { return false }
      index += 1
      return true
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// A zone name: three or more letters, or `<` three or more letters,
    /// digits, `+` or `-` `>` (kept with its brackets). Nil, and nothing
    /// consumed, when there is none.
    mutating func name() -> String? {
      let start = index
      if take(UInt8(ascii: "<")) {
        while let byte = peek, Self.isASCIILetter(byte) || Self.isDigit(byte) || byte == 0x2B || byte == 0x2D {
          index += 1
        }
        guard index - start - 1 >= 3, take(UInt8(ascii: ">")) else {
          index = start
          return nil
        }
      } else {
        while let byte = peek, Self.isASCIILetter(byte) { index += 1 }
        guard index - start >= 3 else {
          index = start
          return nil
        }
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, hours at most `maximumHours`.
    mutating func clock(maximumHours: Int, what: String) throws(Refusal) -> Int {
      var sign = 1
      if take(UInt8(ascii: "-")) {
        sign = -1
      } else {
        _ = take(UInt8(ascii: "+"))
      }
      var parts: [Int] = []
      repeat {
        let start = index
        while let byte = peek, Self.isDigit(byte), index - start < 4 { index += 1 }
        guard index > start, index - start <= (parts.isEmpty ? 3 : 2) else {
          throw Refusal("expected hours[:minutes[:seconds]] in the \(what)")
        }
        parts.append(Int(String(decoding: bytes[start..<index], as: UTF8.self))!)
      } while parts.count < 3 && take(UInt8(ascii: ":"))
      guard parts[0] <= maximumHours else { throw Refusal("the \(what) has more than \(maximumHours) hours") }
      guard parts.dropFirst().allSatisfy({ $0 <= 59 }) else {
        throw Refusal("the \(what) has minutes or seconds past 59")
      }
      let minutes = parts.count > 1 ? parts[1] : 0
      let seconds = parts.count > 2 ? parts[2] : 0
      return sign * (parts[0] * 3600 + minutes * 60 + seconds)
    }

    /// `Mm.w.d`, `Jn` or `n`, then an optional `/time`; normalized text.
    mutating func ruleDate() throws(Refusal) -> String {
      var date: String
      if take(UInt8(ascii: "M")) {
        let month = try number(1...12, "month")
        guard take(UInt8(ascii: ".")) else { throw Refusal("expected Mm.w.d in a rule") }
        let week = try number(1...5, "week")
        guard take(UInt8(ascii: ".")) else { throw Refusal("expected Mm.w.d in a rule") }
        let weekday = try number(0...6, "weekday")
        date = "M\(month).\(week).\(weekday)"
      } else if take(UInt8(ascii: "J")) {
        date = "J\(try number(1...365, "Julian day"))"
      } else if let byte = peek, Self.isDigit(byte) {
        let day = try number(0...365, "day of the year")
        // Day 58 and before fall on the same date every year (Jn + 1);
        // from 59 on, a leap year's date is a day earlier.
        guard day < 59 else {
          throw Refusal(
            "a zero-based day of the year from 59 on (\(day)) moves with leap years; write it as J\(day + 1) or Mm.w.d")
        }
        date = "J\(day + 1)"
      } else {
        throw Refusal("expected a rule date (Mm.w.d, Jn or n)")
      }
      if take(UInt8(ascii: "/")) {
        date += "/" + clockText(try clock(maximumHours: 167, what: "rule time"))
      }
      return date
    }

    private mutating func number(_ range: ClosedRange<Int>, _ what: String) throws(Refusal) -> Int {
      let start = index
      while let byte = peek, Self.isDigit(byte), index - start < 4 { index += 1 }
      guard index > start, let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)),
        range.contains(value)
      else { throw Refusal("the \(what) must be \(range.lowerBound)–\(range.upperBound)") }
      return value
    }
  }
}

extension TimeZoneIdentifier {
  /// The zone a POSIX TZ string describes (``POSIXTZString``): `JST-9`
  /// (GMT+09:00), `UTC0` (UTC), `<+03>-3`, `EST5` (GMT-05:00),
  /// `XXX-14:59:59` and `AEST-10AEDT,M10.1.0,M4.1.0/3` (rule zones). Nil when `text` is not shaped like
  /// one (no name followed by an offset), so callers can try other
  /// readings; a zone file of the same name comes first in glibc, and
  /// callers look it up before this.
  /// - Throws: ``DateEngineError/invalidPOSIXTimeZone(_:reason:)`` for a
  ///   string shaped like one that is refused.
  public init?(posixTZ text: String, systemZones: SystemTimeZoneData = .shared) throws(DateEngineError) {
    let posix: POSIXTZString
    switch POSIXTZString.read(text) {
    case .notPOSIX: return nil
    case .invalid(let reason): throw .invalidPOSIXTimeZone(text, reason: reason)
    case .valid(let valid): posix = valid
    }
    guard posix.daylight != nil || posix.isFixedBeyondCustomIDs else {
      let east = -posix.standardWest
      if east == 0 {
        self = .utc(in: systemZones)
        return
      }
      let id =
        "GMT" + (east < 0 ? "-" : "+") + PaddedDigits.decimal(abs(east) / 3600, width: 2) + ":"
        + PaddedDigits.decimal(abs(east) / 60 % 60, width: 2)
      do {
        self = try TimeZoneIdentifier(id, systemZones: systemZones)
      } catch {
        throw .invalidPOSIXTimeZone(text, reason: "ICU has no fixed zone \(id)")
      }
      return
    }
    do {
      self = try TimeZoneIdentifier(posix.ruleString, systemZones: systemZones)
    } catch {
      throw .invalidPOSIXTimeZone(text, reason: "its rules cannot be converted exactly to an ICU zone")
    }
  }
}
