import FoundationEssentials
import PosttimICU
import PosttimReport

/// One reader: a row of the roster, checked on its own (its ID, list and
/// `at`, the form of its cells); whether its options resolve is checked
/// with the roster-wide ones (``RosterCommand``). Made when a reader is
/// looked at: the roster keeps its rows as bytes (``RosterReaders``).
struct RosterReader: Sendable {
  let id: String
  /// The row it is on (the header is row 1).
  let row: Int
  /// The task list's path, relative ones taken from the roster's folder.
  let list: String
  /// `at`, in minutes after local midnight.
  let at: Int
  /// The row's cells under ``RosterFile/optionColumns`` (empty for a row
  /// with none): with the empty ones left out, a layer over the
  /// roster-wide options (``RosterFile/layer(of:)``).
  let cells: [String]
}

/// A roster file (docs/roster.md): RFC 4180 CSV, a header row naming
/// `id`, `list`, optionally `at`, and options a config file may set
/// (``RosterOptions/columns``).
struct RosterFile: Sendable {
  let path: String
  let readers: RosterReaders
  /// The columns named after an option, in the file's order.
  let optionColumns: [OptionSpec]
  /// The rows refused on their own (a bad `id`, `list`, `at`, width or
  /// flag cell), one error each, in row order; not among ``readers``. The
  /// schedule reports them with the rows whose options do not resolve.
  let refusedRows: [RosterError]

  /// Which roster a journal belongs to: the file's real path, where the
  /// walk that read it led (``ConfigFileTrust``).
  let identity: String

  /// The journal's and lock's base name: the real file's name without
  /// `.csv`. A symbolic link's own name is not used, so a roster reached
  /// under two names keeps one journal and one lock; a hard link, which no
  /// path tells from the file, is a roster of its own.
  var name: String {
    let file = PathText.lastComponent(identity)
    return file.lowercased().hasSuffix(".csv") ? String(file.dropLast(4)) : file
  }

  /// Every reader's wall time when the roster has no `at` (or its cell is empty).
  static let defaultAt = 6 * 60
  /// The longest ID, in UTF-8 bytes (a file name part with room to spare).
  static let idLimit = 200
  /// The largest roster read, in bytes.
  static let sizeLimit = 256 << 20

  /// Reads and checks the roster; a bad row is kept in ``refusedRows``.
  /// - Throws: ``RosterError`` (66) for a file that cannot be read, (71)
  ///   for one a memory limit cannot hold (``RosterFileMemory``), (65) for
  ///   its CSV; ``RosterErrors`` (65) naming every bad header column.
  init(path: String) throws {
    self.path = path
    try RosterFileMemory.checkReading(path)
    // Its journal's name and first line: where the walk that read it led, not a second lookup.
    let (bytes, resolved) = try Self.readTrusted(path)
    identity = resolved
    try RosterFileMemory.checkRows(path, bytes: bytes)
    let folder = PathText.deletingLastComponent(path)
    var errors: [RosterError] = []
    var columns: [Column?]? = nil
    var readers = RosterReaders(folder: folder, optionColumns: 0)
    var headerWidth = 0
    var headerRefused = false
    var seen: [String: Int] = [:]
    var headerNames: [String] = []
    do {
      try RFC4180Reader.read(bytes) { record in
        guard let known = columns else {
          let header = Self.columns(record, path: path, errors: &errors)
          columns = header
          headerNames = record.fields
          headerWidth = record.fields.count
          headerRefused = !errors.isEmpty
          readers = RosterReaders(
            folder: folder, optionColumns: header.count { if case .option? = $0 { true } else { false } })
          return
        }
        // A bad header is reported alone: its rows cannot be read.
        guard !headerRefused else { return }
        // A spreadsheet's trailing rows of empty cells (`,,`) are no readers.
        if record.fields.allSatisfy(\.isEmpty) { return }
        do throws(RosterError) {
          // RFC 4180 §2.4: as many cells as the header. A longer row is not
          // cut silently, a shorter one not read as empty cells.
          guard record.fields.count == headerWidth else {
            throw RosterError.content(
              path, row: record.row, "has \(record.fields.count) cells, the header has \(headerWidth)")
          }
          let row = try Self.row(record, columns: known, path: path)
          if let first = seen[row.id] {
            throw RosterError.content(
              path, row: record.row, column: "id", "'\(row.id)' is also the ID of row \(first)")
          }
          seen[row.id] = record.row
          readers.append(id: row.id, row: record.row, list: row.list, at: row.at, cells: row.cells)
        } catch {
          errors.append(error)
        }
      }
    } catch {
      throw RosterError.content(
        path, row: error.row, column: Self.columnName(error.column, header: headerNames, bytes: bytes), error.message)
    }
    guard let columns else { throw RosterError.content(path, "no header row (id,list,…)") }
    if headerRefused { throw RosterErrors(errors: errors) }
    refusedRows = errors
    optionColumns = columns.compactMap { if case .option(let spec)? = $0 { spec } else { nil } }
    self.readers = readers
  }

