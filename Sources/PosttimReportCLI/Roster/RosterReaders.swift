/// A roster's readers, kept for the whole run in a few flat arrays: every
/// reader's cells (its ID, its list as written, its option cells) in one
/// byte buffer, with the offset where each ends, its row and its `at`. A
/// ``RosterReader`` with strings is made only when a reader is looked at,
/// so a long roster costs its cells' bytes and a few integers a reader.
struct RosterReaders: RandomAccessCollection, Sendable {
  /// The roster's folder, for relative paths in cells.
  let folder: String
  /// Cells a reader: `id`, `list`, then one per option column.
  let width: Int
  private var text: [UInt8] = []
  /// Where each cell ends in `text`, `width` a reader.
  private var ends: [UInt32] = []
  private var rows: [UInt32] = []
  private var ats: [UInt16] = []

  init(folder: String, optionColumns: Int) {
    self.folder = folder
    width = 2 + optionColumns
  }

  var startIndex: Int { 0 }
  var endIndex: Int { rows.count }

  /// The reader at `index`, made from its cells.
  subscript(index: Int) -> RosterReader {
    let list = cell(index, 1)
    let cells = (2..<width).map { cell(index, $0) }
    return RosterReader(
      id: id(at: index), row: Int(rows[index]),
      list: resolved(list), at: Int(ats[index]),
      cells: cells.contains { !$0.isEmpty } ? cells : [])
  }

  /// `path` (a cell's), relative ones taken from the roster's folder.
  func resolved(_ path: String) -> String {
    path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
  }

  /// The ID of the reader at `index` (without making the rest).
  func id(at index: Int) -> String { cell(index, 0) }

  /// Adds a reader; `cells` are its option cells, in column order (empty
  /// for a row with none).
  /// - Precondition: the roster holds less than 4 GiB of cells
  ///   (``RosterFile/sizeLimit``).
  mutating func append(id: String, row: Int, list: String, at: Int, cells: [String]) {
    store(id)
    store(list)
    for column in 0..<(width - 2) { store(column < cells.count ? cells[column] : "") }
    rows.append(UInt32(row))
    ats.append(UInt16(at))
  }

  private mutating func store(_ cell: String) {
    text.append(contentsOf: cell.utf8)
    ends.append(UInt32(text.count))
  }

  private func cell(_ reader: Int, _ column: Int) -> String {
    let slot = reader * width + column
    let start = slot == 0 ? 0 : Int(ends[slot - 1])
    return String(decoding: text[start..<Int(ends[slot])], as: UTF8.self)
  }
}
