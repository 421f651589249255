import PosttimTemplating

/// iCalendar content lines (RFC 5545 §3.1) written as UTF-8 bytes into a
/// buffer: TEXT escaped (§3.3.11) and lines folded at 75 octets byte by
/// byte, the way ``ICalendarText`` states the rules. Building each line as a
/// `String` a scalar at a time, then folding it scalar by scalar, was
/// nearly all of a long calendar's time.
struct ICalendarLines {
  private(set) var buffer: TextBuffer
  /// One logical line, escaped, before it is folded into ``buffer``.
  private var line: [UInt8] = []

  init(capacity: Int = 1 << 12) {
    buffer = TextBuffer(capacity: capacity)
    line.reserveCapacity(256)
  }

  /// `name:value`, the value as given (not TEXT, or escaped already).
  mutating func add(_ name: String, _ value: String) {
    begin(name)
    Self.bytes(of: value) { line.append(contentsOf: $0) }
    end()
  }

  /// `name:value`, the value a TEXT value, escaped here.
  mutating func add(_ name: String, text value: String) {
    begin(name)
    Self.bytes(of: value) { Self.appendEscaped($0, to: &line) }
    end()
  }

  /// `name:value`, the value an ISO 8601 UTC text written as a UTC
  /// DATE-TIME (its characters but `-` and `:`).
  mutating func add(_ name: String, dateTimeFromISO iso: String) {
    begin(name)
    Self.bytes(of: iso) { bytes in
      for byte in bytes where byte != UInt8(ascii: "-") && byte != UInt8(ascii: ":") { line.append(byte) }
    }
    end()
  }

  /// A whole content line, unfolded, as given.
  mutating func add(line content: String) {
    line.removeAll(keepingCapacity: true)
    Self.bytes(of: content) { line.append(contentsOf: $0) }
    end()
  }

  private mutating func begin(_ name: String) {
    line.removeAll(keepingCapacity: true)
    Self.bytes(of: name) { line.append(contentsOf: $0) }
    line.append(UInt8(ascii: ":"))
  }

  private mutating func end() {
    line.withUnsafeBufferPointer { Self.fold($0, into: &buffer) }
  }

  private static func bytes(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    text.withUTF8Bytes(body)
  }

  /// `line` folded (§3.1) and ended with CRLF: no physical line holds
  /// more than ``ICalendarText/maximumLineOctets`` octets; a break goes
  /// before a scalar that would pass them, never inside its UTF-8, and the
  /// continuation's leading space counts.
  static func fold(_ line: UnsafeBufferPointer<UInt8>, into buffer: inout TextBuffer) {
    let limit = ICalendarText.maximumLineOctets
    guard line.count > limit else {
      buffer.write(line)
      writeCRLF(into: &buffer)
      return
    }
    var start = 0
    var octets = 0
    var index = 0
    while index < line.count {
      let width = ScalarScan.sequenceLength(line[index])
      if octets + width > limit {
        buffer.write(UnsafeBufferPointer(rebasing: line[start..<index]))
        writeCRLF(into: &buffer)
        buffer.write(byte: UInt8(ascii: " "))
        start = index
        octets = 1
      }
      octets += width
      index += width
    }
    buffer.write(UnsafeBufferPointer(rebasing: line[start...]))
    writeCRLF(into: &buffer)
  }

  private static func writeCRLF(into buffer: inout TextBuffer) {
    buffer.write(byte: 13)
    buffer.write(byte: 10)
  }

  /// Bytes that need more than a copy: the escaped ASCII, the controls
  /// (dropped, but tab), and the leads of U+0080…U+009F (C1 controls, NEL)
  /// and of U+2028 and U+2029.
  private static let special = ASCIISet {
    $0 == 0x5C || $0 == 0x3B || $0 == 0x2C || ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F
  }

  /// The lead bytes (bit `lead - 0xC0`) of the non-ASCII scalars changed:
  /// 0xC2 (U+0080…U+009F) and 0xE2 (U+2028, U+2029).
  private static let specialLeads: UInt64 = 1 << (0xC2 - 0xC0) | 1 << (0xE2 - 0xC0)

  /// ``ICalendarText/escapedText(_:)`` of valid UTF-8 `text`, appended to `out`.
  static func appendEscaped(_ text: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    guard ScalarScan.contains(text, ascii: special, decodedLeads: specialLeads, nonASCII: isSpecial) else {
      out.append(contentsOf: text)
      return
    }
    var afterCR = false
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte < 0x80 {
        index += 1
        defer { afterCR = byte == 13 }
        switch byte {
        case 0x5C, 0x3B, 0x2C: out.append(0x5C); out.append(byte)
        case 13: appendNewline(to: &out)
        case 10: if !afterCR { appendNewline(to: &out) }
        case 0x09: out.append(byte)
        case ..<0x20, 0x7F: continue
        default: out.append(byte)
        }
        continue
      }
      afterCR = false
      let (value, length) = ScalarScan.scalar(in: text, at: index)
      switch value {
      case 0x85, 0x2028, 0x2029: appendNewline(to: &out)
      case 0x80...0x9F: break
      default: out.append(contentsOf: UnsafeBufferPointer(rebasing: text[index..<index + length]))
      }
      index += length
    }
  }

  /// Whether a non-ASCII scalar is changed: a C1 control or NEL, U+2028, U+2029.
  private static func isSpecial(_ value: UInt32) -> Bool {
    (0x80...0x9F).contains(value) || value == 0x2028 || value == 0x2029
  }

  private static func appendNewline(to out: inout [UInt8]) {
    out.append(0x5C)
    out.append(UInt8(ascii: "n"))
  }
}
