import PosttimICU

/// Warnings for the defaults a cron job falls into without noticing: cron
/// runs jobs with almost no environment (no `LANG`, often no `TZ`), so a
/// report would silently come out in English and UTC.
enum CronEnvironmentWarnings {
  /// Neither `--locale` nor LC_ALL, LC_TIME or LANG named a locale.
  static let noLocale =
    "no locale given (--locale, LC_ALL, LC_TIME and LANG are unset, as under cron): the report is in "
    + "en_US_POSIX; choose one with --locale fr_CA, or 'locale = fr_CA' in the config file"

  /// Neither `--time-zone`, `TZ`, /etc/localtime nor /etc/timezone named a zone.
  static let noTimeZone =
    "no time zone given (--time-zone and TZ are unset and /etc/localtime and /etc/timezone name none): "
    + "times are in UTC; choose one with --time-zone America/Toronto, or 'time-zone = America/Toronto' "
    + "in the config file"

  /// The tz database's fixed-offset legacy zones, and what people using
  /// them most likely meant.
  static let legacyFixedZones: [String: (offset: String, intended: String)] = [
    "EST": ("UTC−05:00", "for Eastern time with daylight saving time use America/New_York or America/Toronto"),
    "MST": (
      "UTC−07:00",
      "for Mountain time with daylight saving time use America/Denver or America/Edmonton "
        + "(America/Phoenix, like MST, has none)"
    ),
    "HST": (
      "UTC−10:00",
      "Hawaii has none either (Pacific/Honolulu); for Hawaii–Aleutian time with daylight "
        + "saving time use America/Adak"
    ),
  ]

  /// A warning for `EST`, `MST` or `HST`, which the tz database keeps as
  /// fixed offsets without daylight saving time; nil for other zones.
  static func legacyZoneWarning(_ zone: TimeZoneIdentifier) -> String? {
    guard let (offset, intended) = legacyFixedZones[zone.id] else { return nil }
    return "time zone \(zone.id) is a fixed offset (\(offset)) with no daylight saving time; \(intended)"
  }
}
