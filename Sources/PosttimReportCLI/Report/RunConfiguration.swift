import Foundation
import PosttimICU
import PosttimReport
import PosttimTemplating

/// The validated settings of one run, resolved from options and the
/// environment. Every check happens here, before any input is read.
struct RunConfiguration {
  var inputs: [String]
  var format: String
  var outputPath: String?
  var templateDirectory: URL?
  var writerOptions: WriterOptions
  /// Settings of the first locale.
  var settings: ReportSettings
  /// Every `--locale`, in the order given (at least one).
  var locales: [LocaleIdentifier]
  var now: Date
  var from: ISO8601.Value?
  var to: ISO8601.Value?
  var days: Int?
  var minimumImportance: Int
  var grouping: AgendaOptions.Grouping

  init(
    _ parsed: ParsedOptions, environment: [String: String], clock: () -> Date,
    warn: (String) -> Void
  ) throws {
    inputs = parsed.operands
    // --send only makes sense for a message, so it implies the format.
    format = try parsed.value(ReportOptions.format) ?? (parsed.isSet(MailOptions.send) ? "email" : "markdown")
    if parsed.has(ReportOptions.template.spec), !["markdown", "html"].contains(format) {
      throw UsageError("--template applies to the markdown and html formats, not '\(format)'")
    }
    try Self.checkDistinct(inputs)
    outputPath = try SharedOptions.outputPath(parsed)
    if let folder = try parsed.value(ReportOptions.templateDirectory) {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
        throw UsageError("template folder '\(folder)' does not exist")
      }
      guard isDirectory.boolValue else { throw UsageError("--template-dir '\(folder)' is a file, not a folder") }
      templateDirectory = URL(fileURLWithPath: folder)
    }
    writerOptions = try Self.writerOptions(parsed, templateDirectory: templateDirectory)

    locales = try Self.locales(parsed, environment: environment, warn: warn)
    let locale = locales[0]
    for locale in locales { SharedOptions.warnAboutDataFallback(locale, warn: warn) }
    let zone = try SharedOptions.timeZone(parsed, environment: environment, warn: warn)
    let timeFormat =
      try SharedOptions.formatSpec(parsed, skeleton: ReportOptions.skeleton, pattern: ReportOptions.pattern)
      ?? .skeleton("jm")
    let dayFormat =
      try SharedOptions.formatSpec(parsed, skeleton: ReportOptions.daySkeleton, pattern: ReportOptions.dayPattern)
      ?? .skeleton("yMMMMEEEEd")
    for warning in try timeFormat.validate() + dayFormat.validate() { warn(warning) }
    settings = ReportSettings(
      locale: locale, timeZone: zone, timeFormat: timeFormat, dayFormat: dayFormat,
      relativeDayNames: !parsed.isSet(ReportOptions.noRelative))

