/// A strict reader of RFC 4180 CSV, as spreadsheets export it: UTF-8, an
/// optional byte order mark (Excel writes one), a header row, fields
/// separated by commas, records by CRLF (LF and CR alone are accepted
/// too), and fields in double quotes holding commas, line breaks and
/// doubled quotes (`""`).
///
/// What RFC 4180 does not allow is refused rather than guessed: a quote
/// inside an unquoted field, text after a closing quote, an unclosed
/// quote, a record with more or fewer fields than the header, bytes that
/// are not UTF-8. Errors name the row and column.
///
/// Rows are numbered as a spreadsheet shows them: the header is row 1,
/// each record or blank line is the next row, and a quoted field's line
/// breaks start no row (a text editor's line numbers differ after one).
///
/// It reads bytes and hands over one record at a time: a long roster is
/// never held as records and strings whole (every structural character
/// is ASCII, so no UTF-8 sequence is split).
struct RFC4180Reader {
  /// One record: its fields, and its row (the header is row 1).
  struct Record: Equatable {
    let fields: [String]
    let row: Int
  }

  struct Failure: Error, Equatable, CustomStringConvertible {
    let row: Int
    let column: Int
    let message: String
    var description: String { "row \(row), field \(column): \(message)" }
  }

  /// Reads every record, the header first.
  /// - Throws: ``Failure`` at the first departure from RFC 4180.
  static func records(_ bytes: [UInt8]) throws(Failure) -> [Record] {
    var records: [Record] = []
    try read(bytes) { records.append($0) }
    return records
  }

  /// Hands each record to `take`, the header first.
  /// - Throws: ``Failure`` at the first departure from RFC 4180.
  static func read(_ bytes: [UInt8], _ take: (Record) -> Void) throws(Failure) {
    try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) in
      var body = buffer[...]
      if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
      var parser = Parser()
      var index = body.startIndex
      while index < body.endIndex {
        let byte = body[index]
        index += 1
        if let record = try parser.take(byte, next: index < body.endIndex ? body[index] : nil, skip: &index) {
          take(record)
        }
      }
      if let record = try parser.finish() { take(record) }
    }
  }

  /// The parser's state between bytes.
  private struct Parser {
    var fields: [String] = []
    var field: [UInt8] = []
    var row = 1
    var quoted = false
    var afterQuote = false
    var atFieldStart = true
    // A line with nothing on it (not even "") is no record: spreadsheets
    // leave one at the end.
    var blank = true

    /// Takes one byte (`next` is the one after it; `skip` moves past it
    /// when this byte consumes it); returns a record it ends.
    mutating func take(_ byte: UInt8, next: UInt8?, skip index: inout Int) throws(Failure) -> Record? {
      if byte != 0x0D && byte != 0x0A { blank = false }
      if quoted {
        if byte == 0x22 {
          if next == 0x22 {
            field.append(0x22)
            index += 1
          } else {
            quoted = false
            afterQuote = true
          }
        } else {
          field.append(byte)
        }
        return nil
      }
      switch byte {
      case 0x2C:
        try endField()
        afterQuote = false
        atFieldStart = true
        return nil
      case 0x0D, 0x0A:
        if byte == 0x0D && next == 0x0A { index += 1 }
        let record = try endRecord()
        row += 1
        afterQuote = false
        atFieldStart = true
        return record
      case 0x22:
        guard atFieldStart else {
          throw Failure(
            row: row, column: fields.count + 1,
            message: afterQuote ? "a quote after a quoted field's closing quote" : "a quote inside an unquoted field")
        }
        quoted = true
        atFieldStart = false
        return nil
      default:
        guard !afterQuote else {
          throw Failure(row: row, column: fields.count + 1, message: "text after a quoted field's closing quote")
        }
        field.append(byte)
        atFieldStart = false
        return nil
      }
    }

    /// The last record, when the file does not end with a line break.
    mutating func finish() throws(Failure) -> Record? {
      if quoted { throw Failure(row: row, column: fields.count + 1, message: "a quote that is never closed") }
      return blank ? nil : try endRecord()
    }

    /// Split only at ASCII bytes, so a field is UTF-8 exactly when its bytes
    /// in the file are.
    private mutating func endField() throws(Failure) {
      guard let text = String(validating: field, as: UTF8.self) else {
        throw Failure(row: row, column: fields.count + 1, message: "not UTF-8 text")
      }
      fields.append(text)
      field.removeAll(keepingCapacity: true)
    }

    private mutating func endRecord() throws(Failure) -> Record? {
      try endField()
      defer {
        fields = []
        blank = true
      }
      return blank ? nil : Record(fields: fields, row: row)
    }
  }
}
