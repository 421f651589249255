/// Base64 (RFC 4648 §4) as MIME bodies carry it (RFC 2045 §6.8): lines of
/// at most 76 characters, ending in CRLF.
public enum Base64Lines {
  static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Characters per body line (RFC 2045 §6.8: "no more than 76").
  public static let lineLength = 76

  /// Base64 of `bytes` on one line, with `=` padding.
  public static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let b0 = bytes[index]
      let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
      let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
      out.append(alphabet[Int(b0 >> 2)])
      out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
      out.append(index + 1 < bytes.count ? alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)] : UInt8(ascii: "="))
      out.append(index + 2 < bytes.count ? alphabet[Int(b2 & 0x3F)] : UInt8(ascii: "="))
      index += 3
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The length of ``body(_:)`` for `count` bytes: 4 characters per 3
  /// bytes begun, and CRLF after each line begun.
  static func bodyLength(ofBytes count: Int) -> Int {
    let characters = (count + 2) / 3 * 4
    return characters + (characters + lineLength - 1) / lineLength * 2
  }

  /// A body: base64 of `bytes` cut into lines of ``lineLength``, each
  /// ending in CRLF.
  public static func body(_ bytes: [UInt8]) -> String {
    let text = Array(encode(bytes).utf8)
    var out = ""
    out.reserveCapacity(text.count + text.count / lineLength * 2 + 2)
    var start = 0
    while start < text.count {
      let end = min(start + lineLength, text.count)
      out += String(decoding: text[start..<end], as: UTF8.self) + "\r\n"
      start = end
    }
    return out
  }
}
