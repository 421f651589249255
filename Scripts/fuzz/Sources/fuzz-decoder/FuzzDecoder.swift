import Foundation
import FuzzDriver
import PosttimReport
import PosttimTestOracles

/// Target (a): TaskListDecoder on arbitrary bytes. The contract: it returns
/// tasks or throws TaskListError; anything else (a trap, a stack overflow,
/// an ASan report) is a finding. `throws(TaskListError)` makes any other
/// error type impossible at compile time, so only crashes and hangs remain.
/// Differential: the result must equal expat's alone (`ExpatTaskListDecoder`),
/// tasks for tasks and message for message, so the fast XML scanner in
/// front of expat never reads a document otherwise.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Data(fuzzInput(data, size))
  let decoder = TaskListDecoder()
  let fast = Result { () throws(TaskListError) in try decoder.decode(bytes, file: "fuzz") }
  let reference = Result { () throws(TaskListError) in try ExpatTaskListDecoder().decode(bytes, file: "fuzz") }
  switch (fast, reference) {
  case (.success(let a), .success(let b)):
    // By their dump when `==` fails: a NaN <real> (kept in extraFields)
    // is not equal to itself, though both readers read the same bits.
    precondition(a == b || String(reflecting: a) == String(reflecting: b), "the scanner and expat read different tasks")
  case (.failure(let a), .failure(let b)): precondition(a.description == b.description, "different errors")
  default: preconditionFailure("the scanner and expat disagree on whether the input is a task list")
  }
  do {
    let tasks = try fast.get()
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

@_cdecl("fuzz_decoder_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, fuzz)
}