  /// A CSV failure's column (from 1): the header's name for it, else its
  /// number. The header's first line is read alone when the failure is in
  /// the header itself.
  static func columnName(_ column: Int, header: [String], bytes: [UInt8]) -> String {
    var names = header
    if names.isEmpty, let end = bytes.firstIndex(of: 0x0A),
      let first = try? RFC4180Reader.records(Array(bytes[..<end])).first
    {
      names = first.fields
    }
    return column >= 1 && column <= names.count ? names[column - 1] : "\(column)"
  }

  /// What each column is: `id`, `list`, `at` or an option.
  enum Column {
    case id, list, at
    case option(OptionSpec)

    /// Its header name.
    var name: String {
      switch self {
      case .id: "id"
      case .list: "list"
      case .at: "at"
      case .option(let spec): spec.name
      }
    }
  }

  /// The header's columns; every bad one is added to `errors`.
  static func columns(_ header: RFC4180Reader.Record, path: String, errors: inout [RosterError]) -> [Column?] {
    var seen: Set<String> = []
    // A file separated by ';' or tabs is one wrong column: its hint alone
    // is the error, not the missing columns and unknown names it makes.
    var separatorHint: RosterError? = nil
    let columns = header.fields.enumerated().map { offset, name -> Column? in
      func fail(_ message: String) -> Column? {
        errors.append(.content(path, row: header.row, column: name, message))
        return nil
      }
      guard seen.insert(name).inserted else {
        // A repeatable option's columns add up, as the option given twice does.
        if let spec = RosterOptions.columns[name], spec.repeatable { return .option(spec) }
        return fail("named twice (only a repeatable option's column, such as mail-to, may be)")
      }
      switch name {
      case "id": return .id
      case "list": return .list
      case "at": return .at
      default:
        if let spec = RosterOptions.columns[name] { return .option(spec) }
        if RosterOptions.notColumns.contains(name) {
          return fail("is set for the whole roster, on the command line, not per reader")
        }
        if !seen.contains("id") || !seen.contains("list"),
          let separator = [";", "\t"].first(where: { name.contains($0) })
        {
          let shown = separator == "\t" ? "a tab" : "';'"
          separatorHint = .content(
            path, row: header.row, column: name,
            "the roster is comma-separated (RFC 4180); this file seems to use \(shown)")
          return nil
        }
        let names = ["id", "list", "at"] + RosterOptions.columns.keys.sorted()
        let hint = Suggestion.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
        return fail("not a roster column: id, list, at or an option a config file may set" + hint)
      }
    }
    for required in ["id", "list"] where !seen.contains(required) {
      errors.append(.content(path, row: header.row, "no '\(required)' column"))
    }
    if let separatorHint { errors = [separatorHint] }
    return columns
  }

