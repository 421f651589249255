import Foundation
import FuzzDriver
import PosttimICU

/// Target (c): ISO8601.parse on the bytes read as UTF-8. It must return a
/// value or throw DateEngineError; the round trip through utcString must
/// not trap for any value it returns.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
  do {
    switch try ISO8601.parse(text) {
    case .instant(let date):
      precondition(date.timeIntervalSince1970.isFinite)
      _ = ISO8601.utcString(date)
    case .day(let day):
      _ = day.iso8601
    case .localDateTime(let day, let hour, let minute, let second):
      precondition(hour < 24 && minute < 60 && second < 60)
      _ = day.iso8601
    }
  } catch {
    _ = "\(error)"
  }
  return 0
}

@_cdecl("fuzz_iso8601_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, fuzz)
}
