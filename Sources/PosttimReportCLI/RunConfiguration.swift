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
  var settings: ReportSettings
  var now: Date
  var from: ISO8601.Value?
  var to: ISO8601.Value?
  var days: Int?
  var minimumImportance: Int
  var grouping: AgendaOptions.Grouping

  init(
    _ parsed: ArgumentParser.Result, environment: [String: String], clock: () -> Date,
    warn: (String) -> Void
  ) throws {
    inputs = parsed.operands
    format = parsed.value("format") ?? "markdown"
    if parsed.has("template"), !["markdown", "html"].contains(format) {
      throw UsageError("--template applies to the markdown and html formats, not '\(format)'")
    }
    try Self.checkDistinct(inputs)
    outputPath = try SharedOptions.outputPath(parsed)
    if let folder = parsed.value("template-dir") {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
        throw UsageError("template folder '\(folder)' does not exist")
      }
      guard isDirectory.boolValue else { throw UsageError("--template-dir '\(folder)' is a file, not a folder") }
      templateDirectory = URL(fileURLWithPath: folder)
    }
    writerOptions = try Self.writerOptions(parsed, templateDirectory: templateDirectory)

    let locale: LocaleIdentifier
    if let text = parsed.value("locale") {
      locale = try LocaleIdentifier(userInput: text)
    } else {
      locale = Self.environmentLocale(environment, warn: warn)
    }
    SharedOptions.warnAboutDataFallback(locale, warn: warn)
    let zone = try SharedOptions.timeZone(parsed, environment: environment, warn: warn)
    let timeFormat = try SharedOptions.formatSpec(parsed, skeleton: "skeleton", pattern: "pattern") ?? .skeleton("jm")
    let dayFormat =
      try SharedOptions.formatSpec(parsed, skeleton: "day-skeleton", pattern: "day-pattern")
      ?? .skeleton("yMMMMEEEEd")
    for warning in try timeFormat.validate() + dayFormat.validate() { warn(warning) }
    settings = ReportSettings(
      locale: locale, timeZone: zone, timeFormat: timeFormat, dayFormat: dayFormat,
      relativeDayNames: !parsed.has("no-relative"))

    now = try parsed.value("now").map { text throws -> Date in
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
    from = try parsed.value("from").map { try Self.date($0, option: "from") }
    to = try parsed.value("to").map { try Self.date($0, option: "to") }
    days = try parsed.value("days").map { try Self.integer($0, option: "days", in: 1...36_600) }
    if days != nil && to != nil { throw UsageError("use --to or --days, not both") }
    if case .day(let first)? = from, case .day(let last)? = to, last < first {
      throw UsageError("--to (\(last)) is before --from (\(first))")
    }
    minimumImportance = try parsed.value("min-importance").map { try Self.integer($0, option: "min-importance", in: 1...9) } ?? 1
    let grouping = parsed.value("group-by") ?? "day"
    guard let value = AgendaOptions.Grouping(rawValue: grouping) else {
      throw UsageError("--group-by takes day or week, got '\(grouping)'")
    }
    self.grouping = value
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

  /// The environment's locale; an unusable `LANG` is a warning and the
  /// POSIX locale, as the C library's setlocale falls back to "C".
  static func environmentLocale(_ environment: [String: String], warn: (String) -> Void) -> LocaleIdentifier {
    do {
      return try LocaleIdentifier.fromEnvironment(environment) ?? .posix
    } catch {
      warn("\(error) in the environment (LC_ALL, LC_TIME, LANG); using en_US_POSIX")
      return .posix
    }
  }

  static func writerOptions(_ parsed: ArgumentParser.Result, templateDirectory: URL?) throws -> WriterOptions {
    var options = WriterOptions()
    if let templateDirectory {
      let folder = DirectoryResources(root: templateDirectory)
      if let (path, reason) = folder.firstUnusableFile() {
        throw TemplateError(kind: .syntax, templateName: templateDirectory.appending(path: path).path, message: reason)
      }
      // --list-locales reports broken catalogs; a report refuses them.
      for path in folder.paths(under: "messages/") where path.hasSuffix(".json") && !parsed.has("list-locales") {
        let name = String(path.dropFirst("messages/".count).dropLast(".json".count))
        if let text = folder.text(at: path), let problem = MessageCatalog.problem(inCatalog: name, text: text) {
          throw TemplateError(kind: .syntax, templateName: templateDirectory.appending(path: path).path, message: problem)
        }
      }
      options.resources = LayeredResources([folder, EmbeddedResources()])
    }
    if let path = parsed.value("template") {
      // Only a regular file: /dev/zero would be read forever, and "not
      // found" would be wrong for a path that exists.
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw TemplateError(kind: .notFound, templateName: path, message: "template file not found")
      }
      let kind = (try? FileManager.default.attributesOfItem(atPath: path)[.type]) as? FileAttributeType
      guard kind == .typeRegular, let data = FileManager.default.contents(atPath: path) else {
        throw TemplateError(kind: .notFound, templateName: path, message: "is not a readable regular file (a template is a text file)")
      }
      guard let text = String(data: data, encoding: .utf8) else {
        throw TemplateError(kind: .syntax, templateName: path, message: "is not UTF-8 text")
      }
      options.layout = (URL(fileURLWithPath: path).lastPathComponent, text)
    }
    if let delimiter = parsed.value("csv-delimiter") {
      let allowed: [String: Character] = [",": ",", ";": ";", "\\t": "\t", "\t": "\t", "|": "|"]
      guard let character = allowed[delimiter] else {
        throw UsageError("--csv-delimiter takes , ; | or \\t, got '\(delimiter)'")
      }
      options.csvDelimiter = character
    }
    options.csvByteOrderMark = parsed.has("csv-bom")
    options.csvNeutralizeFormulas = !parsed.has("csv-raw-formulas")
    return options
  }

  /// Stdin can be read once, and a file given twice would list every task
  /// twice.
  static func checkDistinct(_ inputs: [String]) throws {
    if inputs.filter({ $0 == "-" }).count > 1 {
      throw UsageError("'-' (standard input) given more than once")
    }
    var seen: [FileIdentity: String] = [:]
    for input in inputs where input != "-" {
      guard let id = FileIdentity(path: input) else { continue }
      if let first = seen[id] { throw UsageError("'\(input)' is the same file as '\(first)'") }
      seen[id] = input
    }
  }

  /// `--from`/`--to` name local days, so they take dates only.
  static func date(_ text: String, option: String) throws -> ISO8601.Value {
    let value = try ISO8601.parse(text)
    guard case .day = value else { throw UsageError("--\(option) takes a date (YYYY-MM-DD), got '\(text)'") }
    return value
  }

  static func integer(_ text: String, option: String, in range: ClosedRange<Int>) throws -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw UsageError("--\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
    }
    return value
  }
}
