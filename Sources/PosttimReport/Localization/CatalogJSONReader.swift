import PosttimICU

/// A strict reader of JSON text (RFC 8259) for message catalogs, which
/// Foundation's lenient parser cannot be: it takes trailing commas, keeps
/// one of two equal keys silently, and places few of its errors.
///
/// It reads the whole grammar (§2–§8) but keeps only what a catalog uses:
/// the members of a top-level object, each a string or the kind of value
/// it is. Every fault is named at its line and column (in characters,
/// from 1) with the key whose member holds it. A lone surrogate escape
/// (`"\ud800"`, §8.2) is refused: it stands for no character. A leading
/// byte order mark is skipped (§8.1 allows it) and not counted in columns.
struct CatalogJSONReader {
  /// A member's value: the text of a string, or the kind of another value.
  enum Value: Equatable {
    case string(String)
    case other(kind: String)
  }

  /// A top-level value: an object's members in file order, or the kind of
  /// anything else ("an array").
  enum Document {
    case object([(key: String, value: Value)])
    case other(kind: String)
  }

  /// Why the text is refused, worded to follow the file's name.
  struct Fault: Error, Equatable {
    let message: String
  }

  /// Arrays and objects nest at most this deep: a catalog holds none, and
  /// the reader recurses once per level.
  static let maximumDepth = 100

  private let bytes: [UInt8]
  private let start: Int
  private var index: Int
  /// The top-level key whose member is being read, or was read last.
  private var key: String?
  /// Where the reader is in that member.
  private var phase = Phase.afterValue

  private enum Phase: String {
    case afterKey = "after the key"
    case inValue = "in the value of"
    case afterValue = "after the value of"
  }

  private init(_ text: String) {
    bytes = Array(text.utf8)
    start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    index = start
  }

  /// Reads `text` as one JSON value.
  static func read(_ text: String) throws(Fault) -> Document {
    var reader = CatalogJSONReader(text)
    return try reader.document()
  }

  private mutating func document() throws(Fault) -> Document {
    skipWhiteSpace()
    let result: Document
    if peek == UInt8(ascii: "{") {
      result = .object(try topLevelObject())
    } else {
      result = .other(kind: try value(depth: 1))
    }
    skipWhiteSpace()
    if index < bytes.count { throw fault("\(found) after the JSON value") }
    return result
  }

  private mutating func topLevelObject() throws(Fault) -> [(key: String, value: Value)] {
    let opening = index
    index += 1
    var members: [(key: String, value: Value)] = []
    var places: [String: Int] = [:]
    skipWhiteSpace()
    if peek == UInt8(ascii: "}") {
      index += 1
      return members
    }
    while true {
      guard peek == UInt8(ascii: "\"") else {
        throw fault(
          members.isEmpty ? "expected a string key or '}', found \(found)" : "expected a string key, found \(found)")
      }
      let keyPlace = index
      let name = try string()
      if let first = places[name] {
        throw Fault(
          message:
            "has the key \"\(TerminalText.echo(name, limit: 60))\" twice, at \(place(of: first)) and \(place(of: keyPlace))"
        )
      }
      places[name] = keyPlace
      key = name
      phase = .afterKey
      try colon()
      phase = .inValue
      let member: Value
      if peek == UInt8(ascii: "\"") {
        member = .string(try string())
      } else {
        member = .other(kind: try value(depth: 2))
      }
      phase = .afterValue
      members.append((name, member))
      if try endOfMember(closing: UInt8(ascii: "}"), opening: opening) { return members }
    }
  }

  /// Reads any value (an array or object up to ``maximumDepth``), and
  /// returns its kind as a message names it.
  private mutating func value(depth: Int) throws(Fault) -> String {
    guard let byte = peek else { throw fault("expected a value, found \(found)") }
    switch byte {
    case UInt8(ascii: "\""):
      _ = try string()
      return "a string"
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard depth <= Self.maximumDepth else {
        throw fault("arrays and objects nested more than \(Self.maximumDepth) deep")
      }
      try container(depth: depth)
      return byte == UInt8(ascii: "{") ? "an object" : "an array"
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try number()
      return "a number"
    default:
      let word = bytes[index...].prefix { isWordByte($0) }
      switch String(decoding: word, as: UTF8.self) {
      case "true", "false":
        index += word.count
        return "a boolean"
      case "null":
        index += word.count
        return "null"
      case "": throw fault("expected a value, found \(found)")
      case let other:
        throw fault(
          "'\(TerminalText.echo(other, limit: 20))' is no JSON value (true, false and null are written in full, in lowercase)"
        )
      }
    }
  }

  /// A nested array or object, its grammar checked, its content dropped.
  private mutating func container(depth: Int) throws(Fault) {
    let opening = index
    let isObject = bytes[index] == UInt8(ascii: "{")
    let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    index += 1
    skipWhiteSpace()
    if peek == closing {
      index += 1
      return
    }
    while true {
      if isObject {
        guard peek == UInt8(ascii: "\"") else { throw fault("expected a string key, found \(found)") }
        _ = try string()
        try colon()
      }
      _ = try value(depth: depth + 1)
      if try endOfMember(closing: closing, opening: opening) { return }
    }
  }