  /// One row's cells: its ID, its list as written, its `at` and its
  /// option cells (empty for a row with none).
  static func row(_ record: RFC4180Reader.Record, columns: [Column?], path: String)
    throws(RosterError) -> (id: String, list: String, at: Int, cells: [String])
  {
    var id = ""
    var list = ""
    var at = defaultAt
    var cells: [String] = []
    var anyCell = false
    var given: Set<String> = []
    for (column, cell) in zip(columns, record.fields) {
      guard let column else { continue }
      // Taken as written: trimmed, some options' parsers would take a
      // padded cell and others refuse it.
      if [cell.unicodeScalars.first, cell.unicodeScalars.last].contains(where: { $0.map(isSpace) ?? false }) {
        throw .content(
          path, row: record.row, column: column.name,
          "'\(cell)' starts or ends with a space: cells are taken as written, not trimmed")
      }
      switch column {
      case .id: id = cell
      case .list: list = cell
      case .at:
        guard !cell.isEmpty else { continue }
        guard let minutes = RosterDue.wallTime(spreadsheetWallTime(cell)) else {
          throw .content(
            path, row: record.row, column: "at",
            "'\(cell)' is not a wall time HH:MM (00:00 to 23:59; H:MM and HH:MM:00 are read too)")
        }
        at = minutes
      case .option(let spec):
        cells.append(cell)
        guard !cell.isEmpty else { continue }
        anyCell = true
        given.insert(spec.name)
        if spec.isFlag, cell != "true", cell != "false" {
          throw .content(path, row: record.row, column: spec.name, "takes true or false, got '\(cell)'")
        }
      }
    }
    // The roster-wide layers give one or the other; a row giving both
    // says two things at once (`to` and `days` both end the window).
    for group in ParsedOptions.replacedTogether where group.filter(given.contains).count > 1 {
      let names = group.filter(given.contains)
      throw .content(
        path, row: record.row, column: names.last,
        "a row gives \(names.map { "'\($0)'" }.joined(separator: " or ")), not both (both end the window)")
    }
    if let problem = idProblem(id) { throw .content(path, row: record.row, column: "id", problem) }
    guard !list.isEmpty else {
      throw .content(path, row: record.row, column: "list", "empty: name the reader's task list")
    }
    return (id, list, at, anyCell ? cells : [])
  }

  /// A space or tab (not a line break: those have their own refusals).
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
  }

  /// `HH:MM` from what spreadsheets export: `6:00` (Excel) or
  /// `06:00:00` (LibreOffice; seconds other than 00 are left to be refused).
  static func spreadsheetWallTime(_ cell: String) -> String {
    var text = cell
    if text.utf8.count == 8, text.hasSuffix(":00"), text.filter({ $0 == ":" }).count == 2 {
      text = String(text.dropLast(3))
    }
    if text.utf8.count == 4, text.utf8.dropFirst().first == UInt8(ascii: ":") { text = "0" + text }
    return text
  }

  /// A reader's non-empty option cells, each naming its row and column.
  func layer(of reader: RosterReader) -> ParsedOptions {
    var layer = ParsedOptions()
    // A relative template folder is the roster's, as a relative list is:
    // the same row must not depend on the folder cron starts in.
    let templateDirectory = ReportOptions.templateDirectory.spec.name
    for (spec, cell) in zip(optionColumns, reader.cells) where !cell.isEmpty {
      let text = spec.name == templateDirectory ? readers.resolved(cell) : cell
      layer.append(spec, .init(text: text, origin: .roster(path: path, row: reader.row, column: spec.name)))
    }
    return layer
  }

  /// Why `id` cannot be a reader's ID (it names a file `ID.eml` and a
  /// journal key), or nil.
  static func idProblem(_ id: String) -> String? {
    if id.isEmpty { return "empty: every reader needs an ID" }
    if id.utf8.count > idLimit { return "longer than \(idLimit) bytes" }
    if id.hasPrefix(".") { return "'\(id)' starts with '.'" }
    // macOS writes file names decomposed (e + U+0301); the shim has no
    // normalizer, so such an ID is refused, saying why it looks right.
    if id.unicodeScalars.contains(where: { $0.properties.canonicalCombiningClass != .notReordered }) {
      return "'\(id)' is in decomposed form (a letter followed by a combining accent, as macOS writes names): "
        + "type it again or save the roster in composed form (NFC)"
    }
    let allowed = id.unicodeScalars.allSatisfy { scalar in
      "._-@+".unicodeScalars.contains(scalar) || scalar.properties.isAlphabetic
        || scalar.properties.numericType == .decimal
    }
    return allowed ? nil : "'\(id)' may hold only letters, digits and . _ - @ +"
  }
}
