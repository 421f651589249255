import CICUShim

/// How deep ICU's MessageFormat recurses on a pattern, found without
/// calling ICU.
///
/// Why: ICU's parser (`MessagePattern::parseMessage` → `parseArg` →
/// `parsePluralOrSelectStyle`/`parseChoiceStyle` → `parseMessage`) and its
/// formatter recurse once per nested `plural`, `select`, `selectordinal` or
/// `choice` argument, with no limit below 32,767: a `--subject` of 6,000
/// nested `select`s overflowed the stack. Every pattern is measured here
/// first and refused past ``limit`` levels (``ICUMessageFormat``).
///
/// This walks the pattern the way `MessagePattern` (ICU 72,
/// messagepattern.cpp, apostrophe mode DOUBLE_OPTIONAL) does, on UTF-16
/// units, keeping only what decides where a nested message starts and ends:
/// quoting, argument syntax, selectors, choice separators. Where ICU would
/// report a syntax error the walk may go on instead; that only ever finds a
/// deeper level than ICU reaches, never a shallower one. The fuzz harness
/// `fuzz-messageformat` checks it against ICU's own parts.
struct MessagePatternNesting {
  /// Nesting levels of arguments allowed: real catalogs nest two or three
  /// (a plural inside a select); ICU needs about 1.4 KB of stack per level,
  /// and a Dispatch worker thread has 512 KB.
  static let limit = 32

  /// The deepest message nesting level ICU reaches (0: no complex
  /// argument), counted up to `limit + 1`; and the UTF-16 offset of the
  /// argument that first goes past `limit`.
  static func depth(of pattern: String, limit: Int = limit) -> (depth: Int, offset: Int?) {
    var walk = MessagePatternNesting(units: Array(pattern.utf16), limit: limit)
    _ = walk.message(from: 0, openingLength: 0, level: 0, parent: .none)
    return (walk.deepest, walk.offsetPastLimit)
  }

  private enum ArgumentType {
    case none, simple, choice, plural, select, selectOrdinal
    /// `#` stands for the number, and `'#` quotes (UMSGPAT_ARG_TYPE_HAS_PLURAL_STYLE).
    var hasPluralStyle: Bool { self == .plural || self == .selectOrdinal }
  }

  private let units: [UInt16]
  private let limit: Int
  private var deepest = 0
  private var offsetPastLimit: Int?

  private init(units: [UInt16], limit: Int) {
    self.units = units
    self.limit = limit
  }

  private var end: Int { units.count }

  private func unit(_ index: Int) -> UInt16 { index < end ? units[index] : 0xFFFF }

  // ASCII code units used below.
  private static let apostrophe: UInt16 = 0x27, open: UInt16 = 0x7B, close: UInt16 = 0x7D
  private static let pipe: UInt16 = 0x7C, pound: UInt16 = 0x23, comma: UInt16 = 0x2C

  /// `parseMessage`: a message from `start` (after its opening brace of
  /// `openingLength`); returns the index after it, or nil where ICU
  /// stops with an error (or the walk passed `limit`).
  private mutating func message(from start: Int, openingLength: Int, level: Int, parent: ArgumentType) -> Int? {
    if level > limit {
      deepest = level
      offsetPastLimit = offsetPastLimit ?? start
      return nil
    }
    deepest = max(deepest, level)
    var index = start + openingLength
    while index < end {
      let c = units[index]
      index += 1
      if c == Self.apostrophe {
        guard index < end else { break }
        let next = units[index]
        if next == Self.apostrophe {
          index += 1  // '' is one apostrophe
        } else if next == Self.open || next == Self.close || (parent == .choice && next == Self.pipe)
          || (parent.hasPluralStyle && next == Self.pound)
        {
          // Quoted literal text, up to the next single apostrophe.
          while true {
            guard let quote = firstApostrophe(from: index + 1) else {
              index = end
              break
            }
            if unit(quote + 1) == Self.apostrophe {
              index = quote + 1
            } else {
              index = quote + 1
              break
            }
          }
        }  // else a literal apostrophe
      } else if c == Self.open {
        guard let after = argument(at: index - 1, level: level) else { return nil }
        index = after
      } else if (level > 0 && c == Self.close) || (parent == .choice && c == Self.pipe) {
        // A choice message leaves its terminator to the choice style.
        return parent == .choice ? index - 1 : index
      }
    }
    // The end of the pattern inside a nested message: unmatched braces.
    return level > 0 ? nil : index
  }

