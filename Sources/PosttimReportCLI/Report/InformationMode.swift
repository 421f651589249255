import PosttimICU
import PosttimReport
import PosttimTemplating

/// The modes that print information and leave before the pipeline:
/// `--help`, `--version`, `--generate-manpage`,
/// `--generate-completion-script`, `--list-formats` and `--list-locales`.
enum InformationMode {
  case help
  case version
  case manPage
  case completionScript(shell: String)
  case listFormats
  /// The catalogs in `resources`, or the chain `locale` uses; `refusals`,
  /// the template folder's catalogs a report refuses
  /// (``RunPlan/catalogRefusals(in:)``), make the listing fail as a report.
  case listLocales(
    resources: any ResourceFiles, locale: LocaleIdentifier?, refusals: [(name: String, error: TemplateError)])

  /// The modes the command line alone decides, before the config file is
  /// read: a broken config file never hides `--help`.
  /// - Throws: ``UsageError`` for `-o` with one of them, as for a listing.
  static func requested(byCommandLine commandLine: ParsedOptions) throws -> InformationMode? {
    let modes: [(Flag, InformationMode)] = [
      (ReportOptions.help, .help), (ReportOptions.version, .version), (ReportOptions.generateManPage, .manPage),
    ]
    if let (flag, mode) = modes.first(where: { commandLine.isSet($0.0) }) {
      try refuseOutput(commandLine, for: flag.spec.name)
      return mode
    }
    if let shell = try commandLine.value(ReportOptions.generateCompletionScript) {
      try refuseOutput(commandLine, for: ReportOptions.generateCompletionScript.spec.name)
      return .completionScript(shell: shell)
    }
    return nil
  }

  /// `-o FILE` on the command line (not `-o -`) with a mode that prints:
  /// silently ignored, it would leave the file asked for unwritten.
  static func refuseOutput(_ options: ParsedOptions, for mode: String) throws {
    if options.origin(of: ReportOptions.output.spec) == .commandLine, options.text(ReportOptions.output) != "-" {
      throw UsageError("--output does not apply to --\(mode), which prints to standard output (redirect it to a file)")
    }
  }

  /// The modes that read the config file's settings too: `--list-locales`
  /// lists the catalogs of its `template-dir`, for its `locale`. Only
  /// those options are resolved; the rest of a report's are not needed.
  /// - Throws: ``UsageError`` for `-o` on the command line with a listing
  ///   (other than `-o -`): a listing is information for the terminal, as
  ///   `--help` is, never a file; `-o` silently ignored would leave the
  ///   file the user asked for unwritten. A config file's `output` is the
  ///   report's and does not apply.
  static func requested(by options: ParsedOptions, in environment: RunEnvironment) throws -> InformationMode? {
    let listing = [ReportOptions.listFormats, ReportOptions.listLocales].first { options.isSet($0) }
    guard let listing else { return nil }
    try refuseOutput(options, for: listing.spec.name)
    if listing.spec.name == ReportOptions.listFormats.spec.name { return .listFormats }
    var resources: any ResourceFiles = EmbeddedResources()
    var refusals: [(name: String, error: TemplateError)] = []
    let folder = try RunPlan.templateDirectory(options)
    if let folder {
      try RunPlan.checkTemplateDirectory(folder, catalogs: false)
      refusals = RunPlan.catalogRefusals(in: folder)
      // A listing reads each catalog once and keeps none: not a report's load.
      resources = LayeredResources([DirectoryResources(folder: folder, capped: false), EmbeddedResources()])
    }
    var locale: LocaleIdentifier?
    if options.has(ReportOptions.locale.spec) {
      let locales = try RunPlan.Presentation.locales(
        options, environment: environment.variables, warn: environment.warn)
      for locale in locales { SharedOptions.warnAboutDataFallback(locale, warn: environment.warn) }
      locale = locales[0]
      if refusals.isEmpty, let folder {
        refusals = capRefusal(loadingCatalogsOf: locales, from: folder)
      }
    }
    return .listLocales(resources: resources, locale: locale, refusals: refusals)
  }

  /// The catalogs `locales` read from `folder` loaded as a report loads
  /// them (before its templates), within ``TemplateTextCap``: the file past
  /// the cap and the report's own error, or none. So `--list-locales -l
  /// de,es,it,nl,pt` fails where a report with those locales would.
  private static func capRefusal(loadingCatalogsOf locales: [LocaleIdentifier], from folder: TemplateFolder)
    -> [(name: String, error: TemplateError)]
  {
    let capped = DirectoryResources(folder: folder)
    let resources = LayeredResources([capped, EmbeddedResources()])
    for locale in locales { _ = MessageCatalog(locale: locale, resources: resources) }
    do {
      try capped.checkLoaded()
      return []
    } catch {
      let file = error.templateName.split(separator: "/").last.map(String.init) ?? error.templateName
      return [(String(file.dropLast(file.hasSuffix(".json") ? ".json".count : 0)), error)]
    }
  }

  /// The error the mode ends with after its output: the first catalog a
  /// report would refuse, so the translators' check fails where every
  /// report would (exit 78, the same message).
  var failure: TemplateError? {
    guard case .listLocales(_, _, let refusals) = self else { return nil }
    return refusals.first?.error
  }

  /// What the mode prints on standard output.
  func text(environment: [String: String]) -> String {
    switch self {
    case .help: return HelpRenderer.report + "\n"
    case .version: return Self.versionText(environment: environment) + "\n"
    case .manPage: return ManPage.text
    case .completionScript(let shell): return CompletionScript.text(for: shell)
    case .listFormats:
      let registry = WriterRegistry.standard
      return registry.formats.map { "\(DisplayWidth.padded($0, to: 10)) \(registry.summary(of: $0) ?? "")\n" }.joined()
    case .listLocales(let resources, let locale, let refusals):
      let reasons = Dictionary(refusals.map { ($0.name, $0.error.message) }) { first, _ in first }
      return LocaleListing(resources: resources, refusals: reasons).text(for: locale)
    }
  }

  /// `posttim-report 0.1.0 (ICU 72.1, CLDR 42.0, tz data 2025b from
  /// /usr/share/zoneinfo; ICU's own 2022e)`: the system tz database dates
  /// follow (``SystemTimeZoneData``), and ICU's own, used where the system
  /// has no zone.
  static func versionText(environment: [String: String]) -> String {
    let system = SystemTimeZoneData.named(by: environment)
    let timeZoneData =
      system.version.map { "\($0) from \(system.directory); ICU's own \(ICUVersions.timeZoneData)" }
      ?? "of unknown version from \(system.directory); ICU's own \(ICUVersions.timeZoneData)"
    return "posttim-report \(PosttimReportVersion.current) (ICU \(ICUVersions.icu), CLDR \(ICUVersions.cldr), "
      + "tz data \(timeZoneData))"
  }
}
