/// The entry point for formatting: resolves a ``DateFormatSpec`` to an ICU
/// pattern and hands out cached formatters, one per
/// (locale, zone, pattern, capitalization).
public enum DateFormatting {
  struct FormatterKey: Hashable, Sendable {
    let locale: LocaleIdentifier
    let timeZone: TimeZoneIdentifier
    let pattern: String
    let capitalization: ICUDateFormatter.Capitalization
  }

  /// By ICU locale ID: a cache keyed by a type the run has not hashed yet
  /// costs a scan of the runtime's conformance records at start.
  static let generators = FormatterCache<String, PatternGenerator>()
  static let formatters = FormatterCache<FormatterKey, ICUDateFormatter>()

  /// The ICU pattern for `spec` in `locale`: the pattern itself, or the
  /// DateTimePatternGenerator's best pattern for the skeleton.
  /// - Throws: ``ICUError`` when ICU fails.
  public static func pattern(
    for spec: DateFormatSpec, locale: LocaleIdentifier
  ) throws(ICUError) -> String {
    switch spec {
    case .pattern(let pattern): return pattern
    case .skeleton(let skeleton):
      let generator = try generators.value(for: locale.icuID) { () throws(ICUError) in
        try PatternGenerator(locale: locale)
      }
      return try generator.bestPattern(for: skeleton)
    }
  }

  /// A cached formatter for `spec` in `locale` and `timeZone`.
  /// - Throws: ``ICUError`` when ICU fails.
  public static func formatter(
    for spec: DateFormatSpec, locale: LocaleIdentifier, timeZone: TimeZoneIdentifier,
    capitalization: ICUDateFormatter.Capitalization = .none
  ) throws(ICUError) -> ICUDateFormatter {
    let pattern = try pattern(for: spec, locale: locale)
    let key = FormatterKey(
      locale: locale, timeZone: timeZone, pattern: pattern, capitalization: capitalization)
    return try formatters.value(for: key) { () throws(ICUError) in
      try ICUDateFormatter(
        pattern: pattern, locale: locale, timeZone: timeZone, capitalization: capitalization)
    }
  }
}
