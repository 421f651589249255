import CICUShim

/// A value for a named MessageFormat argument.
public enum MessageArgument: Sendable, Equatable {
  /// Formatted with the locale's digits; selects plural forms.
  case number(Double)
  case string(String)
}

/// ICU MessageFormat (ICU User Guide, "Formatting Messages"): named
/// arguments, `plural` and `select`, numbers in the locale's digits.
///
///     try ICUMessageFormat.format(
///       "{count, plural, one {# tâche} other {# tâches}}",
///       locale: LocaleIdentifier("fr_CA"), arguments: ["count": .number(3)])
///     // "3 tâches"
public enum ICUMessageFormat {
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

  /// Formats `pattern` in `locale`.
  /// - Throws: ``Failure`` for a syntax error or a formatting failure.
  public static func format(
    _ pattern: String, locale: LocaleIdentifier, arguments: [String: MessageArgument]
  ) throws(Failure) -> String {
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
    var errorOffset: Int32 = -1
    var failure: Int32 = 0
    // Keep every argument buffer alive across the C call.
    let result = withPointers(names) { namePointers in
      withOptionalPointers(strings) { stringPointers in
        try? withUTF16Result("MessageFormat::format") { out, capacity, status in
          let length = pattern.withUTF16Buffer { text, textLength in
            cicu_msg_format(
              locale.icuID, text, textLength, Int32(entries.count), namePointers,
              names.map { Int32($0.count) }, numbers, stringPointers,
              strings.map { Int32($0?.count ?? 0) }, out, capacity, &errorOffset, &status)
          }
          failure = status
          return length
        }
      }
    }
    guard let result else {
      throw Failure(
        status: String(cString: cicu_error_name(failure)),
        offset: errorOffset >= 0 ? Int(errorOffset) : nil)
    }
    return result
  }
}

private func withPointers<R>(
  _ arrays: [[UInt16]], _ body: ([UnsafePointer<UInt16>?]) -> R
) -> R {
  let copies = arrays.map { array -> UnsafeMutablePointer<UInt16> in
    let pointer = UnsafeMutablePointer<UInt16>.allocate(capacity: max(array.count, 1))
    pointer.initialize(from: array, count: array.count)
    return pointer
  }
  defer { copies.forEach { $0.deallocate() } }
  return body(copies.map { UnsafePointer($0) })
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
