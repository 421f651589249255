import CPrefetch
import PosttimTemplating

extension ReportView {
  /// The context handed to report templates (documented field by field in
  /// docs/template-context.md, generated from ``ReportView/fields``;
  /// `posttim-report --dump-context` prints it).
  /// Task lists are streams: rows are made while the template renders.
  public var templateContext: TemplateValue { templateContext(showDetails: true) }

  /// The same, with `showDetails` set as the writer decides
  /// (``WriterOptions/showDetails``): whether the report has a details part.
  public func templateContext(showDetails: Bool) -> TemplateValue {
    let context = ViewFieldContext(showDetails: showDetails, todayISO: todayISO)
    var values = ViewFieldReader.templateValues(Self.fields, of: self, context)
    values.append(.list(sections.map { $0.templateValue(context) }))
    return .lazyObject(TemplateObject(keys: Self.templateKeys, values: values))
  }

  /// The context's member names: the fields, then the sections.
  static let templateKeys = TemplateKeys(fields.map(\.name) + [children.name])
}

extension SectionView {
  func templateValue(_ context: ViewFieldContext) -> TemplateValue {
    let rows = rows  // Sendable: the rows are made from it on demand
    var values = ViewFieldReader.templateValues(Self.fields, of: self, context)
    values.append(
      .stream(
        TemplateStream(
          rows: .init(
            count: rows.entries.count, item: { TaskView(rows: rows, row: $0).templateValue },
            prefetchTexts: { rows.prefetchTexts(at: $0) }, cursor: { TaskRowCursor(rows: rows).cursor }))))
    return .lazyObject(TemplateObject(keys: Self.templateKeys, values: values))
  }

  /// A section's member names: the fields, then the tasks.
  static let templateKeys = TemplateKeys(fields.map(\.name) + [children.name])
}

extension TaskView {
  /// The row's member names, found without hashing (``TemplateKeys``):
  /// this runs for every tag of every row.
  static let templateKeys = TemplateKeys(fields.map(\.name))

  /// The row's members, computed as a template reads them.
  var templateValue: TemplateValue { .lazyObject(TemplateObject(keys: Self.templateKeys, members: self)) }
}

extension TaskView: TemplateMembers {
  /// The texts a row lends as UTF-8, by field position: stored ones, the
  /// anchor, made on the stack, and the formatted ones, from the
  /// presenter's kept texts with no `String` made per row.
  fileprivate enum LentText {
    case id, title, displayTitle, details, when, dateTime, exactWhen, sourceLine, importanceText
  }

  fileprivate static let lentTexts: [LentText?] = fields.map {
    switch $0.name {
    case "id": .id
    case "title": .title
    case "displayTitle": .displayTitle
    case "details": .details
    case "when": .when
    case "dateTime": .dateTime
    case "exactWhen": .exactWhen
    case "sourceLine": .sourceLine
    case "importanceText": .importanceText
    default: nil
    }
  }

  package func member(at position: Int) -> TemplateValue {
    Self.fields[position].value(self, ViewFieldContext()).templateValue
  }

  /// The anchor, made on the stack; the title and the description, read
  /// in place in the section's entries, with no retain (a retain of each
  /// row's title is an atomic write to a line not yet in the cache, where
  /// a plain read overlaps with other work); times and the source line
  /// as the presenter lends them. The anchor, the importance and kept
  /// times are lent as plain text where they are (``PlainText``).
  package func withUTF8(ofMember position: Int, _ body: LentUTF8Body) -> Bool {
    withUTF8(of: Self.lentTexts[position], body)
  }

  /// The same for a member's kind of lent text (nil: none is lent).
  fileprivate func withUTF8(of lent: LentText?, _ body: LentUTF8Body) -> Bool {
    guard let lent else { return false }
    switch lent {
    case .when:
      presenter.withWhenUTF8(task.date, spansDays: spansDays, body)
      return true
    case .dateTime:
      presenter.withWhenUTF8(task.date, spansDays: true, body)
      return true
    case .exactWhen:
      presenter.withExactWhenUTF8(task.date, body)
      return true
    case .sourceLine:
      if let path = rows.entries[row].origin.file.storedUTF8,
        presenter.withSourceLineUTF8(path: path, entry: rows.entries[row].origin.entry, { body($0, false) })
      {
        return true
      }
      presenter.withSourceLineUTF8(task.origin) { body($0, false) }
      return true
    case .importanceText:
      presenter.withImportanceTextUTF8(task.importance, body)
      return true
    case .id:
      // "task-", hex digits, and "-" and digits for a twin: plain.
      rows.anchors.withID(section: rows.index, row: row) { body($0, true) }
      return true
    case .title: return rows.lendUTF8(ofTitleAt: row) { body($0, false) }
    case .displayTitle:
      if BlankTitle.isBlank(rows.entries[row].title) {
        return presenter.untitled.utf8.withContiguousStorageIfAvailable { body($0, false) } != nil
      }
      return rows.lendUTF8(ofTitleAt: row) { body($0, false) }
    case .details: return rows.lendUTF8(ofDetailsAt: row) { body($0, false) }
    }
  }
}

