import Foundation
import PosttimICU

/// Expected values produced by ICU 72 itself through an independent path
/// (PyICU and the ICU C API over ctypes), by
/// Scripts/icu-oracle/generate_icu_matrix.py. Never edited by hand.
struct ICUOracle: Decodable {
  struct SkeletonCase: Decodable, Sendable {
    let locale, skeleton, timeZone, instant, pattern, formatted: String
  }
  struct PatternCase: Decodable, Sendable {
    let locale, pattern, timeZone, instant, formatted: String
  }
  struct DayCase: Decodable, Sendable {
    let timeZone, instant, localDate, startOfDay: String
    let utcOffsetSeconds: Int
    let repeatedWallTime: Bool
  }
  struct RelativeDay: Decodable, Sendable {
    let locale: String
    let offset: Int
    let text: String
  }
  struct FirstWeekday: Decodable, Sendable {
    let locale: String
    let firstWeekday: Int
  }

  let icuVersion: String
  let skeletonCases: [SkeletonCase]
  /// Skeletons with punctuation, spaces and quoted text, in zones where
  /// ICU's own zone data (``punctuatedZoneData``) and the system's agree.
  let punctuatedSkeletonCases: [SkeletonCase]
  let punctuatedZoneData: String
  let patternCases: [PatternCase]
  let dayCases: [DayCase]
  let relativeDays: [RelativeDay]
  let firstWeekdays: [FirstWeekday]

  static let shared: ICUOracle = {
    let url = Bundle.module.url(forResource: "icu-matrix", withExtension: "json", subdirectory: "Fixtures")!
    return try! JSONDecoder().decode(ICUOracle.self, from: Data(contentsOf: url))
  }()

  /// The golden values are ICU 72's; another ICU formats differently.
  static var matchesRuntime: Bool { ICUVersions.icu == shared.icuVersion }

  static func instant(_ text: String) -> Date {
    guard case .instant(let date) = try! ISO8601.parse(text) else { fatalError(text) }
    return date
  }
}

/// Shows invisible characters (U+202F, U+200F…) in failure messages.
func visible(_ text: String) -> String {
  text.unicodeScalars.map {
    $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}"
  }.joined()
}
