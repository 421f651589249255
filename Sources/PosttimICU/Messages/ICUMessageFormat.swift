import CICUShim
import Synchronization

/// A value for a named MessageFormat argument.
public enum MessageArgument: Sendable, Equatable {
  /// Formatted with the locale's digits; selects plural forms.
  case number(Double)
  /// A `{name}` argument replaced by this text.
  case string(String)
}

/// A compiled ICU MessageFormat message (ICU User Guide, "Formatting
/// Messages"): named arguments, `plural` and `select`, numbers in the
/// locale's digits. Compile once, format many times.
///
///     let message = try ICUMessageFormat(
///       "{count, plural, one {# tâche} other {# tâches}}", locale: LocaleIdentifier("fr_CA"))
///     try message.format(["count": .number(3)])  // "3 tâches"
///
/// Sendable notes: the compiled C++ MessageFormat is only used under `lock`.
public final class ICUMessageFormat: @unchecked Sendable {
  /// A message ICU could not parse or format.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// What went wrong: a parse error in words ("unmatched braces"), else
    /// ICU's status name (`U_INVALID_FORMAT_ERROR`).
    public let status: String
    /// The 0-based offset (UTF-16) of a syntax error in the pattern, when known.
    public let offset: Int?
    /// True for a parse error ICU gives no place for.
    var unplaced = false
    public var description: String {
      if unplaced { return "\(status) (ICU does not say where)" }
      return offset.map { "\(status) at offset \($0)" } ?? status
    }
  }

  private let handle: OpaquePointer
  private let lock = Mutex(())
  /// The ICU MessageFormat pattern text, as given.
  public let pattern: String

  /// Compiles `pattern` for `locale`.
  /// - Throws: ``Failure`` for a syntax error, with its offset, and for
  ///   arguments nested more than ``maximumNesting`` levels deep.
  public init(_ pattern: String, locale: LocaleIdentifier) throws(Failure) {
    try Self.checkNesting(pattern)
    var status: Int32 = 0
    var offset: Int32 = -1
    let handle = pattern.withUTF16Buffer { text, length in
      cicu_msg_open(locale.icuID, text, length, &offset, &status)
    }
    guard status <= 0, let handle else {
      throw Failure(parsing: status, offset: offset)
    }
    self.handle = handle
    self.pattern = pattern
  }

  deinit { cicu_msg_close(handle) }

  /// How deep `plural`, `select`, `selectordinal` and `choice` arguments
  /// may nest inside each other (``MessagePatternNesting``).
  public static let maximumNesting = MessagePatternNesting.limit

  /// How deep `plural`, `select`, `selectordinal` and `choice` arguments
  /// nest in `pattern`, as ICU's parser would recurse into them (0 for
  /// none), counted up to one past ``maximumNesting``. Found without
  /// calling ICU (``MessagePatternNesting``).
  public static func nestingDepth(of pattern: String) -> Int {
    MessagePatternNesting.depth(of: pattern).depth
  }

  /// Refuses a pattern ICU would recurse into past ``maximumNesting``
  /// levels, before ICU sees it (its parser and formatter recurse once per
  /// level, and a few thousand overflow the stack).
  /// - Throws: ``Failure`` with the offset of the first argument too deep.
  static func checkNesting(_ pattern: String) throws(Failure) {
    let (depth, offset) = MessagePatternNesting.depth(of: pattern)
    guard depth <= maximumNesting else {
      throw Failure(status: "arguments nested more than \(maximumNesting) levels deep", offset: offset)
    }
  }

  /// Formats the message with named arguments.
  /// - Throws: ``Failure`` when ICU cannot format (e.g. a string given
  ///   where the pattern wants a number).
  public func format(_ arguments: [String: MessageArgument]) throws(Failure) -> String {
    // Every name and string value in one UTF-16 buffer, pointed into for
    // the C call: one allocation, not three arrays and a copy per argument
    // (the wrapper cost twice ICU's own formatting, a task detail's
    // "entry 17 444" being formatted once per task). ICU looks named
    // arguments up by name, so their order does not matter.
    var units: [UInt16] = []
    // Offsets into `units`; a number argument has no text (-1). Plain Int
    // arrays: an array of ranges is a type the runtime builds on first use.
    var nameStarts: [Int] = [], nameLengths: [Int32] = []
    var textStarts: [Int] = [], textLengths: [Int32] = []
    var numbers: [Double] = []
    for (name, value) in arguments {
      let nameStart = units.count
      units.append(contentsOf: name.utf16)
      nameStarts.append(nameStart)
      nameLengths.append(Int32(units.count - nameStart))
      switch value {
      case .string(let text):
        let textStart = units.count
        units.append(contentsOf: text.utf16)
        textStarts.append(textStart)
        textLengths.append(Int32(units.count - textStart))
        numbers.append(0)
      case .number(let number):
        textStarts.append(-1)
        textLengths.append(0)
        numbers.append(number)
      }
    }
    units.append(0)  // never empty, so the buffer has an address even when every name and text is ""
    var failure: Int32 = 0
    let result = units.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      let names = nameStarts.map { Optional(base + $0) }
      let strings = textStarts.map { $0 < 0 ? nil : Optional(base + $0) }
      return lock.withLock { _ in
        try? withUTF16Result("MessageFormat::format") { out, capacity, status in
          let length = cicu_msg_format(
            handle, Int32(names.count), names, nameLengths, numbers, strings, textLengths, out, capacity, &status)
          failure = status
          return length
        }
      }
    }
    guard let result else { throw Failure(status: String(cString: cicu_error_name(failure)), offset: nil) }
    return result
  }

  /// Compiles and formats in one call (for one-off messages).
  public static func format(
    _ pattern: String, locale: LocaleIdentifier, arguments: [String: MessageArgument]
  ) throws(Failure) -> String {
    try ICUMessageFormat(pattern, locale: locale).format(arguments)
  }
}
