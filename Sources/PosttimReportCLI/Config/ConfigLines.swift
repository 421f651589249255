/// A config file's lines, as bytes. A line ends at LF, CRLF or a lone CR
/// (old Mac files; a CR is never kept inside a value), and a UTF-8 byte
/// order mark at the start is skipped.
enum ConfigLines {
  /// 8 KiB: no setting needs more; a longer line is refused before it is
  /// decoded or echoed.
  static let lengthLimit = 8192

  /// The lines of `bytes`, without their line ends.
  static func split(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = start
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\n"):
        lines.append(bytes[lineStart..<index])
        index += 1
        lineStart = index
      case UInt8(ascii: "\r"):
        lines.append(bytes[lineStart..<index])
        index += index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
        lineStart = index
      default:
        index += 1
      }
    }
    if lineStart < bytes.count { lines.append(bytes[lineStart...]) }
    return lines
  }
}
