import PosttimICU

/// An ISO 8601 value given to a date-time option (`--now`): a value it
/// refuses is named with the option, since in a cron line or a wrapper's
/// `--now "$(…)"` the text alone does not say where it came from.
enum DateTimeOptionValue {
  /// `text` parsed as ISO 8601.
  /// - Parameter expected: what `--option` accepts, said instead of
  ///   ISO 8601's general shape when `text` is not shaped as a date.
  /// - Throws: ``UsageError`` naming `--option`, the text and the reason.
  static func parse(_ text: String, option: String, expected: String = ISO8601.expectedShape) throws
    -> ISO8601.Value
  {
    do {
      return try ISO8601.parse(text)
    } catch {
      guard case .invalidDate(_, let reason) = error else { throw error }
      let said = reason == ISO8601.expectedShape ? expected : reason
      throw UsageError("--\(option): \(DateEngineError.invalidDate(text, reason: said))")
    }
  }
}
