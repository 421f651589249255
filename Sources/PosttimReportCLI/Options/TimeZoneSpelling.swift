import Foundation
import PosttimICU

/// `-z` as `TZ` takes it, and forgiving of case: a zone of the tz
/// database (`America/Toronto`, `:America/Toronto`; `america/toronto` when
/// the match is unambiguous), a path as ``TimeZonePath`` reads it
/// (`/usr/share/zoneinfo/Asia/Tokyo`, a copied zone file, a link), an ICU
/// `GMT±hh:mm` ID, or a POSIX TZ string (`JST-9`, `<+03>-3`, `UTC0`,
/// `AEST-10AEDT,M10.1.0,M4.1.0/3`, ``POSIXTZString``).
/// For anything else a zone is suggested: those whose last part is the
/// text (`Montreal`: America/Montreal, a link to America/Toronto), else a
/// near miss. A valid zone is taken as it is, never replaced by another.
enum TimeZoneSpelling {
  /// The zone for `text`, or the ID's own error with a suggestion.
  static func resolve(_ value: String, in data: SystemTimeZoneData) throws -> TimeZoneIdentifier {
    let (text, isPath) = TimeZonePath.body(of: value)
    if isPath {
      guard let zone = try TimeZonePath.zone(text, value: value, in: data) else {
        throw DateEngineError.invalidTimeZone(value)
      }
      return zone
    }
    try refuseAmbiguousOffset(text)
    let unknown: DateEngineError
    do {
      return try TimeZoneIdentifier(text, systemZones: data)
    } catch {
      guard case .invalidTimeZone = error else { throw error }  // a broken zone file
      unknown = error
    }
    // glibc reads a file of the tree by name before a POSIX TZ string (`posixrules`).
    if let zone = try TimeZonePath.treeFile(named: text, value: value, in: data) { return zone }
    if let zone = try TimeZoneIdentifier(posixTZ: text, systemZones: data) { return zone }
    let names = data.names
    let folded = names.names.filter { $0.lowercased() == text.lowercased() }
    if folded.count == 1 { return try TimeZoneIdentifier(folded[0], systemZones: data) }
    guard let hint = suggestion(for: text, in: names) else { throw unknown }
    throw UsageError("\(unknown); did you mean \(hint)?")
  }

  /// The zones whose last part is `text` (spaces read as `_`), each link
  /// with its target; else those whose last part is the closest to it by
  /// spelling (`Torontoo`); else the closest whole name.
  static func suggestion(for text: String, in names: TZDataNames) -> String? {
    let wanted = text.lowercased().replacingOccurrences(of: " ", with: "_")
    func lastPart(_ name: String) -> String { String(name.split(separator: "/").last ?? "").lowercased() }
    var sameCity = names.names.filter { $0.contains("/") && lastPart($0) == wanted }
    if sameCity.isEmpty, !wanted.contains("/") {
      var cities: [String] = []
      var seen: Set<String> = []
      for name in names.names where name.contains("/") && seen.insert(lastPart(name)).inserted {
        cities.append(lastPart(name))
      }
      if let city = Suggestion.closest(to: wanted, in: cities) {
        sameCity = names.names.filter { $0.contains("/") && lastPart($0) == city }
      }
    }
    guard !sameCity.isEmpty else { return Suggestion.closest(to: text, in: names.names).map { "'\($0)'" } }
    var shown: [String] = []
    for name in sameCity.sorted() {
      if let target = names.linkTargets[name] {
        shown.append("'\(name)' (a link to \(target))")
        if !sameCity.contains(target) { shown.append("'\(target)'") }
      } else {
        shown.append("'\(name)'")
      }
    }
    return shown.joined(separator: " or ")
  }

  /// `GMT+5` (also `GMT-0530`) is UTC+5 as an ICU/Java custom ID but UTC−5
  /// as a POSIX TZ string (glibc), so it is refused with both readings named;
  /// so is every POSIX rule named UTC, UT, GMT or Z with an offset that is
  /// not zero (`UTC-5`, `ut+5`, `GMT5`, `UTC-5:30`), in any case: its name
  /// says "an offset from UTC" while POSIX counts west of Greenwich.
  /// `GMT+05:00` (ICU) and `Etc/GMT+5` (tz, west-positive) stay unambiguous,
  /// as do `UTC0` and POSIX rules with other names (`JST-9`, `<+03>-3`).
  static func refuseAmbiguousOffset(_ text: String) throws {
    let upper = text.uppercased()
    guard let name = ["UTC", "GMT", "UT", "Z"].first(where: { upper.hasPrefix($0) }) else { return }
    var rest = Substring(upper.dropFirst(name.count))
    let written = rest.first.flatMap { $0 == "+" || $0 == "-" ? $0 : nil }
    if written != nil { rest = rest.dropFirst() }
    // ICU's custom ID with a colon, `GMT+05:00`, is the form the tool takes as written.
    if name == "GMT", written != nil, rest.contains(":") { return }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 4 else { return }
    let hours = Int(digits.count > 2 ? digits.dropLast(2) : digits) ?? 0
    var minutes = digits.count > 2 ? Int(digits.suffix(2)) ?? 0 : 0
    let after = rest.dropFirst(digits.count)
    if digits.count <= 2, after.first == ":" {
      let more = after.dropFirst().prefix { $0.isASCII && $0.isNumber }
      minutes = Int(more) ?? 0
    }
    guard hours != 0 || minutes != 0 else { return }
    let sign = written ?? "+"
    let west = sign == "+" ? "−" : "+"
    let east = sign == "+" ? "+" : "−"
    let hhmm = String(format: "%02d:%02d", hours, minutes)
    let etc = minutes == 0 ? "'Etc/GMT\(sign)\(hours)' (tz: UTC\(west)\(hhmm)) or " : ""
    let other = name == "GMT" && written != nil ? "ICU as" : "most readers as"
    throw UsageError(
      "time zone \"\(text)\" is ambiguous (POSIX reads it as UTC\(west)\(hhmm), \(other) UTC\(east)\(hhmm)); "
        + "use \(etc)'GMT\(sign)\(hhmm)' (UTC\(east)\(hhmm))")
  }
}
