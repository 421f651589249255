import FoundationEssentials

extension Date {
  /// The instant as this package hands it to ICU (a `UDate`): whole
  /// milliseconds since 1970-01-01T00:00:00Z, rounded down, so every
  /// formatter, calendar and zone sees the same instant.
  var icuMillis: Double { (timeIntervalSince1970 * 1000).rounded(.down) }
}

/// Milliseconds in a day of 24 hours.
let millisPerDay = 86_400_000.0

/// An instant's local wall clock, as the keys of kept formatter output:
/// the local day (days since 1970-01-01) and the milliseconds since its
/// local midnight.
struct LocalWallClock: Hashable {
  /// Days since 1970-01-01 in local time.
  let day: Int64
  /// Milliseconds since local midnight, 0 ..< 86,400,000.
  let millisOfDay: Int32

  /// The wall clock at `millis` (ICU milliseconds) whose UTC offset is
  /// `utcOffset` seconds east of Greenwich; nil when out of any calendar's range.
  init?(millis: Double, utcOffset: Int) {
    let local = millis + Double(utcOffset) * 1000
    // Whole milliseconds below 2^53 convert exactly (far past ICU's range);
    // integer division then gives the day without rounding.
    guard local.magnitude < 9e15 else { return nil }
    let (quotient, remainder) = Int64(local).quotientAndRemainder(dividingBy: 86_400_000)
    (day, millisOfDay) = remainder < 0 ? (quotient - 1, Int32(remainder + 86_400_000)) : (quotient, Int32(remainder))
  }
}
