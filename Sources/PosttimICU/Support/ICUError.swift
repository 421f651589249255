import CICUShim

/// An error status returned by a system ICU call.
///
/// `code` is ICU's `UErrorCode` (> 0 for errors) and `name` its symbolic
/// name, such as `U_ILLEGAL_ARGUMENT_ERROR`. Warnings (< 0) never throw.
public struct ICUError: Error, Equatable, CustomStringConvertible {
  /// The shim function that failed, e.g. `cicu_df_open`.
  public let function: String
  /// ICU's `UErrorCode` value.
  public let code: Int32

  /// - Parameters:
  ///   - function: the ICU function that failed (`udat_open`).
  ///   - code: its `UErrorCode`, as returned in the status argument.
  public init(function: String, code: Int32) {
    self.function = function
    self.code = code
  }

  /// ICU's name for ``code``.
  public var name: String { String(cString: cicu_error_name(code)) }

  public var description: String { "ICU \(function) failed: \(name)" }
}

/// Throws when `status` is an ICU error; warnings count as success, as in
/// ICU's own `U_SUCCESS` macro.
@inline(__always)
func checkICU(_ status: Int32, _ function: String) throws(ICUError) {
  if status > 0 { throw ICUError(function: function, code: status) }
}
