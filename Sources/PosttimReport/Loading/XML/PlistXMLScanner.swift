import FoundationEssentials
import Glibc

/// A fast, strict reader for the XML that property list writers produce,
/// in front of expat: it hands ``XMLPlistReader`` the same element and
/// character events expat would, and gives up at the first thing outside a
/// narrow subset, so the caller reads the document again with expat.
///
/// The subset (what Apple's writer, Post'TIM and Python's plistlib write):
/// UTF-8 (an optional byte order mark); an optional XML declaration of one
/// of a few exact forms; an optional Apple PropertyList-1.0 DOCTYPE,
/// exactly; elements with known names and no attributes but
/// `<plist version="1.0">`; character data of XML characters with the five
/// predefined entities and character references; LF line ends.
///
/// Gives up (returns `false`) on anything else: comments, processing
/// instructions, CDATA sections, CR, a raw `>` in text, unknown names or
/// attributes, malformed or non-character UTF-8, an undefined entity, a
/// mismatched tag, trailing content, and on any event the reader refuses.
/// So every error message, line number and encoding rule stays expat's:
/// this reader only ever says "read, and here are the tasks" for documents
/// expat reads to the same tasks (checked by the differential test).
enum PlistXMLScanner {
  typealias Element = XMLPlistReader.Element

