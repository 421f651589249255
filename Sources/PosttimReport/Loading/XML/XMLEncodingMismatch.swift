import FoundationEssentials

extension XMLPlistReader {
  /// Why expat found the declared encoding wrong, from the start of the
  /// file: the encoding its byte order mark says, and the one its
  /// declaration names (read from its ASCII letters, whichever the width).
  static func encodingMismatch(_ start: UnsafeRawBufferPointer) -> String {
    let bytes = Array(start.prefix(512))
    var mark: String?
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      mark = "UTF-8"
    } else if bytes.starts(with: [0xFF, 0xFE]) {
      mark = "UTF-16 (little-endian)"
    } else if bytes.starts(with: [0xFE, 0xFF]) {
      mark = "UTF-16 (big-endian)"
    }
    let ascii = String(decoding: bytes.filter { $0 != 0 && $0 < 0x80 }, as: UTF8.self)
    var declared = "it declares"
    if let key = ascii.firstRange(of: "encoding"),
      let open = ascii[key.upperBound...].firstIndex(where: { $0 == "\"" || $0 == "'" })
    {
      let rest = ascii[ascii.index(after: open)...]
      if let close = rest.firstIndex(of: ascii[open]) {
        declared = "\"\(TaskListError.printable(String(rest[..<close])))\""
      }
    }
    guard let mark else {
      return "declares the encoding \(declared), which its bytes are not in"
    }
    return "declares the encoding \(declared) but starts with a \(mark) byte order mark: the two must agree"
  }
}
