import CICUShim
import Foundation
import FuzzDriver
import PosttimICU

/// Target (d): MessageFormat patterns, as `--subject`, the config file and
/// catalogs give them. The first byte picks the locale; the rest, read as
/// UTF-8, is the pattern. Contract: `ICUMessageFormat(_:locale:)` and
/// `pluralSelectors(in:)` return or throw `Failure`, and a compiled
/// pattern formats or throws, never trapping or overflowing the stack.
///
/// Differential: `nestingDepth(of:)` (the Swift walk that guards ICU) must
/// be ICU's own depth (the deepest level of MessagePattern's MSG_START
/// parts) for every pattern ICU parses, counted up to one past the limit;
/// a pattern it passes must not be deeper to ICU. ICU is asked only for
/// inputs of at most 8 KB, a few hundred levels at most, which its
/// recursion survives.
let locales = ["en", "fr", "ar", "ja", "ru", "pl", "cy", "he_IL@calendar=hebrew"].map { try! LocaleIdentifier($0) }

let arguments: [String: MessageArgument] = [
  "date": .string("30 novembre"), "count": .number(3), "n": .number(1.5), "a": .string("x"),
  "0": .number(0), "1": .string("one"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = fuzzInput(data, size)
  guard let selector = input.first, input.count <= 8192 else { return 0 }
  let pattern = String(decoding: input.dropFirst(), as: UTF8.self)
  let locale = locales[Int(selector) % locales.count]

  let measured = ICUMessageFormat.nestingDepth(of: pattern)
  var status: Int32 = 0
  let icu =
    pattern.utf16.withContiguousStorageIfAvailable { units in
      cicu_msg_nesting_depth(units.baseAddress, Int32(units.count), &status)
    }
    ?? Array(pattern.utf16).withUnsafeBufferPointer { units in
      cicu_msg_nesting_depth(units.baseAddress, Int32(units.count), &status)
    }
  let limit = ICUMessageFormat.maximumNesting
  if status <= 0, measured != min(Int(icu), limit + 1) {
    fatalError("nesting: measured \(measured), ICU \(icu) for \(pattern.debugDescription)")
  }

  do {
    let message = try ICUMessageFormat(pattern, locale: locale)
    if status <= 0, icu > limit { fatalError("a pattern \(icu) levels deep reached ICU: \(pattern.debugDescription)") }
    _ = try? message.format(arguments)
  } catch {
    if status <= 0, icu <= limit, error.status.hasPrefix("arguments nested") {
      fatalError("a valid pattern \(icu) levels deep was refused: \(pattern.debugDescription)")
    }
    _ = error.description
  }
  _ = try? ICUMessageFormat.pluralSelectors(in: pattern)
  return 0
}

@_cdecl("fuzz_messageformat_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, fuzz)
}
