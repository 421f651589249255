import FoundationEssentials

/// A local day as people say it: a date, or a day counted from today.
///
/// Parses `2026-12-01` (ISO 8601), `today`, `tomorrow`, `yesterday`, `+N`
/// and `-N` (N days from today, leading zeros allowed) and `next-workday` (the first working day
/// after today, by the locale's CLDR week: ``WorkingWeek``). Keywords are
/// ASCII and case-insensitive. The day is resolved later, against "now" in
/// the report's zone, so a config file can say `from = tomorrow`.
///
///     let from = try RelativeDay("tomorrow"), to = try RelativeDay("next-workday")
///     // Friday 21:00 in Toronto (fr_CA): Saturday … Monday
///     // Thursday 21:00 in Cairo (ar_EG): Friday … Sunday
public enum RelativeDay: Hashable, Sendable, CustomStringConvertible {
  /// A calendar date, the same whatever today is.
  case date(LocalDay)
  /// Today plus this many days: 0 today, 1 tomorrow, -1 yesterday.
  case daysFromToday(Int)
  /// The first working day after today.
  case nextWorkingDay

  /// The words accepted besides dates and `±N`, for completions and suggestions.
  public static let keywords = ["today", "tomorrow", "yesterday", "next-workday"]

  /// The most days `+N` and `-N` may count: a hundred years.
  public static let maximumOffset = 36_600

  /// Why a text is not a day. The messages name the text only (never an
  /// option or a file): the caller says where it came from.
  public enum ParseError: Error, Equatable, CustomStringConvertible {
    /// Neither a date nor a word or count this type knows.
    case notADay(String)
    /// Shaped as a date, but ISO 8601 refuses it (`2026-02-30`, a date-time).
    case invalidDate(String, reason: String)
    /// `+N` or `-N` beyond ``RelativeDay/maximumOffset``.
    case tooFar(String)

    public var description: String {
      switch self {
      case .notADay(let text):
        return "'\(TerminalText.echo(text, limit: 40))' is not a day: use a date (YYYY-MM-DD), today, tomorrow, "
          + "yesterday, +N or -N (days from today) or next-workday"
      case .invalidDate(let text, let reason):
        return "'\(TerminalText.echo(text, limit: 40))' is not a day: \(reason)"
      case .tooFar(let text):
        return "'\(TerminalText.echo(text, limit: 40))' is too far: +N and -N count at most "
          + "\(RelativeDay.maximumOffset) days"
      }
    }
  }

  /// Parses one day; surrounding spaces and tabs are ignored.
  /// - Throws: ``ParseError``.
  public init(_ text: String) throws(ParseError) {
    let trimmed = text.trimmingHorizontalSpace()
    switch trimmed.lowercased() {
    case "today": self = .daysFromToday(0)
    case "tomorrow": self = .daysFromToday(1)
    case "yesterday": self = .daysFromToday(-1)
    case "next-workday": self = .nextWorkingDay
    default:
      if let sign = trimmed.first, sign == "+" || sign == "-" {
        let digits = trimmed.dropFirst()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
          throw .notADay(text)
        }
        // Leading zeros are a count's padding (`+0000000001` is tomorrow):
        // only the digits after them say how far it is.
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 6, let count = Int(significant.isEmpty ? "0" : significant),
          count <= Self.maximumOffset
        else { throw .tooFar(text) }
        self = .daysFromToday(sign == "-" ? -count : count)
        return
      }
      // Four digits and a hyphen: meant as a date, so ISO 8601's reason is the helpful one.
      guard trimmed.utf8.count >= 5, trimmed.utf8.prefix(4).allSatisfy({ (0x30...0x39).contains($0) }),
        trimmed.utf8.dropFirst(4).first == UInt8(ascii: "-")
      else { throw .notADay(text) }
      let value: ISO8601.Value
      do {
        value = try ISO8601.parse(trimmed)
      } catch {
        guard case .invalidDate(_, let reason) = error else { throw .notADay(text) }
        throw .invalidDate(text, reason: Self.dayReason(trimmed, reason))
      }
      guard case .day(let day) = value else {
        throw .invalidDate(text, reason: Self.withoutTime)
      }
      self = .date(day)
    }
  }

  private static let withoutTime = "a day is a date without a time (YYYY-MM-DD)"

  /// ISO 8601's `reason` for refusing `text`, in the words of a day: a
  /// valid date with more after it is a date-time, and a day has no time.
  private static func dayReason(_ text: String, _ reason: String) -> String {
    let date = String(decoding: text.utf8.prefix(10), as: UTF8.self)
    if text.utf8.count > 10, case .day? = try? ISO8601.parse(date) {
      return withoutTime
    }
    return reason == ISO8601.expectedShape ? "expected YYYY-MM-DD" : reason
  }

  /// Whether resolving needs the locale's working week.
  public var needsWorkingWeek: Bool { self == .nextWorkingDay }

  /// The day this names at `now`: today is the local day of `now` in
  /// `calendar`'s zone, working days are those of `calendar`'s locale, and
  /// days are counted as the zone has them (``DayCalendar/day(_:movedBy:)``).
  /// - Throws: ``ICUError`` when ICU cannot give the locale's week.
  public func day(now: Date, in calendar: DayCalendar) throws(ICUError) -> LocalDay {
    let today = calendar.day(of: now)
    return resolved(today: today, week: needsWorkingWeek ? try calendar.workingWeek() : nil, in: calendar)
  }

  /// The day when today is `today` in `calendar`'s zone; `week` may be nil
  /// when ``needsWorkingWeek`` is false (the next day stands in otherwise).
  package func resolved(today: LocalDay, week: WorkingWeek?, in calendar: DayCalendar) -> LocalDay {
    switch self {
    case .date(let day): return day
    case .daysFromToday(let count): return calendar.day(today, movedBy: count)
    case .nextWorkingDay:
      guard let week else { return calendar.day(today, movedBy: 1) }
      return calendar.nextWorkingDay(after: today, in: week)
    }
  }

  /// The canonical spelling: `2026-12-01`, `today`, `tomorrow`,
  /// `yesterday`, `+3`, `-3`, `next-workday`.
  public var description: String {
    switch self {
    case .date(let day): return day.iso8601
    case .daysFromToday(0): return "today"
    case .daysFromToday(1): return "tomorrow"
    case .daysFromToday(-1): return "yesterday"
    case .daysFromToday(let count): return count > 0 ? "+\(count)" : "\(count)"
    case .nextWorkingDay: return "next-workday"
    }
  }
}
