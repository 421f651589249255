import FoundationEssentials

/// How long before a task its reminder fires (`--remind 15m,1d`): one
/// VALARM's TRIGGER, relative to the event's start (RFC 5545 §3.8.6.3).
///
/// Written as a number and a unit (`15m`, `2h`, `1d`, `1w`) or as an RFC
/// 5545 duration (`PT15M`, `P1D`, `P1DT12H`, `P2W`, §3.3.6). Months and
/// years are refused: they have no fixed length. A lead time is always
/// before the task, so signs are refused too (`-PT15M` is the TRIGGER this
/// type writes, not something a user should have to spell).
public struct ReminderLeadTime: Hashable, Sendable, CustomStringConvertible {
  /// The lead time in seconds (≥ 0).
  public let seconds: Int
  /// Whether it was written in weeks, so it is written back as `PnW`.
  private let inWeeks: Bool

  /// The longest lead time accepted: 366 days. Far beyond any reminder,
  /// and it keeps every figure small.
  public static let maximumSeconds = 366 * 86_400

  /// Parses one lead time.
  /// - Throws: ``ReminderLeadTimeError`` naming the text and what is wrong.
  public init(_ text: String) throws(ReminderLeadTimeError) {
    let trimmed = text.trimmingHorizontalSpace()
    guard let first = trimmed.unicodeScalars.first else { throw ReminderLeadTimeError(text, .empty) }
    if first == "-" || first == "+" { throw ReminderLeadTimeError(text, .signed) }
    let parsed = first == "P" || first == "p" ? Self.duration(trimmed) : Self.shortForm(trimmed)
    guard let (seconds, inWeeks) = parsed else { throw ReminderLeadTimeError(text, .notALeadTime) }
    guard seconds <= Self.maximumSeconds else { throw ReminderLeadTimeError(text, .tooLong) }
    self.seconds = seconds
    self.inWeeks = inWeeks
  }

  /// Parses a comma-separated list (`15m, 1d`), dropping repeats of the
  /// same lead time and keeping the order given.
  public static func list(_ text: String) throws(ReminderLeadTimeError) -> [ReminderLeadTime] {
    var seen = Set<ReminderLeadTime>()
    var result: [ReminderLeadTime] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let lead = try ReminderLeadTime(String(part))
      if seen.insert(lead).inserted { result.append(lead) }
    }
    return result
  }

  /// The duration as RFC 5545 writes it (`PT15M`, `P1D`, `P1DT2H`,
  /// `P2W`, `PT0S`): days, then hours, minutes and seconds, with a
  /// zero minute kept between hours and seconds as the grammar requires.
  public var duration: String {
    if seconds == 0 { return "PT0S" }
    if inWeeks && seconds % 604_800 == 0 { return "P\(seconds / 604_800)W" }
    let days = seconds / 86_400
    let (hours, minutes, secs) = (seconds % 86_400 / 3_600, seconds % 3_600 / 60, seconds % 60)
    var text = "P"
    if days > 0 { text += "\(days)D" }
    guard hours + minutes + secs > 0 else { return text }
    text += "T"
    if hours > 0 { text += "\(hours)H" }
    if minutes > 0 || (hours > 0 && secs > 0) { text += "\(minutes)M" }
    if secs > 0 { text += "\(secs)S" }
    return text
  }

  /// The VALARM's TRIGGER value: before the start (`-PT15M`).
  public var trigger: String { seconds == 0 ? "PT0S" : "-" + duration }

  public var description: String { duration }

  /// `15m`, `2h`, `1d`, `1w`: lowercase units only, since in ISO 8601 an
  /// uppercase `M` after the date is months (`1M` is refused, not a minute).
  private static func shortForm(_ text: String) -> (Int, Bool)? {
    guard let unit = text.unicodeScalars.last, let number = digits(text.unicodeScalars.dropLast()) else {
      return nil
    }
    switch unit {
    case "m": return multiplied(number, 60)
    case "h": return multiplied(number, 3_600)
    case "d": return multiplied(number, 86_400)
    case "w": return multiplied(number, 604_800).map { ($0.0, true) }
    default: return nil
    }
  }

  /// RFC 5545 dur-value without its sign: `PnW`, or `PnD` and/or
  /// `T` followed by hours, minutes and seconds in that order.
  private static func duration(_ text: String) -> (Int, Bool)? {
    let scalars = Array(text.uppercased().unicodeScalars.dropFirst())
    var total = 0
    var index = 0
    var inTime = false
    var lastRank = -1
    var sawField = false
    var weeks = false
    // Ranks keep the fields in the grammar's order: W | D, then T H M S.
    let ranks: [Unicode.Scalar: (rank: Int, seconds: Int, time: Bool)] = [
      "W": (0, 604_800, false), "D": (1, 86_400, false), "H": (2, 3_600, true), "M": (3, 60, true),
      "S": (4, 1, true),
    ]
    while index < scalars.count {
      if scalars[index] == "T" {
        guard !inTime else { return nil }
        inTime = true
        index += 1
        sawField = false
        continue
      }
      let start = index
      while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
      guard index > start, index < scalars.count, let field = ranks[scalars[index]],
        field.time == inTime, field.rank > lastRank, !weeks,
        let number = digits(scalars[start..<index]),
        let product = multiplied(number, field.seconds)
      else { return nil }
      // A week count stands alone (dur-week).
      if field.rank == 0 { weeks = true }
      total = min(total + product.0, Int.max / 2)
      lastRank = field.rank
      sawField = true
      index += 1
    }
    guard sawField else { return nil }
    return (total, weeks)
  }

  /// A run of at most nine ASCII digits, else nil (more is far past the
  /// longest lead time; nine keep every product within 64 bits).
  private static func digits<S: Collection<Unicode.Scalar>>(_ scalars: S) -> Int? {
    guard !scalars.isEmpty, scalars.count <= 9 else { return nil }
    var value = 0
    for scalar in scalars {
      guard ("0"..."9").contains(scalar) else { return nil }
      value = value * 10 + Int(scalar.value - 48)
    }
    return value
  }

  private static func multiplied(_ number: Int, _ unit: Int) -> (Int, Bool)? {
    let (product, overflow) = number.multipliedReportingOverflow(by: unit)
    return overflow ? nil : (product, false)
  }
}

/// A lead time that is not one; its message names the text and does not
/// name a command-line option (the CLI adds its own words).
public struct ReminderLeadTimeError: Error, Equatable, CustomStringConvertible {
  public enum Reason: Sendable, Equatable {
    case empty, signed, notALeadTime, tooLong
  }
  /// The text as given.
  public let text: String
  public let reason: Reason

  public init(_ text: String, _ reason: Reason) {
    self.text = text
    self.reason = reason
  }

  public var description: String {
    let shown = "'\(text)'"
    switch reason {
    case .empty: return "an empty lead time (write 15m, 2h, 1d, 1w or an ISO 8601 duration such as PT15M)"
    case .signed:
      return "\(shown): a lead time is always before the task; write it without a sign (15m, PT15M)"
    case .notALeadTime:
      return "\(shown) is not a lead time (write 15m, 2h, 1d, 1w or an ISO 8601 duration such as PT15M or P1DT12H;"
        + " months and years have no fixed length)"
    case .tooLong: return "\(shown) is longer than 366 days"
    }
  }
}