  /// After a member or element: `,` (true: the container goes on, and no
  /// `}` or `]` may follow it) or the closing bracket (false).
  private mutating func endOfMember(closing: UInt8, opening: Int) throws(Fault) -> Bool {
    skipWhiteSpace()
    let bracket = closing == UInt8(ascii: "}") ? "'}'" : "']'"
    switch peek {
    case closing?:
      index += 1
      return true
    case UInt8(ascii: ",")?:
      let comma = index
      index += 1
      skipWhiteSpace()
      if peek == closing {
        index = comma
        throw fault("a comma before \(bracket): JSON allows no trailing comma")
      }
      return false
    case nil:
      throw fault("expected ',' or \(bracket), found the end of the file (opened at \(place(of: opening)))")
    default:
      throw fault("expected ',' or \(bracket), found \(found)")
    }
  }

  private mutating func colon() throws(Fault) {
    skipWhiteSpace()
    guard peek == UInt8(ascii: ":") else { throw fault("expected ':' after the key, found \(found)") }
    index += 1
    skipWhiteSpace()
  }

  /// §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
  private mutating func number() throws(Fault) {
    let first = index
    func digits() -> Int {
      let from = index
      while let byte = peek, (0x30...0x39).contains(byte) { index += 1 }
      return index - from
    }
    var valid = true
    if peek == UInt8(ascii: "-") { index += 1 }
    if peek == UInt8(ascii: "0") {
      index += 1
      if let byte = peek, (0x30...0x39).contains(byte) { valid = false }
    } else if digits() == 0 {
      valid = false
    }
    if valid, peek == UInt8(ascii: ".") {
      index += 1
      valid = digits() > 0
    }
    if valid, peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      index += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
      valid = digits() > 0
    }
    guard valid else {
      let token = bytes[first...].prefix { isWordByte($0) || "+-.".utf8.contains($0) }
      index = first
      throw fault("'\(String(decoding: token, as: UTF8.self))' is no JSON number")
    }
  }

  /// §7: a string, its escapes decoded.
  private mutating func string() throws(Fault) -> String {
    let opening = index
    index += 1
    var text: [UInt8] = []
    while true {
      guard let byte = peek else {
        throw fault("the file ends inside the string opened at \(place(of: opening))")
      }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape(into: &text)
      case ..<0x20:
        throw fault("\(found) in a string must be written as an escape (\\u\(hex4(UInt32(byte))))")
      default:
        text.append(byte)
        index += 1
      }
    }
  }

  private mutating func escape(into text: inout [UInt8]) throws(Fault) {
    let backslash = index
    index += 1
    guard let letter = peek else { throw fault("the file ends inside an escape") }
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
      UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let byte = simple[letter] {
      text.append(byte)
      index += 1
      return
    }
    guard letter == UInt8(ascii: "u") else {
      let what = found
      index = backslash
      throw fault("'\\' then \(what) is no JSON escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
    }
    var value = try hexQuad(at: backslash)
    if (0xDC00...0xDFFF).contains(value) {
      index = backslash
      throw fault("'\\u\(hex4(value))' is a lone low surrogate: it stands for no character")
    }
    if (0xD800...0xDBFF).contains(value) {
      let low = index
      guard bytes[index...].starts(with: "\\u".utf8), let next = try? hexQuad(at: low, advancing: false),
        (0xDC00...0xDFFF).contains(next)
      else {
        index = backslash
        throw fault(
          "'\\u\(hex4(value))' is a lone high surrogate (no \\uDC00–\\uDFFF follows): it stands for no character")
      }
      index = low + 6
      value = 0x10000 + ((value - 0xD800) << 10) + (next - 0xDC00)
    }
    text.append(contentsOf: String(Unicode.Scalar(value)!).utf8)
  }

  /// The four hex digits after the `\u` at `backslash`.
  private mutating func hexQuad(at backslash: Int, advancing: Bool = true) throws(Fault) -> UInt32 {
    let digits = bytes[(backslash + 2)...].prefix(4)
    let isHex = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte | 0x20) }
    guard digits.count == 4, digits.allSatisfy(isHex),
      let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
    else {
      index = backslash
      throw fault("'\\u' needs four hex digits")
    }
    if advancing { index = backslash + 6 }
    return value
  }

  // MARK: Bytes and places

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  private func isWordByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20) || byte == UInt8(ascii: "_")
  }

  /// §2: white space is space, tab, LF and CR, nothing else.
  private mutating func skipWhiteSpace() {
    while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
  }

  /// The character at `index` as a message shows it.
  private var found: String {
    guard index < bytes.count else { return "the end of the file" }
    let scalar = String(decoding: bytes[index...].prefix(4), as: UTF8.self).unicodeScalars.first!
    if scalar == "\0" { return "a NUL byte" }
    if scalar.isASCII, scalar.value >= 0x20, scalar.value < 0x7F { return "'\(scalar)'" }
    return PaddedDigits.codePoint(scalar.value)
  }

  /// `00E9`: a `\u` escape's four digits.
  private func hex4(_ value: UInt32) -> String { PaddedDigits.hex(Int(value), width: 4, uppercase: true) }

  /// "line 3, column 9" for the byte at `offset`. A line ends at LF, CR LF
  /// or a lone CR, as editors count them (and config files here do).
  private func place(of offset: Int) -> String {
    var line = 1, column = 1
    var afterCR = false
    for byte in bytes[start..<offset] where byte & 0xC0 != 0x80 {
      defer { afterCR = byte == 0x0D }
      if byte == 0x0A && afterCR { continue }  // the LF of a CR LF: counted at its CR
      if byte == 0x0A || byte == 0x0D {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return "line \(line), column \(column)"
  }

  private func fault(_ reason: String) -> Fault {
    var location = place(of: index)
    if let key {
      location += " (\(phase.rawValue) \"\(TerminalText.echo(key, limit: 60))\")"
    }
    return Fault(message: "is not valid JSON at \(location): \(reason)")
  }
}
