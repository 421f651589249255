import Foundation
import PosttimReport

/// Target (a): TaskListDecoder on arbitrary bytes. The contract: it returns
/// tasks or throws TaskListError; anything else (a trap, a stack overflow,
/// an ASan report) is a finding. `throws(TaskListError)` makes any other
/// error type impossible at compile time, so only crashes and hangs remain.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Data(bytes: data, count: size)
  do {
    let tasks = try TaskListDecoder().decode(bytes, file: "fuzz")
    // Touch what a writer would read.
    for task in tasks {
      precondition((1...9).contains(task.importance), "importance out of range")
      precondition(task.date.timeIntervalSince1970.isFinite, "non-finite date")
      _ = task.title.utf8.count + task.details.utf8.count
    }
  } catch {
    _ = error.description
  }
  return 0
}

// SwiftPM links an executable with `--defsym main=fuzz_decoder_main`, so libFuzzer's own
// main() is never pulled in: this entry point hands over to its driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@_cdecl("fuzz_decoder_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  var argc = argc
  var argv = argv
  return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    let empty: UInt8 = 0
    return withUnsafePointer(to: empty) { fuzz(data ?? $0, size) }
  }
}