  /// `parseArg`: `{name}`, `{name, type}` or `{name, type, style}` at `start`.
  private mutating func argument(at start: Int, level: Int) -> Int? {
    var index = skipWhiteSpace(start + 1)
    let nameStart = index
    index = skipIdentifier(index)
    guard index > nameStart else { return nil }
    index = skipWhiteSpace(index)
    guard index < end else { return nil }
    if units[index] == Self.close { return index + 1 }
    guard units[index] == Self.comma else { return nil }
    let typeStart = skipWhiteSpace(index + 1)
    var typeEnd = typeStart
    while typeEnd < end, Self.isArgumentTypeCharacter(units[typeEnd]) { typeEnd += 1 }
    let type = argumentType(units[typeStart..<typeEnd])
    index = skipWhiteSpace(typeEnd)
    guard index < end, typeEnd > typeStart else { return nil }
    let c = units[index]
    guard c == Self.comma || c == Self.close else { return nil }
    if c == Self.close { return type == .simple ? index + 1 : nil }
    index += 1
    let styleEnd: Int?
    switch type {
    case .simple, .none: styleEnd = simpleStyle(from: index)
    case .choice: styleEnd = choiceStyle(from: index, level: level)
    case .plural, .select, .selectOrdinal: styleEnd = pluralOrSelectStyle(type, from: index, level: level)
    }
    // Each style stops on the argument's closing brace.
    return styleEnd.map { $0 + 1 }
  }

  /// The type from its name: case-insensitive for the complex ones.
  private func argumentType(_ name: ArraySlice<UInt16>) -> ArgumentType {
    let lowered = String(decoding: name.map { $0 | 0x20 }, as: UTF16.self)
    switch lowered {
    case "choice": return .choice
    case "plural": return .plural
    case "select": return .select
    case "selectordinal": return .selectOrdinal
    default: return .simple
    }
  }

  /// `parseSimpleStyle`: no nested messages, only braces counted and
  /// apostrophes quoting; returns the index of the closing brace.
  private func simpleStyle(from start: Int) -> Int? {
    var index = start
    var nested = 0
    while index < end {
      let c = units[index]
      index += 1
      if c == Self.apostrophe {
        guard let quote = firstApostrophe(from: index) else { return nil }
        index = quote + 1
      } else if c == Self.open {
        nested += 1
      } else if c == Self.close {
        if nested == 0 { return index - 1 }
        nested -= 1
      }
    }
    return nil
  }

  /// `parseChoiceStyle`: `number separator message` triples split by `|`.
  private mutating func choiceStyle(from start: Int, level: Int) -> Int? {
    var index = skipWhiteSpace(start)
    guard index < end, units[index] != Self.close else { return nil }
    while true {
      let numberStart = index
      index = skipDouble(index)
      guard index > numberStart else { return nil }
      index = skipWhiteSpace(index)
      guard index < end else { return nil }
      let separator = units[index]
      // '#', '<' or '≤'.
      guard separator == Self.pound || separator == 0x3C || separator == 0x2264 else { return nil }
      guard let terminator = message(from: index + 1, openingLength: 0, level: level + 1, parent: .choice),
        terminator < end
      else { return nil }
      if units[terminator] == Self.close { return terminator }
      index = skipWhiteSpace(terminator + 1)  // after '|'
    }
  }