extension TaskView {
  /// ``dateTime``'s UTF-8, lent (CSV's cells, as a template's).
  func withDateTimeUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    _ = withUTF8(of: .dateTime) { bytes, _ in body(bytes) }
  }

  /// ``title``'s UTF-8, lent in place.
  func withTitleUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    if !withUTF8(of: .title, { bytes, _ in body(bytes) }) { title.withUTF8Bytes(body) }
  }

  /// ``details``' UTF-8, lent in place.
  func withDetailsUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    if !withUTF8(of: .details, { bytes, _ in body(bytes) }) { details.withUTF8Bytes(body) }
  }
}

/// A row object that stands for any row of a section, moved from row to
/// row by the renderer (``TemplateStream/Rows/cursor``): an object made,
/// retained and freed per row was a sixth of an HTML report's own work.
///
/// Unchecked Sendable: `row` changes, but only on the thread rendering the
/// chunk that made the cursor, which finishes a row before it moves on.
private final class TaskRowCursor: TemplateMembers, @unchecked Sendable {
  let rows: SectionRows
  var row = 0
  /// ``TaskView``'s tables, held here: read from their lazy globals, each
  /// member of each row was a `swift_once` call.
  private let lentTexts = TaskView.lentTexts
  private let knownTruths = TaskView.knownTruths

  init(rows: SectionRows) { self.rows = rows }

  var cursor: TemplateStream.Rows.Cursor {
    .init(item: .lazyObject(TemplateObject(keys: TaskView.templateKeys, members: self))) { self.row = $0 }
  }

  private var view: TaskView { TaskView(rows: rows, row: row) }

  func member(at position: Int) -> TemplateValue { view.member(at: position) }

  func withUTF8(ofMember position: Int, _ body: LentUTF8Body) -> Bool {
    view.withUTF8(of: lentTexts[position], body)
  }

  func prefetchTexts() { view.prefetchTexts() }

  func truth(ofMember position: Int) -> Bool? { view.truth(of: knownTruths[position]) }
}

extension TaskView {
  /// Hints that the title and the description are read soon.
  package func prefetchTexts() { rows.prefetchTexts(at: row) }

  /// The members the default templates open sections on, whose truth is
  /// read from the task without making their value (the HTML badge opens
  /// three importance bands a row: their values were a tenth of a row's
  /// member calls).
  fileprivate enum KnownTruth { case details, hasExtraFields, importance(ImportanceLevel) }

  fileprivate static let knownTruths: [KnownTruth?] = fields.map {
    switch $0.name {
    case "details": .details
    case "hasExtraFields": .hasExtraFields
    case "isHighImportance": .importance(.high)
    case "isMediumImportance": .importance(.medium)
    case "isLowImportance": .importance(.low)
    default: nil
    }
  }

  /// Whether `{{#details}}`, `{{#hasExtraFields}}` and the importance
  /// bands render, as their values' truth (a text that is not empty, the
  /// boolean).
  package func truth(ofMember position: Int) -> Bool? { truth(of: Self.knownTruths[position]) }

  /// The same for a member's kind of known truth (nil: not known).
  fileprivate func truth(of known: KnownTruth?) -> Bool? {
    switch known {
    case .details?: !rows.entries[row].details.isEmpty
    case .hasExtraFields?: !rows.entries[row].extraFields.isEmpty
    case .importance(let level)?: ImportanceLevel(rows.entries[row].importance) == level
    case nil: nil
    }
  }
}

extension SectionRows {
  /// Hints that entry `row`'s title and description are read soon, where
  /// they are stored out of line.
  func prefetchTexts(at row: Int) {
    if let title = entries[row].title.storedUTF8?.baseAddress { cprefetch_read(title) }
    if let details = entries[row].details.storedUTF8?.baseAddress { cprefetch_read(details) }
  }

  /// Calls `body` with the UTF-8 of entry `row`'s title, borrowed.
  fileprivate func lendUTF8(ofTitleAt row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
    guard let bytes = entries[row].title.storedUTF8 else {
      return entries[row].title.utf8.withContiguousStorageIfAvailable(body) != nil
    }
    body(bytes)
    return true
  }

  /// Calls `body` with the UTF-8 of entry `row`'s description, borrowed.
  fileprivate func lendUTF8(ofDetailsAt row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
    guard let bytes = entries[row].details.storedUTF8 else {
      return entries[row].details.utf8.withContiguousStorageIfAvailable(body) != nil
    }
    body(bytes)
    return true
  }
}
