import FoundationEssentials

/// ISO 8601 for machine-facing values: always Gregorian, ASCII digits,
/// whole seconds (RFC 3339 profile), whatever the report's locale.
public enum ISO8601 {
  /// The instants this tool supports, in seconds since 1970: years
  /// 0000…9999 of the proleptic Gregorian calendar, what ISO 8601's
  /// four-digit years can write (year 0000 holds Foundation's
  /// `Date.distantPast`, `0000-12-30T00:00:00Z`).
  public static let supportedSeconds: Range<Double> = -62_167_219_200..<253_402_300_800

  /// True for an instant in ``supportedSeconds``.
  public static func isSupported(_ date: Date) -> Bool {
    supportedSeconds.contains(date.timeIntervalSince1970)
  }

  /// `2026-11-30T14:00:00Z`.
  public static func utcString(_ date: Date) -> String {
    localString(date, offsetSeconds: 0)
  }

  /// The wall time at a UTC offset, with that offset:
  /// `2026-11-30T09:00:00-05:00` (`Z` for offset 0; `±hh:mm:ss` when the
  /// offset has seconds, see ``offsetString(_:)``).
  /// Total: an instant outside ``supportedSeconds`` (or not finite) gives
  /// `"invalid date"` rather than a trap.
  public static func localString(_ date: Date, offsetSeconds: Int) -> String {
    guard isSupported(date), abs(offsetSeconds) < 86_400 else { return "invalid date" }
    // Written into the string's own storage: this runs once or twice per task.
    let written = String(unsafeUninitializedCapacity: maximumLength) { bytes in
      write(date, offsetSeconds: offsetSeconds, into: bytes) ?? 0
    }
    if !written.isEmpty { return written }
    // A year outside 0…9999.
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offsetSeconds
    let (days, inDay) = seconds.quotientAndRemainderFloored(dividingBy: 86_400)
    return LocalDay(dayNumber: Int32(days + CivilDate.julianDayOfUnixEpoch)).iso8601 + "T" + pad(inDay / 3600, 2)
      + ":" + pad(inDay / 60 % 60, 2) + ":" + pad(inDay % 60, 2) + offsetString(offsetSeconds)
  }

  /// ``utcString(_:)``'s UTF-8 lent to `body`, written on the stack (a task's
  /// anchor hashes it for every task of an HTML report).
  public static func withUTCUTF8(_ date: Date, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { bytes in
      guard let count = write(date, offsetSeconds: 0, into: bytes) else {
        var text = utcString(date)
        return text.withUTF8(body)
      }
      body(UnsafeBufferPointer(rebasing: bytes[..<count]))
    }
  }

  /// The longest text ``write(_:offsetSeconds:into:)`` writes (a literal
  /// where it sizes a stack buffer).
  private static let maximumLength = 32

  /// Writes ``localString(_:offsetSeconds:)``'s text into `bytes` (room for
  /// ``maximumLength``) and returns its length; nil, writing nothing, for an
  /// instant outside ``supportedSeconds``, an offset of a day or more, or a
  /// year outside 0…9999 (``localString(_:offsetSeconds:)`` spells those).
  private static func write(_ date: Date, offsetSeconds: Int, into bytes: UnsafeMutableBufferPointer<UInt8>) -> Int? {
    guard isSupported(date), abs(offsetSeconds) < 86_400 else { return nil }
    let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offsetSeconds
    let (days, inDay) = seconds.quotientAndRemainderFloored(dividingBy: 86_400)
    let (year, month, day) = LocalDay(dayNumber: Int32(days + CivilDate.julianDayOfUnixEpoch)).gregorian
    guard (0...9999).contains(year) else { return nil }
    var count = 0
    func append(_ byte: UInt8) {
      bytes[count] = byte
      count += 1
    }
    // Two digits of `value` (0…99, as the guards above keep every field):
    // dividing by the constant 10 is a multiplication, and a task's anchor
    // writes this text for every task.
    func twoDigits(_ value: Int) {
      assert((0...99).contains(value), "an ISO 8601 field out of range: \(value)")
      append(UInt8(truncatingIfNeeded: 48 + value / 10))
      append(UInt8(truncatingIfNeeded: 48 + value % 10))
    }
    twoDigits(year / 100)
    twoDigits(year % 100)
    append(45)
    twoDigits(month)
    append(45)
    twoDigits(day)
    append(84)
    twoDigits(inDay / 3600)
    append(58)
    twoDigits(inDay / 60 % 60)
    append(58)
    twoDigits(inDay % 60)
    if offsetSeconds == 0 {
      append(90)
    } else {
      let minutes = abs(offsetSeconds) / 60
      append(offsetSeconds < 0 ? 45 : 43)
      twoDigits(minutes / 60)
      append(58)
      twoDigits(minutes % 60)
      if abs(offsetSeconds) % 60 != 0 {
        append(58)
        twoDigits(abs(offsetSeconds) % 60)
      }
    }
    return count
  }

  /// `Z`, `-05:00`, `+05:45`; `+05:41:16` when the offset has seconds
  /// (local mean time), as Python's `isoformat` writes it, rather than
  /// a rounded offset that would name another instant.
  public static func offsetString(_ seconds: Int) -> String {
    if seconds == 0 { return "Z" }
    let minutes = abs(seconds) / 60
    let rest = abs(seconds) % 60
    return (seconds < 0 ? "-" : "+") + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
      + (rest == 0 ? "" : ":" + pad(rest, 2))
  }

