import CICUShim

/// ICU's U_BUFFER_OVERFLOW_ERROR: the result did not fit; retry bigger.
/// The number comes from the shim, which checks it against ICU's header.
let bufferOverflowError = Int32(CICU_BUFFER_OVERFLOW_ERROR)

/// Calls an ICU function that writes UTF-16 into a caller buffer, retrying
/// once with the length ICU reports (ICU's preflighting convention).
///
/// - Returns: the result as a Swift `String`.
/// - Throws: ``ICUError`` when ICU reports an error other than overflow.
func withUTF16Result(
  _ function: String, capacity: Int = 128,
  _ body: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32
) throws(ICUError) -> String {
  var status: Int32 = 0
  var needed = 0
  let result: String? = withUnsafeTemporaryAllocation(
    of: UInt16.self, capacity: capacity
  ) { buffer in
    let length = body(buffer.baseAddress!, Int32(capacity), &status)
    needed = Int(length)
    if status == bufferOverflowError || status > 0 || needed > capacity { return nil }
    return UTF16Transcoding.string(
      NativeUTF16Units(UnsafeBufferPointer(rebasing: buffer[..<max(0, needed)])), repairing: true)
  }
  if let result { return result }
  guard status == bufferOverflowError || (status <= 0 && needed > capacity) else {
    throw ICUError(function: function, code: status)
  }
  // Second try with the exact size ICU asked for (+1 for its terminator).
  let size = needed + 1
  var retryStatus: Int32 = 0
  let text = [UInt16](unsafeUninitializedCapacity: size) { buffer, count in
    count = min(max(Int(body(buffer.baseAddress!, Int32(size), &retryStatus)), 0), size)
  }
  try checkICU(retryStatus, function)
  return text.withUnsafeBufferPointer { units in
    UTF16Transcoding.string(NativeUTF16Units(units), repairing: true)!
  }
}

/// The same convention for functions writing ASCII `char` output (locale
/// IDs); ICU never needs more than a few hundred bytes there.
func withASCIIResult(
  _ function: String,
  _ body: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32
) throws(ICUError) -> String {
  var status: Int32 = 0
  let capacity = 512
  let result: String? = withUnsafeTemporaryAllocation(
    of: CChar.self, capacity: capacity
  ) { buffer in
    let length = body(buffer.baseAddress!, Int32(capacity - 1), &status)
    if status > 0 || length >= Int32(capacity) { return nil }
    buffer[Int(length)] = 0
    return String(cString: buffer.baseAddress!)
  }
  guard let result else {
    throw ICUError(function: function, code: status > 0 ? status : bufferOverflowError)
  }
  return result
}

extension String {
  /// Calls `body` with the string's UTF-16 code units and their count.
  func withUTF16Buffer<R>(
    _ body: (UnsafePointer<UInt16>, Int32) throws -> R
  ) rethrows -> R {
    let units = Array(self.utf16)
    return try units.withUnsafeBufferPointer { buffer in
      // An empty array may have a nil base address; ICU wants a pointer.
      var empty: UInt16 = 0
      if let base = buffer.baseAddress { return try body(base, Int32(buffer.count)) }
      return try body(&empty, 0)
    }
  }
}

/// Calls an ICU function that writes UTF-8 into a caller buffer; nil when
/// the result does not fit the stack buffer or ICU fails (callers then
/// take the UTF-16 path).
@inline(__always)
func withSmallUTF8Result(
  _ body: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32
) -> String? {
  withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
    var status: Int32 = 0
    let length = Int(body(buffer.baseAddress!, 512, &status))
    guard status <= 0, length <= 512 else { return nil }
    return buffer.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
  }
}
