/// A plain-text table for a left-to-right terminal: columns aligned by
/// display width (``DisplayWidth``, UAX #11), right-to-left cells isolated
/// (``BidiIsolation``, UAX #9), every cell on one line
/// (``TerminalText/singleLine(_:separator:)``).
///
///     var table = TextTable(columns: [.init("locale"), .init("formatted")])
///     table.rows = [["ja_JP", "2026年11月30日 9:00"], ["en_US", "Nov 30, 2026"]]
///     table.lines()
///     // ["locale  formatted", "------  -------------------",
///     //  "ja_JP   2026年11月30日 9:00", "en_US   Nov 30, 2026"]
///
/// Shape: a header row, a rule of `-` under each header, then one line per
/// row. Columns are separated by `gap` spaces; a column is as wide as its
/// widest cell (after truncation to its `maxWidth`), or exactly its `width`
/// when set: then longer cells wrap onto continuation lines
/// (``DisplayWidth/wrapped(_:to:)``, nothing cut), the other cells of the
/// row left blank there. No line ends in spaces (the last column is not
/// padded).
public struct TextTable: Sendable {
  /// One column: its header, alignment and width limits.
  public struct Column: Sendable {
    /// The header text, laid out like a cell.
    public var header: String
    /// Where cells sit in the column's width (display columns, UAX #11).
    public var alignment: DisplayWidth.Alignment
    /// Cells wider than this many columns are cut with `…`
    /// (``DisplayWidth/truncated(_:to:ellipsis:)``); nil: never cut.
    public var maxWidth: Int?
    /// False for cells meant to be copied as they are (a UTS #35 pattern
    /// pasted back into `--pattern`): no FSI…PDI around them.
    public var isolatesRightToLeft: Bool
    /// The column's exact width in columns; wider cells (and headers) wrap,
    /// and line breaks in a cell start a new line. nil: as wide as needed.
    public var width: Int?

    /// - Parameters:
    ///   - header: the header text.
    ///   - alignment: where cells sit in the column.
    ///   - maxWidth: cut wider cells with `…` at this many display columns (nil: never cut).
    ///   - width: the exact width in display columns; wider cells wrap (nil: the widest cell).
    ///   - isolatesRightToLeft: wrap right-to-left cells in bidi isolates (UAX #9).
    public init(
      _ header: String, alignment: DisplayWidth.Alignment = .left, maxWidth: Int? = nil, width: Int? = nil,
      isolatesRightToLeft: Bool = true
    ) {
      self.header = header
      self.alignment = alignment
      self.maxWidth = maxWidth
      self.width = width
      self.isolatesRightToLeft = isolatesRightToLeft
    }
  }

  /// The columns, left to right.
  public var columns: [Column]
  /// One array of cells per row; missing cells are empty, extra ones ignored.
  public var rows: [[String]] = []
  /// Spaces between columns.
  public var gap = 2

  /// A table with `columns` and `rows` (each row one cell per column; missing cells are empty).
  public init(columns: [Column], rows: [[String]] = []) {
    self.columns = columns
    self.rows = rows
  }

  /// The table's lines, without line ends.
  public func lines() -> [String] {
    let header = columns.map { prepared($0.header, $0) }
    let body = rows.map { row in
      columns.indices.map { index in prepared(index < row.count ? row[index] : "", columns[index]) }
    }
    var widths = columns.map { $0.width ?? 0 }
    for row in [header] + body {
      for index in row.indices where columns[index].width == nil {
        widths[index] = max(widths[index], row[index].map(\.width).max() ?? 0)
      }
    }
    let rule = widths.map { [(text: String(repeating: "-", count: $0), width: $0)] }
    return ([header, rule] + body).flatMap { physicalLines(of: $0, widths: widths) }
  }

  /// A row's cells side by side: as many lines as its tallest cell.
  private func physicalLines(of cells: [[(text: String, width: Int)]], widths: [Int]) -> [String] {
    let height = max(1, cells.map(\.count).max() ?? 1)
    return (0..<height).map { lineIndex in
      line(of: cells.map { lineIndex < $0.count ? $0[lineIndex] : (text: "", width: 0) }, widths: widths)
    }
  }

  /// A cell's lines: one line cut to `maxWidth`, or wrapped to `width`;
  /// then isolated, the width measured before isolation (the isolates take
  /// 0 columns).
  private func prepared(_ text: String, _ column: Column) -> [(text: String, width: Int)] {
    let pieces: [String]
    if let width = column.width {
      pieces = DisplayWidth.wrapped(text, to: width)
    } else {
      var line = TerminalText.singleLine(text)
      if let maxWidth = column.maxWidth { line = DisplayWidth.truncated(line, to: maxWidth) }
      pieces = [line]
    }
    return pieces.map { (column.isolatesRightToLeft ? BidiIsolation.isolated($0) : $0, DisplayWidth.of($0)) }
  }

  private func line(of cells: [(text: String, width: Int)], widths: [Int]) -> String {
    // Built as bytes: a string appended to piece by piece cost more than the rest of the table.
    var line: [UInt8] = []
    line.reserveCapacity(128)
    func spaces(_ count: Int) {
      if count > 0 { line.append(contentsOf: repeatElement(0x20, count: count)) }
    }
    for (index, cell) in cells.enumerated() {
      if index > 0 { spaces(gap) }
      let missing = widths[index] - cell.width
      let isLast = index == cells.count - 1
      switch columns[index].alignment {
      case .left:
        line.append(contentsOf: cell.text.utf8)
        if !isLast { spaces(missing) }
      case .right:
        spaces(missing)
        line.append(contentsOf: cell.text.utf8)
      }
    }
    var text = String(decoding: line, as: UTF8.self)
    // An empty last cell would leave the gap behind.
    if line.last == 0x20 {
      while text.hasSuffix(" ") { text.removeLast() }
    }
    return text
  }
}