    now =
      try parsed.resolve(ReportOptions.now) { text throws -> Date in
        switch try ISO8601.parse(text) {
        case .instant(let date):
          // Year 0000 is readable (Foundation's distantPast) but no "now".
          guard ISO8601.isSupported(date), date.timeIntervalSince1970 >= -62_135_596_800 else {
            throw UsageError("--now must be in the years 1…9999, got '\(text)'")
          }
          return date
        default: throw UsageError("--now needs a date-time with an offset, e.g. 2026-11-30T09:00:00-05:00 or …Z")
        }
      } ?? clock()
    from = try parsed.resolve(ReportOptions.from) { try Self.date($0, option: "from") }
    to = try parsed.resolve(ReportOptions.to) { try Self.date($0, option: "to") }
    days = try parsed.value(ReportOptions.days)
    if days != nil && to != nil { throw UsageError("use --to or --days, not both") }
    if case .day(let first)? = from, case .day(let last)? = to, last < first {
      throw UsageError("--to (\(last)) is before --from (\(first))")
    }
    minimumImportance = try parsed.value(ReportOptions.minimumImportance) ?? 1
    grouping = try parsed.value(ReportOptions.groupBy).flatMap(AgendaOptions.Grouping.init(rawValue:)) ?? .day
  }

  /// Agenda options in the report's zone: `--days N` ends N-1 days after
  /// today (or after `--from`).
  func agendaOptions(in calendar: DayCalendar) throws -> AgendaOptions {
    let fromDay = from?.day(in: calendar)
    var toDay = to?.day(in: calendar)
    if let days { toDay = (fromDay ?? calendar.day(of: now)).advanced(by: days - 1) }
    return AgendaOptions(
      now: now, from: fromDay, to: toDay, minimumImportance: minimumImportance, grouping: grouping)
  }

  /// Every `--locale`, each split at commas, in order; none means the
  /// environment's. A locale given twice (fr_CA, fr-CA) is refused: its
  /// report and its `{locale}` file would be written twice.
  static func locales(_ parsed: ParsedOptions, environment: [String: String], warn: (String) -> Void) throws
    -> [LocaleIdentifier]
  {
    var locales: [LocaleIdentifier] = []
    for locale in try parsed.values(ReportOptions.locale) {
      if let earlier = locales.first(where: { $0 == locale }) {
        throw UsageError("locale '\(locale.input)' given twice (as '\(earlier.input)' before)")
      }
      locales.append(locale)
    }
    return locales.isEmpty ? [environmentLocale(environment, warn: warn)] : locales
  }

  /// Settings for each locale: the first locale's with only the locale changed.
  var settingsPerLocale: [ReportSettings] {
    locales.map { locale in
      var settings = settings
      settings.locale = locale
      return settings
    }
  }

  /// `-o` as one path per locale: with `{locale}`, each locale's BCP 47 tag
  /// (letters, digits and hyphens only, so always a safe file name part) in
  /// its place; without it, the one path (or nil, standard output) for all.
  var outputPaths: [String?] {
    guard let outputPath, outputPath.contains(Self.localePlaceholder) else { return [outputPath] }
    return locales.map { outputPath.replacingOccurrences(of: Self.localePlaceholder, with: $0.languageTag) }
  }

  static let localePlaceholder = "{locale}"

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

  static func writerOptions(_ parsed: ParsedOptions, templateDirectory: URL?) throws -> WriterOptions {
    var options = WriterOptions()
    if let templateDirectory {
      let folder = DirectoryResources(root: templateDirectory)
      if let (path, reason) = folder.firstUnusableFile() {
        throw TemplateError(kind: .syntax, templateName: templateDirectory.appending(path: path).path, message: reason)
      }
      // --list-locales reports broken catalogs; a report refuses them.
      for path in folder.paths(under: "messages/")
      where path.hasSuffix(".json") && !parsed.isSet(ReportOptions.listLocales) {
        let name = String(path.dropFirst("messages/".count).dropLast(".json".count))
        if let text = folder.text(at: path), let problem = MessageCatalog.problem(inCatalog: name, text: text) {
          throw TemplateError(
            kind: .syntax, templateName: templateDirectory.appending(path: path).path, message: problem)
        }
      }
      options.resources = LayeredResources([folder, EmbeddedResources()])
    }
    if let path = try parsed.value(ReportOptions.template) {
      // Only a regular file: /dev/zero would be read forever, and "not
      // found" would be wrong for a path that exists.
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw TemplateError(kind: .notFound, templateName: path, message: "template file not found")
      }
      let kind = (try? FileManager.default.attributesOfItem(atPath: path)[.type]) as? FileAttributeType
      guard kind == .typeRegular, let data = FileManager.default.contents(atPath: path) else {
        throw TemplateError(
          kind: .notFound, templateName: path, message: "is not a readable regular file (a template is a text file)")
      }
      guard let text = String(data: data, encoding: .utf8) else {
        throw TemplateError(kind: .syntax, templateName: path, message: "is not UTF-8 text")
      }
      options[TemplateReportWriter.Options.self] = .init(layout: (URL(fileURLWithPath: path).lastPathComponent, text))
    }
    options[CSVReportWriter.Options.self] = .init(
      delimiter: try parsed.value(ReportOptions.csvDelimiter) ?? ",",
      byteOrderMark: parsed.isSet(ReportOptions.csvByteOrderMark),
      neutralizeFormulas: !parsed.isSet(ReportOptions.csvRawFormulas))
    try PresentationOptions.apply(parsed, to: &options)
    return options
  }

  /// Stdin can be read once, and a file given twice would list every task
  /// twice.
  static func checkDistinct(_ inputs: [String]) throws {
    if inputs.filter({ $0 == "-" }).count > 1 {
      throw UsageError("'-' (standard input) given more than once")
    }
    let named = inputs.filter { $0 != "-" }
    // One file cannot repeat (and the first table of file identities costs
    // a scan of the runtime's conformance records, 0.1 ms of every start).
    guard named.count > 1 else { return }
    var seen: [FileIdentity: String] = [:]
    for input in named {
      guard let id = FileIdentity(path: input) else { continue }
      if let first = seen[id] { throw UsageError("'\(input)' is the same file as '\(first)'") }
      seen[id] = input
    }
  }

  /// `--from`/`--to` name local days, so they take dates only.
  static func date(_ text: String, option: String) throws -> ISO8601.Value {
    guard let value = try? ISO8601.parse(text), case .day = value else {
      throw UsageError("--\(option) takes a date (YYYY-MM-DD), got '\(TerminalText.echo(text))'")
    }
    return value
  }

}
