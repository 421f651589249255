import PosttimICU

/// Option handling shared by the report and `preview`, so both resolve
/// and check the same options the same way.
enum SharedOptions {
  /// `--time-zone`, else the device zone. Warns when `TZ` is unusable, when
  /// nothing names a zone (UTC, as under cron), and for EST, MST and HST.
  static func timeZone(
    _ parsed: ArgumentParser.Result, environment: [String: String], warn: (String) -> Void
  ) throws -> TimeZoneIdentifier {
    let zone: TimeZoneIdentifier
    if let text = parsed.value("time-zone") {
      zone = try TimeZoneIdentifier(text)
    } else {
      let device = DeviceTimeZone.resolve(environment: environment)
      if let warning = device.warning { warn(warning) }
      if device.source == "default" { warn(CronEnvironmentWarnings.noTimeZone) }
      zone = device.zone
    }
    if let warning = CronEnvironmentWarnings.legacyZoneWarning(zone) { warn(warning) }
    return zone
  }

  /// Reports ICU's own data fallback for a locale (fr_XX → fr).
  static func warnAboutDataFallback(_ locale: LocaleIdentifier, warn: (String) -> Void) {
    if let fallback = locale.dataFallback {
      warn("ICU has no data for locale \(locale.icuID); using \(fallback)")
    }
  }

  /// `--SKELETON-OPTION` or `--PATTERN-OPTION`, one at most; nil for neither.
  static func formatSpec(
    _ parsed: ArgumentParser.Result, skeleton: String, pattern: String
  ) throws -> DateFormatSpec? {
    switch (parsed.value(skeleton), parsed.value(pattern)) {
    case (.some, .some): throw UsageError("use --\(skeleton) or --\(pattern), not both")
    case (.some(let text), nil): return .skeleton(text)
    case (nil, .some(let text)): return .pattern(text)
    case (nil, nil): return nil
    }
  }

  /// `-o FILE`, which must name something.
  static func outputPath(_ parsed: ArgumentParser.Result) throws -> String? {
    let path = parsed.value("output")
    if path?.isEmpty == true { throw UsageError("option '--output' needs a file name") }
    return path
  }
}