  /// `width` digits and, before them, a minus sign (ISO 8601's expanded years).
  static func pad(_ value: Int, _ width: Int) -> String {
    (value < 0 ? "-" : "") + PaddedDigits.decimal(abs(value), width: width)
  }

  /// A parsed ISO 8601 value: a calendar date, or a date-time with or
  /// without an explicit offset.
  public enum Value: Equatable, Sendable {
    /// A calendar date alone (`2026-11-30`).
    case day(LocalDay)
    /// Wall time with no offset: local to whatever zone the caller uses.
    case localDateTime(LocalDay, hour: Int, minute: Int, second: Int)
    /// An instant: a date-time with `Z` or a `±hh:mm` offset (milliseconds kept).
    case instant(Date)

    /// The instant this value names in `calendar`'s zone (a bare date is
    /// the start of that local day).
    public func date(in calendar: DayCalendar) -> Date {
      switch self {
      case .day(let day): return calendar.start(of: day)
      case .localDateTime(let day, let hour, let minute, let second):
        let (y, m, d) = day.gregorian
        return calendar.date(year: y, month: m, day: d, hour: hour, minute: minute, second: second)
      case .instant(let date): return date
      }
    }

    /// The local day this value names in `calendar`'s zone.
    public func day(in calendar: DayCalendar) -> LocalDay {
      switch self {
      case .day(let day), .localDateTime(let day, _, _, _): return day
      case .instant(let date): return calendar.day(of: date)
      }
    }
  }

  /// The reason ``parse(_:)`` gives for text not shaped as a date at all:
  /// a caller that accepts less (a day only, an instant only) says so
  /// instead.
  public static let expectedShape = "expected YYYY-MM-DD, optionally followed by Thh:mm[:ss] and Z or ±hh:mm"

  /// Parses `2026-11-30`, `2026-11-30T09:00`, `2026-11-30T09:00:00`,
  /// with `Z` or `±hh:mm`/`±hhmm` for an instant.
  /// - Throws: ``DateEngineError/invalidDate(_:reason:)``.
  public static func parse(_ text: String) throws(DateEngineError) -> Value {
    let bytes = Array(text.utf8)
    func number(_ from: Int, _ count: Int) -> Int? {
      guard from + count <= bytes.count else { return nil }
      var value = 0
      for byte in bytes[from..<from + count] {
        guard (48...57).contains(byte) else { return nil }
        value = value * 10 + Int(byte - 48)
      }
      return value
    }
    func fail(_ reason: String) -> DateEngineError { .invalidDate(text, reason: reason) }
    guard let year = number(0, 4), bytes.count >= 10, bytes[4] == 45, let month = number(5, 2),
      bytes[7] == 45, let day = number(8, 2)
    else { throw fail(expectedShape) }
    guard CivilDate.isValid(year: year, month: month, day: day) else { throw fail("no such calendar date") }
    let localDay = LocalDay(year: year, month: month, day: day)
    if bytes.count == 10 { return .day(localDay) }
    guard bytes[10] == 84 || bytes[10] == 116 || bytes[10] == 32, let hour = number(11, 2),
      bytes.count >= 16, bytes[13] == 58, let minute = number(14, 2)
    else { throw fail("expected a time as Thh:mm[:ss]") }
    var index = 16
    var second = 0
    var milliseconds = 0
    if index < bytes.count, bytes[index] == 58 {
      guard let value = number(index + 1, 2) else { throw fail("expected seconds as :ss") }
      second = value
      index += 3
      // Fractional seconds (".5", ",250"), cut to the millisecond, as plist
      // dates are: rounding would carry 23:59:59.9995 into the next day.
      if index < bytes.count, bytes[index] == 46 || bytes[index] == 44 {
        var scale = 100
        index += 1
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) {
          milliseconds += Int(bytes[index] - 48) * scale
          scale /= 10
          index += 1
        }
        guard index > start else { throw fail("expected digits after the decimal sign") }
      }
    }
    guard hour < 24, minute < 60, second < 60 else { throw fail("time out of range") }
    if index == bytes.count { return .localDateTime(localDay, hour: hour, minute: minute, second: second) }
    var offset = 0
    if bytes[index] == 90 || bytes[index] == 122, index + 1 == bytes.count {
      offset = 0
    } else if bytes[index] == 43 || bytes[index] == 45 {
      let sign = bytes[index] == 45 ? -1 : 1
      let compact = index + 5 == bytes.count
      guard let oh = number(index + 1, 2),
        let om = compact
          ? number(index + 3, 2) : (bytes.count == index + 6 && bytes[index + 3] == 58 ? number(index + 4, 2) : nil),
        oh < 24, om < 60
      else { throw fail("expected a UTC offset as Z or ±hh:mm") }
      offset = sign * (oh * 3600 + om * 60)
    } else {
      throw fail("unexpected text after the time")
    }
    let daySeconds = (Int(localDay.dayNumber) - CivilDate.julianDayOfUnixEpoch) * 86_400
    let seconds = daySeconds + hour * 3600 + minute * 60 + second - offset
    return .instant(Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(milliseconds) / 1000))
  }
}

extension Int {
  /// Division rounding toward negative infinity (dates before 1970).
  func quotientAndRemainderFloored(dividingBy divisor: Int) -> (Int, Int) {
    var (q, r) = quotientAndRemainder(dividingBy: divisor)
    if r < 0 { q -= 1; r += divisor }
    return (q, r)
  }
}
