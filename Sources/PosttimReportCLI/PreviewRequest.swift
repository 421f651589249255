import Foundation
import PosttimICU

/// What `posttim-report preview` was asked for, validated: every locale,
/// the format spec, the zone and the instants, before anything is written.
struct PreviewRequest {
  /// The output formats, by `--format` name.
  enum Format: String, CaseIterable {
    case text, markdown, csv, html
  }

  /// Each locale with exactly the text the user gave (CSV `locale`).
  let locales: [(input: String, locale: LocaleIdentifier)]
  let spec: DateFormatSpec
  let timeZone: TimeZoneIdentifier
  /// The instants, in command-line order.
  let dates: [Date]
  let format: Format
  /// `-o FILE`, or nil for stdout.
  let outputPath: String?

  static let parser = ArgumentParser(specs: PreviewOptions.all)

  /// Validates the parsed options.
  ///
  /// - Locales: every `--locale`, each split at commas; none given means
  ///   the environment's (`LC_ALL`, `LC_TIME`, `LANG`, else `en_US_POSIX`).
  /// - Dates: ISO 8601; an instant with `Z`/offset is used as is, a
  ///   date-time without offset is a wall time in the zone, a bare date the
  ///   start of that local day. None given means the clock's now.
  /// - Zone: `--time-zone`, else the device zone (``DeviceTimeZone``).
  /// - Throws: ``UsageError`` for a missing, doubled or unknown option
  ///   value, ``DateEngineError`` for an invalid locale, zone, skeleton,
  ///   pattern or date (both exit 64); ``ICUError`` if ICU fails (70).
  init(
    _ parsed: ParsedOptions, environment: [String: String],
    clock: () -> Date, warn: (String) -> Void
  ) throws {
    if let operand = parsed.operands.first {
      throw UsageError("preview takes no FILE operands, got '\(operand)'")
    }
    format = try parsed.value(PreviewOptions.format).flatMap(Format.init(rawValue:)) ?? .text
    outputPath = try SharedOptions.outputPath(parsed)

    var locales: [(input: String, locale: LocaleIdentifier)] = []
    for item in try parsed.values(PreviewOptions.locale) {
      locales.append((item, try LocaleIdentifier(userInput: item)))
    }
    if locales.isEmpty {
      let locale = RunConfiguration.environmentLocale(environment, warn: warn)
      locales = [(locale.input, locale)]
    }
    for (_, locale) in locales { SharedOptions.warnAboutDataFallback(locale, warn: warn) }
    self.locales = locales

    guard let spec = try SharedOptions.formatSpec(parsed, skeleton: ReportOptions.skeleton, pattern: ReportOptions.pattern)
    else {
      throw UsageError("preview needs --skeleton SKEL or --pattern PAT")
    }
    self.spec = spec
    for warning in try spec.validate() { warn(warning) }

    timeZone = try SharedOptions.timeZone(parsed, environment: environment, warn: warn)

    let texts = try parsed.values(PreviewOptions.date)
    if texts.isEmpty {
      dates = [clock()]
    } else {
      let calendar = try DayCalendar(timeZone: timeZone)
      dates = try texts.map { text throws(DateEngineError) in try ISO8601.parse(text).date(in: calendar) }
    }
  }
}
