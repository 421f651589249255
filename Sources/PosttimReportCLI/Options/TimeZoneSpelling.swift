import Foundation
import PosttimICU

/// `-z america/toronto` is `America/Toronto`: zone IDs are matched
/// case-insensitively against the system tz database's names when the
/// match is unambiguous, and a near miss is suggested.
enum TimeZoneSpelling {
  /// The zone for `text`, or the ID's own error with a suggestion.
  static func resolve(_ text: String, in data: SystemTimeZoneData) throws -> TimeZoneIdentifier {
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
