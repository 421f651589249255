/// Opens an ICU object through the shim: one place for the status
/// convention (warnings are success) and for closing a half-opened handle
/// when ICU reports an error.
///
/// - Parameters:
///   - function: the ICU function's name, for the error.
///   - open: calls the shim's `*_open` with a status to fill.
///   - close: the matching `*_close` (given nil-safe handles).
/// - Throws: ``ICUError`` when ICU reports an error or returns no handle.
func openICUHandle(
  _ function: String, open: (inout Int32) -> OpaquePointer?, close: (OpaquePointer?) -> Void
) throws(ICUError) -> OpaquePointer {
  var status: Int32 = 0
  let handle = open(&status)
  guard status <= 0, let handle else {
    close(handle)
    throw ICUError(function: function, code: status > 0 ? status : 1)
  }
  return handle
}
