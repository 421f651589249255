import PosttimICU
import PosttimReport

extension RunPlan.Presentation {
  /// `--locale` (every one, in order), `--time-zone`, the task time and day
  /// header formats and `--no-relative`, with their warnings.
  init(resolving options: ParsedOptions, resources: any ResourceFiles, in environment: RunEnvironment) throws {
    let warn = environment.warn
    let locales = try Self.locales(options, environment: environment.variables, warn: warn)
    for locale in locales { SharedOptions.warnAboutDataFallback(locale, warn: warn) }
    let zone = try SharedOptions.timeZone(options, environment: environment.variables, warn: warn)
    let timeFormat =
      try SharedOptions.formatSpec(options, skeleton: ReportOptions.skeleton, pattern: ReportOptions.pattern)
      ?? .skeleton("jm")
    let dayFormat =
      try SharedOptions.formatSpec(options, skeleton: ReportOptions.daySkeleton, pattern: ReportOptions.dayPattern)
      ?? .skeleton("yMMMMEEEEd")
    for warning in try timeFormat.validate() + dayFormat.validate() { warn(warning) }
    let relativeDayNames = !options.isSet(ReportOptions.noRelative)
    self.locales = locales.map { locale in
      ReportSettings(
        locale: locale, timeZone: zone, timeFormat: timeFormat, dayFormat: dayFormat,
        relativeDayNames: relativeDayNames)
    }
    self.resources = resources
  }

  /// Every `--locale`, each split at commas, in order; none means the
  /// environment's. A locale given twice (fr_CA, fr-CA; iw_IL, he_IL) is
  /// refused: its report and its `{locale}` file would be written twice.
  static func locales(_ options: ParsedOptions, environment: [String: String], warn: (String) -> Void) throws
    -> [LocaleIdentifier]
  {
    var locales: [LocaleIdentifier] = []
    for locale in try options.values(ReportOptions.locale) {
      if let earlier = locales.first(where: { $0.namesSameLocale(as: locale) }) {
        let canonical = earlier.canonicalAlias == locale.canonicalAlias ? locale.canonicalAlias : locale.languageTag
        // Spelt alike but for the separator (fr_CA, fr-CA): nothing to explain.
        let spelling = { (locale: LocaleIdentifier) in String(locale.input.map { $0 == "-" ? "_" : $0 }) }
        let same = spelling(earlier) == spelling(locale) ? "" : "; both are \(canonical)"
        throw UsageError("locale '\(locale.input)' given twice (as '\(earlier.input)' before\(same))")
      }
      locales.append(locale)
    }
    return locales.isEmpty ? [SharedOptions.environmentLocale(environment, warn: warn)] : locales
  }
}
