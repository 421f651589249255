import PosttimICU
import PosttimTemplating

/// A detail's source line ("Tiré de tasks.xml, entrée 17 444") for every
/// task of a report, without an ICU MessageFormat call per task (that call
/// was a quarter of a long HTML report with details).
///
/// The catalog's `details.source` message is taken apart once: when it is
/// plain text around `{file}` and `{entry, number}` (or `{entry}`), with no
/// quote, brace or other argument, ICU's output is that text with the
/// file name and the number in place, and each line is assembled so, the
/// number from ICU's decimal format (the one MessageFormat uses) in the
/// message's locale. Any other message (plural, select, quoting), or one
/// whose assembled lines differ from the catalog's for sample entries, has
/// no format, and the caller asks the catalog every time.
final class SourceLineFormat: Sendable {
  private enum Piece {
    /// A range of ``texts``: a piece holds no array, so reading one per
    /// line retains nothing.
    case text(Range<Int>)
    case file
    case entry
  }

  private let pieces: [Piece]
  /// The message's text pieces, one after the other.
  private let texts: [UInt8]
  /// Their length together.
  private let textLength: Int
  private let number: ICUNumberFormatter
  /// `number`'s whole numbers written without ICU, where its output allows.
  private let digits: GroupedIntegerDigits?

  /// Entries the assembled lines are checked against the catalog with.
  static let sampleEntries = [1, 9, 12, 305, 1_234, 17_444, 123_456, 1_234_567, 98_765_432]

  /// - Parameter line: the catalog's line for a file name and an entry,
  ///   which the assembled ones must equal.
  init?(catalog: MessageCatalog, line: (String, Int) -> String) {
    guard let (name, pattern) = catalog.lookup(MessageKey.detailsSource.rawValue),
      let (pieces, texts) = Self.pieces(of: pattern),
      let number = try? ICUNumberFormatter(locale: catalog.messageLocale(for: name))
    else { return nil }
    self.pieces = pieces
    self.texts = texts
    textLength = texts.count
    self.number = number
    digits = GroupedIntegerDigits(number)
    for entry in Self.sampleEntries {
      let file = "listeDesTaches.plist"
      guard let assembled = file.withUTF8Bytes({ self.line(fileName: $0, entry: entry) }),
        assembled == line(file, entry)
      else { return nil }
    }
  }

  /// The message's pieces, or nil when it is not plain text around the
  /// two simple arguments. Read by scalars: a combining mark after a brace
  /// must not hide it.
  private static func pieces(of pattern: String) -> ([Piece], texts: [UInt8])? {
    var pieces: [Piece] = []
    var texts: [UInt8] = []
    var textStart = 0
    // The text since the last argument, as a piece.
    func endText() {
      if texts.count > textStart { pieces.append(.text(textStart..<texts.count)) }
      textStart = texts.count
    }
    var scalars = pattern.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      switch scalar {
      case "'", "}": return nil
      case "{":
        var argument = ""
        var isClosed = false
        while let next = scalars.next() {
          if next == "}" {
            isClosed = true
            break
          }
          guard next != "{", next != "'" else { return nil }
          argument.unicodeScalars.append(next)
        }
        endText()
        switch (argument, isClosed) {
        case ("file", true): pieces.append(.file)
        case ("entry", true), ("entry, number", true), ("entry,number", true): pieces.append(.entry)
        default: return nil
        }
      default:
        texts.append(contentsOf: String(scalar).utf8)
      }
    }
    endText()
    return (pieces, texts)
  }

  /// The line for the file whose name is `fileName` (UTF-8) and entry
  /// `entry`; nil when ICU cannot format the number.
  func line(fileName: UnsafeBufferPointer<UInt8>, entry: Int) -> String? {
    var line: String?
    _ = withLine(fileName: fileName, entry: entry) { line = String(decoding: $0, as: UTF8.self) }
    return line
  }

  /// The same line's UTF-8 lent to `body`, assembled on the stack (no
  /// `String` per task); false, without calling `body`, when ICU cannot
  /// format the number.
  func withLine(
    fileName: UnsafeBufferPointer<UInt8>, entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    if let digits, digits.withUTF8(entry, { assemble(fileName: fileName, digits: $0, body) }) { return true }
    return number.withUTF8(Double(entry)) { assemble(fileName: fileName, digits: $0, body) }
  }

  /// The pieces with `fileName` and the entry's `digits` in place, on the stack, lent to `body`.
  private func assemble(
    fileName: UnsafeBufferPointer<UInt8>, digits: UnsafeBufferPointer<UInt8>,
    _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    var length = textLength
    for piece in pieces {
      switch piece {
      case .text: break
      case .file: length += fileName.count
      case .entry: length += digits.count
      }
    }
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
      texts.withUnsafeBufferPointer { texts in
        var count = 0
        func append(_ bytes: UnsafeBufferPointer<UInt8>) {
          guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
          (buffer.baseAddress! + count).update(from: base, count: bytes.count)
          count += bytes.count
        }
        for piece in pieces {
          switch piece {
          case .text(let range): append(UnsafeBufferPointer(rebasing: texts[range]))
          case .file: append(fileName)
          case .entry: append(digits)
          }
        }
        body(UnsafeBufferPointer(buffer))
      }
    }
  }
}
