/// The one entry point all harnesses share. SwiftPM links an executable
/// with `--defsym main=<module>_main`, so libFuzzer's own main() is never
/// pulled in: each harness's `<module>_main` calls this, which hands over
/// to libFuzzer's driver with the harness's test function.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

public func runFuzzer(
  _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32 {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv, test)
}

/// The input as a buffer; libFuzzer may pass a null pointer for size 0.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
  UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
}
