import PosttimICU
import PosttimReport

/// Option handling shared by the report and `preview`, so both resolve
/// and check the same options the same way.
enum SharedOptions {
  /// `--time-zone`, else the device zone. Warns when `TZ` is unusable, when
  /// nothing names a zone (UTC, as under cron), and for EST, MST and HST.
  static func timeZone(
    _ parsed: ParsedOptions, environment: [String: String], warn: (String) -> Void
  ) throws -> TimeZoneIdentifier {
    let zone: TimeZoneIdentifier
    let data = SystemTimeZoneData.named(by: environment)
    if let value = try parsed.resolve(ReportOptions.timeZone, { try TimeZoneSpelling.resolve($0, in: data) }) {
      zone = value
    } else {
      let device = try DeviceTimeZone.resolve(environment: environment)
      if let warning = device.warning { warn(warning) }
      if device.source == "default" { warn(CronEnvironmentWarnings.noTimeZone) }
      zone = device.zone
    }
    if let warning = CronEnvironmentWarnings.legacyZoneWarning(zone) { warn(warning) }
    if let warning = zone.systemZones.icuFallbackWarning(for: zone.id) { warn(warning) }
    return zone
  }

  /// Reports ICU's own data fallback for a locale (fr_XX → fr).
  static func warnAboutDataFallback(_ locale: LocaleIdentifier, warn: (String) -> Void) {
    if let fallback = locale.dataFallback {
      warn("ICU has no data for locale \(locale.icuID); using \(fallback)")
    }
  }

  /// A skeleton or a pattern option, one at most (both in the config file
  /// are 78 at the later line); nil for neither.
  /// Bidi isolates (U+2066…U+2069) are removed from both: they come from
  /// copying a right-to-left cell out of a terminal (``TextTable``), never
  /// from intent, and ICU would print them as literal text.
  static func formatSpec(
    _ parsed: ParsedOptions, skeleton: Option<String>, pattern: Option<String>
  ) throws -> DateFormatSpec? {
    func withoutIsolates(_ text: String?) -> String? {
      text.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { !(0x2066...0x2069).contains($0.value) })) }
    }
    // A control character is refused here, naming the option (or config
    // key, or roster cell), wherever the pattern would land: a CR in a day
    // title would otherwise surface only as a Subject refusal.
    func checked(_ option: Option<String>) throws -> String? {
      try parsed.resolve(option) { text in
        if let name = MailError.firstControlCharacter(in: text) {
          throw UsageError(
            "option '--\(option.spec.name)' contains a \(name); a date pattern or skeleton holds no control character")
        }
        return text
      }
    }
    switch (withoutIsolates(try checked(skeleton)), withoutIsolates(try checked(pattern))) {
    case (.some, .some):
      throw parsed.conflict(
        [skeleton.spec, pattern.spec], "use --\(skeleton.spec.name) or --\(pattern.spec.name), not both")
    case (.some(let text), nil): return .skeleton(text)
    case (nil, .some(let text)): return .pattern(text)
    case (nil, nil): return nil
    }
  }

  /// `-o FILE`, which must name something.
  static func outputPath(_ parsed: ParsedOptions) throws -> String? {
    let path = try parsed.value(ReportOptions.output)
    if path?.isEmpty == true { throw UsageError("option '--output' needs a file name") }
    return path
  }

  /// The environment's locale; an unusable `LANG` is a warning and the
  /// POSIX locale, as the C library's setlocale falls back to "C".
  static func environmentLocale(_ environment: [String: String], warn: (String) -> Void) -> LocaleIdentifier {
    do {
      guard let locale = try LocaleIdentifier.fromEnvironment(environment) else {
        warn(CronEnvironmentWarnings.noLocale)
        return .posix
      }
      return locale
    } catch {
      warn("\(error) in the environment (LC_ALL, LC_TIME, LANG); using en_US_POSIX")
      return .posix
    }
  }
}
