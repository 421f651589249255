/// A strict reader of RFC 4180 CSV, as spreadsheets export it: UTF-8, an
/// optional byte order mark (Excel writes one), a header row, fields
/// separated by commas, records by CRLF (LF and CR alone are accepted
/// too), and fields in double quotes holding commas, line breaks and
/// doubled quotes (`""`).
///
/// What RFC 4180 does not allow is refused rather than guessed: a quote
/// inside an unquoted field, text after a closing quote, an unclosed
/// quote, a record with more or fewer fields than the header, bytes that
/// are not UTF-8. Errors name the row (from 1, the header) and column.
struct RFC4180Reader {
  /// One record: its fields, and the row it starts on (the header is row 1).
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
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    guard let text = String(validating: body, as: UTF8.self) else {
      throw Failure(row: firstInvalidRow(body), column: 0, message: "not UTF-8 text")
    }
    var records: [Record] = []
    var fields: [String] = []
    var field = ""
    var row = 1
    var recordRow = 1
    var quoted = false
    var afterQuote = false
    var atFieldStart = true
    // A line with nothing on it (not even "") is no record: spreadsheets
    // leave one at the end.
    var blank = true
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil

    func endRecord() {
      fields.append(field)
      if !blank { records.append(Record(fields: fields, row: recordRow)) }
      fields = []
      field = ""
      blank = true
    }

    while let scalar = pending ?? scalars.next() {
      pending = nil
      if scalar != "\r" && scalar != "\n" { blank = false }
      if quoted {
        if scalar == "\"" {
          let next = scalars.next()
          if next == "\"" {
            field.unicodeScalars.append("\"")
          } else {
            quoted = false
            afterQuote = true
            pending = next
          }
        } else {
          if scalar == "\n" || (scalar == "\r" && !peekIsLF(&scalars, &pending)) { row += 1 }
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case ",":
        fields.append(field)
        field = ""
        afterQuote = false
        atFieldStart = true
      case "\r", "\n":
        if scalar == "\r", let next = scalars.next(), next != "\n" { pending = next }
        endRecord()
        row += 1
        recordRow = row
        afterQuote = false
        atFieldStart = true
      case "\"":
        guard atFieldStart else {
          throw Failure(
            row: row, column: fields.count + 1,
            message: afterQuote ? "a quote after a quoted field's closing quote" : "a quote inside an unquoted field")
        }
        quoted = true
        atFieldStart = false
      default:
        guard !afterQuote else {
          throw Failure(row: row, column: fields.count + 1, message: "text after a quoted field's closing quote")
        }
        field.unicodeScalars.append(scalar)
        atFieldStart = false
      }
    }
    if quoted { throw Failure(row: recordRow, column: fields.count + 1, message: "a quote that is never closed") }
    // A last record without a line break; a final line break ends the file.
    if !blank { endRecord() }
    return records
  }

  /// Whether the next scalar is LF, keeping it for the loop either way.
  private static func peekIsLF(
    _ scalars: inout String.UnicodeScalarView.Iterator, _ pending: inout Unicode.Scalar?
  ) -> Bool {
    guard let next = scalars.next() else { return false }
    pending = next
    return next == "\n"
  }

  private static func firstInvalidRow(_ bytes: ArraySlice<UInt8>) -> Int {
    var row = 1
    var start = bytes.startIndex
    for index in bytes.indices where bytes[index] == 0x0A {
      if String(validating: bytes[start..<index], as: UTF8.self) == nil { return row }
      row += 1
      start = index + 1
    }
    return row
  }
}