  /// Feeds the whole document in `bytes` to `reader`; true when it was read
  /// to its end in the subset and the reader took every event. On false,
  /// `reader` is spent: read the document again, with expat, into a new one.
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, into reader: XMLPlistReader) -> Bool {
    guard let base = bytes.baseAddress else { return false }
    var cursor = Cursor(base: base, count: bytes.count)
    return scan(&cursor, into: reader)
  }

  /// The same for the bytes of `range` in the file open at `descriptor`,
  /// read with `pread` through a window of `window` bytes, so the file is
  /// never held whole and parts of one file can be read at once. False
  /// also when a read fails (expat's reading reports it).
  ///
  /// A part of a document starts with the elements `open` already open
  /// (none: it starts the document, prolog included) and must end with
  /// exactly `openAtEnd` open (none: it ends the document); the caller
  /// gives `reader` the start and end events of the elements outside it.
  static func scan(
    descriptor: Int32, range: Range<Int>, open: [Element] = [], openAtEnd: [Element] = [],
    window: Int = 1 << 20, into reader: XMLPlistReader
  ) -> Bool {
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: window)
    defer { buffer.deallocate() }
    var offset = range.lowerBound
    var cursor = Cursor(window: buffer, capacity: window) { free, capacity in
      while true {
        let count = pread(descriptor, free, min(capacity, range.upperBound - offset), off_t(offset))
        if count < 0, errno == EINTR { continue }
        if count > 0 { offset += count }
        return count
      }
    }
    return scan(&cursor, open: open, openAtEnd: openAtEnd, into: reader)
  }

  /// Bytes a window holds ahead of the position before each step: every
  /// tag the subset has fits; a longer one makes the scanner give up.
  static let lookahead = 512

  private static func scan(
    _ scanner: inout Cursor, open initiallyOpen: [Element] = [], openAtEnd: [Element] = [],
    into reader: XMLPlistReader
  ) -> Bool {
    scanner.ensure(2 * lookahead)
    if initiallyOpen.isEmpty { guard scanner.prolog() else { return false } }
    var open = initiallyOpen
    while true {
      scanner.ensure(lookahead)
      guard scanner.index < scanner.count else { break }
      if scanner.byte(0) != lessThan {
        if !reader.isInText, scanner.skipSpacing() { continue }
        // nil: the window ends inside the text; refill and go on with it.
        guard scanner.characterData(into: reader) != false else { return false }
        continue
      }
      if scanner.byte(1) == slash {
        scanner.index += 2
        guard let tag = scanner.tag(attributes: false), tag.end == .open, open.popLast() == tag.element else {
          return false
        }
        reader.end(tag.element)
        guard !reader.hasFailed else { return false }
        if open.isEmpty { break }
        continue
      }
      scanner.index += 1
      guard let tag = scanner.tag(attributes: true) else { return false }
      let element = tag.element
      switch tag.end {
      case .open:
        reader.start(element)
        // A value's text and end tag in one step, when plain: the same
        // events as the loop's steps, without a pass of it for each.
        if !reader.hasFailed, reader.isInText, scanner.plainValue(element, into: reader) { break }
        open.append(element)
      case .empty:
        reader.start(element)
        reader.end(element)
      }
      guard !reader.hasFailed else { return false }
      if open.isEmpty { break }
    }
    if !openAtEnd.isEmpty {
      // A part that stops inside the document: all read, nothing else open.
      return open == openAtEnd && scanner.index == scanner.count && scanner.atEnd && !scanner.readFailed
        && !reader.hasFailed
    }
    // Only whitespace may follow, to the end of the file.
    while true {
      scanner.skipWhitespace()
      if scanner.index < scanner.count || scanner.atEnd { break }
      scanner.ensure(1)
    }
    return open.isEmpty && scanner.index == scanner.count && scanner.atEnd && !scanner.readFailed
      && reader.isComplete
  }

  static let lessThan = UInt8(ascii: "<"), slash = UInt8(ascii: "/"), greaterThan = UInt8(ascii: ">")
  static let ampersand = UInt8(ascii: "&")
  static let versionAttribute = Array(" version=\"1.0\"".utf8)
  /// The declarations accepted as they are; any other goes to expat.
  static let declarations = [
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
    "<?xml version=\"1.0\"?>", "<?xml version='1.0' encoding='UTF-8'?>",
  ].map { Array($0.utf8) }
  static let doctype = Array(
    "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">".utf8)
  /// The element whose name's UTF-8 bytes, read as a little-endian word, are `word`.
  /// Constants, not a table built from ``XMLPlistReader/Element/name``: a
  /// table lookup cost half again as much as the whole name scan (a test
  /// checks every name against them).
  static func element(named word: UInt64) -> Element? {
    switch word {
    case 0x79656b: return .key  // "key"
    case 0x676e69727473: return .string  // "string"
    case 0x65746164: return .date  // "date"
    case 0x74636964: return .dict  // "dict"
    case 0x72656765746e69: return .integer  // "integer"
    case 0x7961727261: return .array  // "array"
    case 0x7473696c70: return .plist  // "plist"
    case 0x6c616572: return .real  // "real"
    case 0x61746164: return .data  // "data"
    case 0x65757274: return .yes  // "true"
    case 0x65736c6166: return .no  // "false"
    default: return nil
    }
  }

  /// The UTF-8 bytes of `element`'s name as a little-endian word, as
  /// ``element(named:)`` reads them (a test checks that each names its element).
  static func word(naming element: Element) -> UInt64 {
    switch element {
    case .key: return 0x79656b
    case .string: return 0x676e69727473
    case .date: return 0x65746164
    case .dict: return 0x74636964
    case .integer: return 0x72656765746e69
    case .array: return 0x7961727261
    case .plist: return 0x7473696c70
    case .real: return 0x6c616572
    case .data: return 0x61746164
    case .yes: return 0x65757274
    case .no: return 0x65736c6166
    }
  }

  /// Whether any of the eight bytes in `word` stops a plain ASCII run:
  /// `<`, `>`, `&`, a control character or a byte from 0x80 (SWAR, "Bit
  /// Twiddling Hacks": a byte is zero iff its high bit survives
  /// `(x - 0x01…) & ~x & 0x80…`).
  @inline(__always)
  static func stopsPlainRun(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
    if word & highs != 0 { return true }
    if (word &- ones &* 0x20) & ~word & highs != 0 { return true }  // a byte below 0x20
    return hasZeroByte(word ^ (ones &* UInt64(lessThan))) || hasZeroByte(word ^ (ones &* UInt64(greaterThan)))
      || hasZeroByte(word ^ (ones &* UInt64(ampersand)))
  }

  /// The high bit of each byte of `word` that ``stopsPlainRun(_:)`` stops
  /// at, and only there, so the lowest set bit finds the first of them.
  @inline(__always)
  static func runStops(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    // Below 0x20: the low seven bits plus 0x60 stay under 0x80 (at most
    // 0xDF, so nothing carries into the next byte); from 0x80: the high bit.
    let controls = ~((word & low7) &+ ones &* 0x60) & highs
    return (word & highs) | controls | zeroBytes(word ^ (ones &* UInt64(lessThan)))
      | zeroBytes(word ^ (ones &* UInt64(greaterThan))) | zeroBytes(word ^ (ones &* UInt64(ampersand)))
  }

  /// `x` with the high bit set in each byte that is zero, and only there
  /// (exact, unlike the borrow trick of ``stopsPlainRun(_:)``, so the
  /// lowest set bit finds the first zero byte).
  @inline(__always)
  static func zeroBytes(_ x: UInt64) -> UInt64 {
    let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    return ~(((x & low7) &+ low7) | x | low7)
  }

  enum TagEnd { case open, empty }

  /// A position in the document (whole, or a window onto it that
  /// `refill` tops up) and the scanning steps.
  struct Cursor {
    let base: UnsafePointer<UInt8>
    /// Bytes of the document in `base`.
    var count: Int
    var index = 0
    /// Whether `count` reaches the end of the document.
    var atEnd: Bool
    /// Whether a read failed (the document then counts as ended).
    var readFailed = false
    private let window: UnsafeMutablePointer<UInt8>?
    private let capacity: Int
    private let refill: ((UnsafeMutablePointer<UInt8>, Int) -> Int)?

    /// The whole document.
    init(base: UnsafePointer<UInt8>, count: Int) {
      self.base = base
      self.count = count
      self.atEnd = true
      self.window = nil
      self.capacity = count
      self.refill = nil
    }

    /// A window of `capacity` bytes that `refill(free, room)` fills: it
    /// returns the bytes read, 0 at the end, or -1 on an error.
    init(
      window: UnsafeMutablePointer<UInt8>, capacity: Int,
      refill: @escaping (UnsafeMutablePointer<UInt8>, Int) -> Int
    ) {
      self.base = UnsafePointer(window)
      self.count = 0
      self.atEnd = false
      self.window = window
      self.capacity = capacity
      self.refill = refill
    }

    /// Makes at least `wanted` bytes available after the position, or all
    /// that are left: moves what is unread to the window's start and reads.
    @inline(__always)
    mutating func ensure(_ wanted: Int) {
      if atEnd || count - index >= wanted { return }
      topUp()
    }

    /// ``ensure(_:)``'s reading, out of line: inlined, the closure was
    /// retained and released on every step of the scan, read or not.
    @inline(never)
    private mutating func topUp() {
      guard let window, let refill else { return }
      let unread = count - index
      if index > 0 {
        window.update(from: window + index, count: unread)
        count = unread
        index = 0
      }
      while count < capacity {
        let read = refill(window + count, capacity - count)
        if read <= 0 {
          atEnd = true
          readFailed = read < 0
          return
        }
        count += read
      }
    }

    /// The byte `offset` after the position, or 0 past the end.
    func byte(_ offset: Int) -> UInt8 { index + offset < count ? base[index + offset] : 0 }

    /// Steps over `literal` if the document continues with it.
    mutating func skip(_ literal: [UInt8]) -> Bool {
      guard count - index >= literal.count else { return false }
      for (offset, byte) in literal.enumerated() where base[index + offset] != byte { return false }
      index += literal.count
      return true
    }

    /// Space, tab and LF (a CR stops: expat would normalize it).
    mutating func skipWhitespace() {
      while index < count, base[index] == 0x20 || base[index] == 0x09 || base[index] == 0x0A { index += 1 }
    }

    /// Byte order mark, declaration, DOCTYPE and the whitespace between.
    mutating func prolog() -> Bool {
      _ = skip([0xEF, 0xBB, 0xBF])
      for declaration in PlistXMLScanner.declarations where skip(declaration) { break }
      skipWhitespace()
      if skip(PlistXMLScanner.doctype) { skipWhitespace() }
      return byte(0) == PlistXMLScanner.lessThan && byte(1) != UInt8(ascii: "!") && byte(1) != UInt8(ascii: "?")
    }

    /// A tag's known name and how it ends, after its `<` or `</`: `name>`
    /// (most tags) read as one word up to the `>`; anything else by
    /// ``name()`` and ``tagEnd()``, with `<plist>`'s version attribute when
    /// `attributes`. Nil for anything outside the subset.
    mutating func tag(attributes: Bool) -> (element: Element, end: TagEnd)? {
      if index + 8 <= count {
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let ends = PlistXMLScanner.zeroBytes(word ^ (0x0101_0101_0101_0101 &* UInt64(PlistXMLScanner.greaterThan)))
        let length = ends.trailingZeroBitCount / 8  // 8: no `>` in the word
        // The bytes before the `>` are a name only if no `/` or space is
        // among them; one ending in NUL would read as the name without it,
        // and is left to the steps below, which refuse it.
        if length > 0, length < 8, base[index + length - 1] != 0,
          let element = PlistXMLScanner.element(named: word & (UInt64.max >> UInt64(64 - 8 * length)))
        {
          index += length + 1
          return (element, .open)
        }
      }
      guard let element = name() else { return nil }
      if attributes, element == .plist { _ = skip(PlistXMLScanner.versionAttribute) }
      guard let end = tagEnd() else { return nil }
      return (element, end)
    }

    /// A known element name, ended by `>`, `/` or a space (not consumed).
    mutating func name() -> Element? {
      // The name's bytes as one little-endian word (every name has at most
      // seven): one comparison per tag. A NUL would add nothing to the
      // word, so a name ending in one is no name.
      if index + 8 <= count {
        // Eight bytes at once: the name ends at the first `>`, `/` or space.
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let stops =
          PlistXMLScanner.zeroBytes(word ^ (ones &* UInt64(PlistXMLScanner.greaterThan)))
          | PlistXMLScanner.zeroBytes(word ^ (ones &* UInt64(PlistXMLScanner.slash)))
          | PlistXMLScanner.zeroBytes(word ^ (ones &* 0x20))
        let length = stops.trailingZeroBitCount / 8  // 8: no end in sight, too long
        guard length > 0, length < 8, base[index + length - 1] != 0,
          let element = PlistXMLScanner.element(named: word & (UInt64.max >> UInt64(64 - 8 * length)))
        else { return nil }
        index += length
        return element
      }
      var word: UInt64 = 0
      var length = 0
      while index + length < count {
        let byte = base[index + length]
        if byte == PlistXMLScanner.greaterThan || byte == PlistXMLScanner.slash || byte == 0x20 { break }
        guard length < 7 else { return nil }
        word |= UInt64(byte) << UInt64(8 * length)
        length += 1
      }
      guard length > 0, base[index + length - 1] != 0, let element = PlistXMLScanner.element(named: word) else {
        return nil
      }
      index += length
      return element
    }

    /// `>` (after optional spaces) or `/>`; nil for anything else.
    mutating func tagEnd() -> TagEnd? {
      while byte(0) == 0x20 { index += 1 }
      if byte(0) == PlistXMLScanner.greaterThan {
        index += 1
        return .open
      }
      if byte(0) == PlistXMLScanner.slash, byte(1) == PlistXMLScanner.greaterThan {
        index += 2
        return .empty
      }
      return nil
    }

    /// Indentation between elements (most text outside a value): white
    /// space up to a `<`, which the reader would ignore, is skipped. False,
    /// with the position unchanged, when anything else comes first or the
    /// window ends (``characterData(into:)`` then reads it).
    mutating func skipSpacing() -> Bool {
      let limit = atEnd ? count : count - 16
      // Tab, LF and space as bits of a word: one test a byte, not three.
      // Byte by byte: indentation is two to four bytes, less than a word.
      let spacing: UInt64 = 1 << 0x09 | 1 << 0x0A | 1 << 0x20
      var end = index
      while end < limit, base[end] <= 0x20, spacing & 1 << UInt64(base[end]) != 0 { end += 1 }
      guard end < limit, base[end] == PlistXMLScanner.lessThan else { return false }
      index = end
      return true
    }

    /// Text up to the next `<`, handed to `reader` in runs with entities
    /// decoded; false at anything outside the subset, nil when the window
    /// ends first (it stops short of the window's last bytes, so that no
    /// character or reference is ever cut).
    mutating func characterData(into reader: XMLPlistReader) -> Bool? {
      let limit = atEnd ? count : count - 16
      var run = index
      while index < limit {
        let byte = base[index]
        if byte >= 0x20 && byte < 0x80 {
          if byte == PlistXMLScanner.lessThan { break }
          if byte == PlistXMLScanner.greaterThan { return false }  // maybe "]]>": expat decides
          if byte == PlistXMLScanner.ampersand {
            if index > run { reader.characters(base + run, index - run) }
            guard let scalar = reference() else { return false }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { encoded in
              var length = 0
              UTF8.encode(scalar) {
                encoded[length] = $0
                length += 1
              }
              reader.characters(encoded.baseAddress!, length)
            }
            run = index
            continue
          }
          index += 1
          // Then eight plain bytes at a time, while there are.
          while index + 8 <= limit,
            !PlistXMLScanner.stopsPlainRun(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
          {
            index += 8
          }
        } else if byte == 0x09 || byte == 0x0A {
          index += 1
        } else if byte >= 0x80 {
          guard let length = Self.characterLength(base + index, count - index) else { return false }
          index += length
        } else {
          return false  // CR (normalized by expat) or a control character
        }
      }
      if index > run { reader.characters(base + run, index - run) }
      if reader.hasFailed { return false }
      return index < limit || atEnd ? true : nil
    }

    /// The text of the value `element` just opened and its end tag, when
    /// the text is plain (XML characters, no reference, tab and LF the only
    /// controls: what ``characterData(into:)`` hands over as one run), it
    /// ends inside the window and exactly `</name>` follows: given to
    /// `reader` as that run and that end tag, and the position moves past
    /// them. False, with the position unchanged and nothing given, for
    /// anything else: the general steps then read the same bytes.
    mutating func plainValue(_ element: Element, into reader: XMLPlistReader) -> Bool {
      let limit = atEnd ? count : count - 16
      var end = index
      while true {
        // Eight bytes at a time, then straight to the first that stops the run.
        var stops: UInt64 = 0
        while end + 8 <= limit {
          stops = PlistXMLScanner.runStops(UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self))
          if stops != 0 { break }
          end += 8
        }
        if stops != 0 { end += stops.trailingZeroBitCount / 8 }
        guard end < limit else { return false }
        let byte = base[end]
        if byte >= 0x20 && byte < 0x80 {
          if byte == PlistXMLScanner.lessThan { break }
          guard byte != PlistXMLScanner.greaterThan, byte != PlistXMLScanner.ampersand else { return false }
          end += 1
        } else if byte == 0x09 || byte == 0x0A {
          end += 1
        } else if byte >= 0x80, let length = Self.characterLength(base + end, count - end) {
          end += length
        } else {
          return false
        }
      }
      // `</`, the name and `>`: at most ten bytes, read as two and a word.
      let name = PlistXMLScanner.word(naming: element)
      let length = (64 - name.leadingZeroBitCount + 7) / 8  // 3…7: with `>`, at most a word
      guard count - end >= 10, base[end + 1] == PlistXMLScanner.slash else { return false }
      let tag = UnsafeRawPointer(base + end + 2).loadUnaligned(as: UInt64.self)
      let mask = length == 7 ? UInt64.max : (1 << UInt64(8 * length + 8)) - 1
      guard tag & mask == name | UInt64(PlistXMLScanner.greaterThan) << UInt64(8 * length) else { return false }
      reader.value(element, base + index, end - index)
      index = end + 2 + length + 1
      return true
    }

    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;`, `&#N;` or `&#xH;` naming an
    /// XML character; the position moves past it. Nil for anything else.
    mutating func reference() -> Unicode.Scalar? {
      // The five entities by their second byte, then compared whole (a
      // loop over a table of them retained and released every entry).
      func entity(_ literal: StaticString, _ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        let length = literal.utf8CodeUnitCount
        guard count - index >= length, memcmp(base + index, literal.utf8Start, length) == 0 else { return nil }
        index += length
        return scalar
      }
      switch byte(1) {
      case UInt8(ascii: "l"): return entity("&lt;", "<")
      case UInt8(ascii: "g"): return entity("&gt;", ">")
      case UInt8(ascii: "a"): return byte(2) == UInt8(ascii: "m") ? entity("&amp;", "&") : entity("&apos;", "'")
      case UInt8(ascii: "q"): return entity("&quot;", "\"")
      default: break
      }
      guard byte(1) == UInt8(ascii: "#") else { return nil }
      let hex = byte(2) == UInt8(ascii: "x")
      var offset = hex ? 3 : 2
      var value: UInt32 = 0
      while offset < 12, let digit = Self.digit(byte(offset), hex: hex) {
        value = value * (hex ? 16 : 10) + digit
        // Past U+10FFFF it is no character: expat decides (and the next
        // digit could overflow UInt32: nine hex digits did, a trap).
        guard value <= 0x10FFFF else { return nil }
        offset += 1
      }
      let digits = offset - (hex ? 3 : 2)
      guard digits > 0, byte(offset) == UInt8(ascii: ";"), Self.isXMLCharacter(value),
        let scalar = Unicode.Scalar(value)
      else { return nil }
      index += offset + 1
      return scalar
    }

    static func digit(_ byte: UInt8, hex: Bool) -> UInt32? {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - UInt8(ascii: "A") + 10)
      default: return nil
      }
    }

    /// XML 1.0 `Char` (§2.2): tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
      value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
        || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
    }

    /// The length of the well-formed UTF-8 sequence at `bytes` encoding an
    /// XML character from U+0080 (RFC 3629 §4: no overlong form, no
    /// surrogate, nothing past U+10FFFF); nil for anything else.
    @inline(__always)  // called for every non-ASCII character of a list's text
    static func characterLength(_ bytes: UnsafePointer<UInt8>, _ available: Int) -> Int? {
      let lead = bytes[0]
      // Two bytes (U+0080…U+07FF, most accented letters): a lead from 0xC2
      // cannot be overlong, and every such scalar is an XML character.
      if lead >= 0xC2 && lead <= 0xDF {
        return available > 1 && bytes[1] & 0xC0 == 0x80 ? 2 : nil
      }
      func continuation(_ offset: Int) -> UInt32? {
        guard offset < available, bytes[offset] & 0xC0 == 0x80 else { return nil }
        return UInt32(bytes[offset] & 0x3F)
      }
      let length: Int
      var value: UInt32
      switch lead {
      case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
      case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
      default: return nil
      }
      for offset in 1..<length {
        guard let bits = continuation(offset) else { return nil }
        value = value << 6 | bits
      }
      let smallest: UInt32 = length == 3 ? 0x800 : 0x10000
      guard value >= smallest, isXMLCharacter(value) else { return nil }
      return length
    }
  }
}
