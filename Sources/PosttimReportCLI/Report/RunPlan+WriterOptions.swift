import FoundationEssentials
import PosttimReport
import PosttimTemplating

extension RunPlan {
  /// The writer's options the command line gives: `--template-dir`
  /// (checked whole: every template parses, every catalog is usable),
  /// `--template`, the `--csv-*` options, `--details`/`--no-details` and
  /// `--width`. The mail's and the terminal's are added by the caller.
  static func writerOptions(_ options: ParsedOptions) throws -> WriterOptions {
    var writerOptions = WriterOptions()
    var templateFiles: [(path: String, bytes: Int)] = []
    if let folder = try templateDirectory(options) {
      templateFiles = try checkTemplateDirectory(folder, catalogs: true)
      writerOptions.resources = LayeredResources([DirectoryResources(folder: folder), EmbeddedResources()])
    }
    // A file the config file names that cannot be read is its fault (78 at the line).
    if case let (path, layout)? = try options.resolve(ReportOptions.template, { ($0, try layout(at: $0)) }) {
      try MemoryReserve.checkParsing(templateFiles + [(path, layout.text.utf8.count)])
      writerOptions[TemplateReportWriter.Options.self] = .init(layout: layout)
    }
    writerOptions[CSVReportWriter.Options.self] = .init(
      delimiter: try options.value(ReportOptions.csvDelimiter) ?? ",",
      byteOrderMark: options.isSet(ReportOptions.csvByteOrderMark),
      neutralizeFormulas: !options.isSet(ReportOptions.csvRawFormulas))
    // `details = false` is `no-details = true` said the other way, and
    // `no-details = false` is `details = true`.
    switch (options.setting(ReportOptions.details), options.setting(ReportOptions.noDetails).map(!)) {
    case (let shown?, let alsoShown?) where shown != alsoShown:
      throw options.conflict(
        [ReportOptions.details.spec, ReportOptions.noDetails.spec], "use --details or --no-details, not both")
    case (let shown?, _), (nil, let shown?): writerOptions.showDetails = shown
    case (nil, nil): break
    }
    writerOptions.textWidth = try options.value(ReportOptions.width)
    writerOptions[ICalendarReportWriter.Options.self] = .init(reminders: try options.value(ReportOptions.remind) ?? [])
    return writerOptions
  }

  /// `--template-dir`, which must be a folder: 64 on the command line,
  /// 78 at its line in the config file. Opened and listed once
  /// (``TemplateFolder``), by the link rule every read follows: a link
  /// refused on the way, or a folder past the listing's caps, is 78
  /// naming the folder as given.
  static func templateDirectory(_ options: ParsedOptions) throws -> TemplateFolder? {
    // A refusal is the folder's, as a file of it would be: not the line's.
    let opened = try options.resolve(ReportOptions.templateDirectory) {
      folder -> Result<TemplateFolder, TemplateError> in
      do throws(TemplateFolder.Failure) {
        return .success(try TemplateFolder(opening: folder))
      } catch .notFound {
        throw UsageError("template folder '\(folder)' does not exist")
      } catch .notAFolder {
        throw UsageError("--template-dir '\(folder)' is a file, not a folder")
      } catch .refused(let reason) {
        return .failure(TemplateError(kind: .syntax, templateName: folder, message: reason))
      }
    }
    return try opened?.get()
  }

  /// Refuses a template folder with an unusable file, and (for a report,
  /// `catalogs`; `--list-locales` lists every refusal, then fails the
  /// same way) one with a catalog that is not (``catalogRefusals(in:)``).
  /// Its templates and catalogs must fit a memory limit before they are
  /// parsed (``MemoryReserve/checkParsing(_:)``).
  /// - Returns: their sizes, for the check with a `--template`.
  @discardableResult
  static func checkTemplateDirectory(_ root: TemplateFolder, catalogs: Bool) throws -> [(path: String, bytes: Int)] {
    // Each file read once, none kept: the report's own loads are capped.
    let folder = DirectoryResources(folder: root, capped: false)
    if let (path, reason) = folder.firstUnusableFile() {
      throw TemplateError(kind: .syntax, templateName: root.fullPath(path), message: reason)
    }
    let files = folder.templateFileSizes()
    try MemoryReserve.checkParsing(files)
    if catalogs, let first = catalogRefusals(in: root).first { throw first.error }
    return files
  }

  /// The catalogs of the template folder `root` a report refuses (exit
  /// 78), by path: each catalog's name ("fr" for `messages/fr.json`) and
  /// the error naming its file, key and why
  /// (``MessageCatalog/problem(inCatalog:text:)``). A report stops at the
  /// first; `--list-locales` shows them all, then stops at the first too.
  static func catalogRefusals(in root: TemplateFolder) -> [(name: String, error: TemplateError)] {
    let folder = DirectoryResources(folder: root, capped: false)
    return folder.paths(under: "messages/").sorted().compactMap { path in
      guard path.hasSuffix(".json") else { return nil }
      let name = String(path.dropFirst("messages/".count).dropLast(".json".count))
      guard let text = folder.text(at: path), let problem = MessageCatalog.problem(inCatalog: name, text: text)
      else { return nil }
      return (name, TemplateError(kind: .syntax, templateName: root.fullPath(path), message: problem))
    }
  }

  /// `--template FILE`: its name and text. Only a regular file, opened
  /// without blocking: /dev/zero would be read forever, and a FIFO without
  /// a writer would wait forever; one over ``TemplateFileCap`` is 78.
  static func layout(at path: String) throws -> (name: String, text: String) {
    let bytes: [UInt8]
    do {
      bytes = try DataFile.readRegular(path, limit: TemplateFileCap.bytes, as: .template)
    } catch .notFound {
      throw TemplateError(kind: .notFound, templateName: path, message: "template file not found")
    } catch .tooLarge {
      throw TemplateError(kind: .syntax, templateName: path, message: TemplateFileCap.refusal)
    } catch {
      throw TemplateError(
        kind: .notFound, templateName: path, message: error.reason() + " (a template is a text file)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw TemplateError(kind: .syntax, templateName: path, message: "is not UTF-8 text")
    }
    return (URL(fileURLWithPath: path).lastPathComponent, text)
  }
}
