import Foundation
import PosttimICU

/// `-z america/toronto` is `America/Toronto`: zone IDs are matched
/// case-insensitively against the system tz database's names when the
/// match is unambiguous, and a near miss is suggested.
enum TimeZoneSpelling {
  /// The zone for `text`, or the ID's own error with a suggestion.
  static func resolve(_ text: String, in data: SystemTimeZoneData) throws -> TimeZoneIdentifier {
    try refuseAmbiguousOffset(text)
    do {
      return try TimeZoneIdentifier(text, systemZones: data)
    } catch {
      let names = systemNames(in: data)
      let folded = names.filter { $0.lowercased() == text.lowercased() }
      if folded.count == 1 { return try TimeZoneIdentifier(folded[0], systemZones: data) }
      guard let near = Suggestion.closest(to: text, in: names) else { throw error }
      throw UsageError("\(error); did you mean '\(near)'?")
    }
  }

  /// `GMT+5` (also `GMT-0530`) is UTC+5 as an ICU/Java custom ID but UTC−5
  /// as a POSIX TZ string (glibc), so it is refused with both readings named;
  /// `GMT+05:00` (ICU) and `Etc/GMT+5` (tz, west-positive) stay unambiguous.
  static func refuseAmbiguousOffset(_ text: String) throws {
    guard text.count > 4, text.uppercased().hasPrefix("GMT"),
      let sign = text.dropFirst(3).first, sign == "+" || sign == "-",
      text.dropFirst(4).allSatisfy({ $0.isASCII && $0.isNumber })
    else { return }
    let digits = text.dropFirst(4)
    let hours = Int(digits.count > 2 ? digits.dropLast(2) : digits) ?? 0
    let minutes = digits.count > 2 ? Int(digits.suffix(2)) ?? 0 : 0
    let west = sign == "+" ? "-" : "+"
    let hhmm = String(format: "%02d:%02d", hours, minutes)
    let etc = minutes == 0 ? "'Etc/GMT\(sign)\(hours)' (tz: UTC\(west == "-" ? "−" : "+")\(hhmm)) or " : ""
    throw UsageError(
      "time zone \"\(text)\" is ambiguous (POSIX reads it as UTC\(west == "-" ? "−" : "+")\(hhmm), ICU as UTC\(sign == "+" ? "+" : "−")\(hhmm)); "
        + "use \(etc)'GMT\(sign)\(hhmm)' (UTC\(sign == "+" ? "+" : "−")\(hhmm))")
  }

  /// Zone and link names of `tzdata.zi` (tz's compact source, shipped by
  /// Debian's tzdata), empty when absent.
  static func systemNames(in data: SystemTimeZoneData) -> [String] {
    let path = data.directory + "/tzdata.zi"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: " ")
      switch fields.first {
      case "Z" where fields.count > 1: return String(fields[1])
      case "L" where fields.count > 2: return String(fields[2])
      default: return nil
      }
    }
  }
}
