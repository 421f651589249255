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
    /// ICU's status name, e.g. `U_PATTERN_SYNTAX_ERROR`.
    public let status: String
    /// The 0-based offset of a syntax error in the pattern, when known.
    public let offset: Int?
    public var description: String {
      offset.map { "\(status) at offset \($0)" } ?? status
    }
  }

  private let handle: OpaquePointer
  private let lock = Mutex(())
  /// The ICU MessageFormat pattern text, as given.
  public let pattern: String

  /// Compiles `pattern` for `locale`.
  /// - Throws: ``Failure`` for a syntax error, with its offset.
  public init(_ pattern: String, locale: LocaleIdentifier) throws(Failure) {
    var status: Int32 = 0
    var offset: Int32 = -1
    let handle = pattern.withUTF16Buffer { text, length in
      cicu_msg_open(locale.icuID, text, length, &offset, &status)
    }
    guard status <= 0, let handle else {
      throw Failure(status: String(cString: cicu_error_name(status)), offset: offset >= 0 ? Int(offset) : nil)
    }
    self.handle = handle
    self.pattern = pattern
  }

  deinit { cicu_msg_close(handle) }

  /// Formats the message with named arguments.
  /// - Throws: ``Failure`` when ICU cannot format (e.g. a string given
  ///   where the pattern wants a number).
  public func format(_ arguments: [String: MessageArgument]) throws(Failure) -> String {
    let entries = arguments.sorted { $0.key < $1.key }
    let names = entries.map { Array($0.key.utf16) }
    let strings: [[UInt16]?] = entries.map {
      if case .string(let text) = $0.value { return Array(text.utf16) }
      return nil
    }
    let numbers: [Double] = entries.map {
      if case .number(let value) = $0.value { return value }
      return 0
    }
    var failure: Int32 = 0
    // Keep every argument buffer alive across the C call.
    let result = withPointers(names) { namePointers in
      withOptionalPointers(strings) { stringPointers in
        lock.withLock { _ in
          try? withUTF16Result("MessageFormat::format") { out, capacity, status in
            let length = cicu_msg_format(
              handle, Int32(entries.count), namePointers, names.map { Int32($0.count) }, numbers,
              stringPointers, strings.map { Int32($0?.count ?? 0) }, out, capacity, &status)
            failure = status
            return length
          }
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

private func withPointers<R>(
  _ arrays: [[UInt16]], _ body: ([UnsafePointer<UInt16>?]) -> R
) -> R {
  withOptionalPointers(arrays.map { Optional($0) }, body)
}

private func withOptionalPointers<R>(
  _ arrays: [[UInt16]?], _ body: ([UnsafePointer<UInt16>?]) -> R
) -> R {
  let copies = arrays.map { array -> UnsafeMutablePointer<UInt16>? in
    guard let array else { return nil }
    let pointer = UnsafeMutablePointer<UInt16>.allocate(capacity: max(array.count, 1))
    pointer.initialize(from: array, count: array.count)
    return pointer
  }
  defer { copies.forEach { $0?.deallocate() } }
  return body(copies.map { $0.map { UnsafePointer($0) } })
}
