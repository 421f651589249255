import FoundationEssentials
import PosttimICU
import PosttimReport

/// What `posttim-report preview` was asked for, validated: every locale,
/// the format spec, the zone and the instants, before anything is written.
struct PreviewRequest {
  /// The output formats, by `--format` name.
  enum Format: String, CaseIterable {
    case text, markdown, csv, html
  }

  /// Each locale with exactly the text the user gave (CSV `locale`).
  let locales: [(input: String, locale: LocaleIdentifier)]
  /// The formats shown side by side: the one `--skeleton`/`--pattern`
  /// gives (label nil), else the report's defaults, labelled "time" and
  /// "day" (``ReportSettings``: task time `jm`, day header `yMMMMEEEEd`).
  let specs: [(label: String?, spec: DateFormatSpec)]
  /// `--report FILE`: preview that task list's first agenda day instead.
  let reportPath: String?
  let timeZone: TimeZoneIdentifier
  /// The instants, in command-line order.
  let dates: [Date]
  let format: Format
  /// `-o FILE` or standard output, checked as a report's
  /// (``Destination/checked(_:locales:reading:options:)``).
  let destination: Destination
  /// `--write-timeout`.
  let writeTimeout: Int

  static let parser = ArgumentParser(specs: PreviewOptions.all)

  /// Validates the parsed options.
  ///
  /// - Locales: every `--locale`, each split at commas; none given means
  ///   the environment's (`LC_ALL`, `LC_TIME`, `LANG`, else `en_US_POSIX`).
  /// - Dates: `--now` (as in reports) or its alias `--date`, ISO 8601; an
  ///   instant with `Z`/offset is used as is, a date-time without offset is
  ///   a wall time in the zone (with a warning naming ICU's choice when the
  ///   zone skips it or has it twice), a bare date the start of that local
  ///   day. None given means the clock's now.
  /// - Formats: `--skeleton` or `--pattern` (bidi isolates U+2066…U+2069
  ///   removed, see ``SharedOptions/formatSpec``), else the report's default
  ///   time and day formats side by side.
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
    let outputPath = try SharedOptions.outputPath(parsed)
    writeTimeout = try parsed.value(ReportOptions.writeTimeout) ?? WriteWait.defaultSeconds
    if let outputPath, outputPath.contains(Destination.localePlaceholder) {
      // Left as it is, the placeholder would become a literal file name.
      throw UsageError(
        "preview writes every locale into one file; \(Destination.localePlaceholder) in -o names a file per locale "
          + "for reports (posttim-report FILE -l LOCALES -o 'NAME-{locale}.EXT')")
    }

    var locales: [(input: String, locale: LocaleIdentifier)] = []
    for item in try parsed.values(PreviewOptions.locale) {
      locales.append((item, try LocaleIdentifier(userInput: item)))
    }
    if locales.isEmpty {
      let locale = SharedOptions.environmentLocale(environment, warn: warn)
      locales = [(locale.input, locale)]
    }
    for (_, locale) in locales { SharedOptions.warnAboutDataFallback(locale, warn: warn) }
    self.locales = locales

    timeZone = try SharedOptions.timeZone(parsed, environment: environment, warn: warn)
    if let spec = try SharedOptions.formatSpec(parsed, skeleton: ReportOptions.skeleton, pattern: ReportOptions.pattern)
    {
      specs = [(nil, spec)]
    } else {
      let defaults = ReportSettings(locale: .posix, timeZone: timeZone)
      specs = [("time", defaults.timeFormat), ("day", defaults.dayFormat)]
    }
    for (_, spec) in specs {
      for warning in try spec.validate() { warn(warning) }
    }

    reportPath = try parsed.value(PreviewOptions.report)
    if reportPath != nil, ![.text, .html].contains(format) {
      throw UsageError("preview --report writes text or html, not \(format.rawValue)")
    }
    // After the config file and the zone file are read, before the list.
    try StandardStreamCheck.check(reading: reportPath.map { [$0] } ?? [])
    destination = try Destination.checked(
      outputPath, locales: locales.map(\.locale), reading: reportPath.map { [$0] } ?? [], options: parsed)

    let texts = try parsed.values(PreviewOptions.now)
    if texts.isEmpty {
      dates = [clock()]
    } else {
      let names = parsed.writtenNames(of: PreviewOptions.now.spec)
      if reportPath != nil, texts.count > 1 { throw UsageError("preview --report takes one --\(names[1])") }
      let calendar = try DayCalendar(timeZone: timeZone)
      var dates: [Date] = []
      for (text, name) in zip(texts, names) {
        let value = try DateTimeOptionValue.parse(text, option: name)
        dates.append(value.date(in: calendar))
        if let warning = WallTimeCheck.warning(for: value, resolvedTo: dates.last!, in: calendar, zone: timeZone) {
          warn(warning)
        }
      }
      self.dates = dates
    }
  }
}