  /// `parsePluralOrSelectStyle`: `selector {message}` pairs (plurals also
  /// `=number` selectors and an `offset:`).
  private mutating func pluralOrSelectStyle(_ type: ArgumentType, from start: Int, level: Int) -> Int? {
    var index = start
    while true {
      index = skipWhiteSpace(index)
      guard index < end else { return nil }
      if units[index] == Self.close { return index }
      let selectorStart = index
      if type.hasPluralStyle && units[index] == 0x3D {  // '=' and a number
        index = skipDouble(index + 1)
        guard index - selectorStart > 1 else { return nil }
      } else {
        index = skipIdentifier(index)
        guard index > selectorStart else { return nil }
        if type.hasPluralStyle, index - selectorStart == 6, index < end, units[index] == 0x3A,
          String(decoding: units[selectorStart..<index], as: UTF16.self) == "offset"
        {
          // `offset:value`, no message follows.
          let valueStart = skipWhiteSpace(index + 1)
          index = skipDouble(valueStart)
          guard index > valueStart else { return nil }
          continue
        }
      }
      index = skipWhiteSpace(index)
      guard index < end, units[index] == Self.open else { return nil }
      guard let after = message(from: index, openingLength: 1, level: level + 1, parent: type) else { return nil }
      index = after
    }
  }

  private func firstApostrophe(from start: Int) -> Int? {
    var index = start
    while index < end {
      if units[index] == Self.apostrophe { return index }
      index += 1
    }
    return nil
  }

  /// Pattern_White_Space (UAX #31): what ICU's PatternProps skips.
  private static func isWhiteSpace(_ c: UInt16) -> Bool {
    (0x09...0x0D).contains(c) || c == 0x20 || c == 0x85 || c == 0x200E || c == 0x200F || c == 0x2028
      || c == 0x2029
  }

  private func skipWhiteSpace(_ start: Int) -> Int {
    var index = start
    while index < end, Self.isWhiteSpace(units[index]) { index += 1 }
    return index
  }

  /// ICU's identifier ends at Pattern_Syntax or Pattern_White_Space. Only
  /// ASCII syntax ends one here: where ICU ends a name at a non-ASCII
  /// syntax character, no `,` `}` `{` or `:` follows, so ICU reports an
  /// error there and this walk going on can only find more depth.
  private func skipIdentifier(_ start: Int) -> Int {
    var index = start
    while index < end {
      let c = units[index]
      if Self.isWhiteSpace(c) || Self.isASCIISyntax(c) { break }
      index += 1
    }
    return index
  }

  /// Pattern_Syntax in ASCII: every printable character but letters, digits and `_`.
  private static func isASCIISyntax(_ c: UInt16) -> Bool {
    (0x21...0x2F).contains(c) || (0x3A...0x40).contains(c) || (0x5B...0x5E).contains(c) || c == 0x60
      || (0x7B...0x7E).contains(c)
  }

  private static func isArgumentTypeCharacter(_ c: UInt16) -> Bool {
    (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)
  }

  /// `skipDouble`: digits, `+ - . e E` and `∞`.
  private func skipDouble(_ start: Int) -> Int {
    var index = start
    while index < end {
      let c = units[index]
      if (c < 0x30 && c != 0x2B && c != 0x2D && c != 0x2E) || (c > 0x39 && c != 0x65 && c != 0x45 && c != 0x221E) {
        break
      }
      index += 1
    }
    return index
  }
}

extension MessagePatternNesting {
  /// The same depth as ICU's MessagePattern finds it (its MSG_START parts'
  /// levels), or nil when ICU refuses the pattern: for tests. ICU recurses
  /// on it, so only for patterns ``depth(of:limit:)`` has passed.
  static func depthThroughICU(of pattern: String) -> Int? {
    var status: Int32 = 0
    let depth = pattern.withUTF16Buffer { units, length in cicu_msg_nesting_depth(units, length, &status) }
    return status > 0 ? nil : Int(depth)
  }
}
