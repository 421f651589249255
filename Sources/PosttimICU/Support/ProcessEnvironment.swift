#if canImport(Glibc)
  import Glibc
#endif

/// The process's environment variables, read from `environ`.
///
/// `ProcessInfo.processInfo.environment` gives the same dictionary, but
/// it first builds FoundationEssentials' process-information object,
/// a fifth of a millisecond of every start.
public enum ProcessEnvironment {
  /// The variables of `environ(7)`, as ``variables(from:)`` reads them.
  public static func variables() -> [String: String] {
    variables(from: environ)
  }

  /// Each `NAME=value` entry of the NULL-ended `entries` as
  /// `[NAME: value]`, bytes that are not UTF-8 repaired with U+FFFD, as
  /// `ProcessInfo.environment` gives them (callers refuse such values
  /// themselves, by `getenv`). An entry without `=` is left out; of two
  /// entries with one name, the first is kept, the one `getenv(3)` returns.
  public static func variables(from entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
    var variables: [String: String] = [:]
    var entry = entries
    while let text = entry.pointee {
      entry += 1
      let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
      guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let name = String(decoding: bytes[..<equals], as: UTF8.self)
      guard variables[name] == nil else { continue }
      variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
    }
    return variables
  }
}
