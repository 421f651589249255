import Foundation

extension Date {
  /// The instant as this package hands it to ICU (a `UDate`): whole
  /// milliseconds since 1970-01-01T00:00:00Z, rounded down, so every
  /// formatter, calendar and zone sees the same instant.
  var icuMillis: Double { (timeIntervalSince1970 * 1000).rounded(.down) }
}

/// Milliseconds in a day of 24 hours.
let millisPerDay = 86_400_000.0
