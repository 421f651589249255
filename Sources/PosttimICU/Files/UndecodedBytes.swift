/// Bytes that should be UTF-8 text (a name, an argument), shown in a
/// message so that the reader sees which bytes to fix.
public enum UndecodedBytes {
  /// The text with each byte that is not part of a UTF-8 character as
  /// `\xHH`: `r\xE9sum\xE9.md`.
  public static func escaped(_ bytes: [UInt8]) -> String {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var text = ""
    var consumed = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
        consumed += encoded.count
      case .error(let length):
        for byte in bytes[consumed..<consumed + length] {
          text += "\\x" + PaddedDigits.hex(Int(byte), width: 2, uppercase: true)
        }
        consumed += length
      case .emptyInput: return text
      }
    }
  }
}
