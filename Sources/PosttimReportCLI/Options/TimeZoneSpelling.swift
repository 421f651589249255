import FoundationEssentials
import PosttimICU

/// `-z` as `TZ` takes it, and forgiving of case: a zone of the tz
/// database (`America/Toronto`, `:America/Toronto`; `america/toronto` when
/// the match is unambiguous), a path as ``TimeZonePath`` reads it
/// (`/usr/share/zoneinfo/Asia/Tokyo`, a copied zone file, a link), a POSIX
/// TZ string (`JST-9`, `<+03>-3`, `UTC0`, `AEST-10AEDT,M10.1.0,M4.1.0/3`,
/// ``POSIXTZString``), or, beyond what `TZ` takes, an ISO 8601 offset
/// alone (`+05:00`, `-0330`, `+14`: east of Greenwich positive; `Z`: UTC).
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
    if let zone = try isoOffset(text, in: data) { return zone }
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
    let wanted = text.lowercased().replacingLiteral(" ", with: "_")
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

  /// `GMT+5` and `GMT+05:00` (also `GMT-0530`) are UTC+5 as ICU/Java
  /// custom IDs but UTC−5 as POSIX TZ strings (glibc: `TZ=GMT+05:00`), so
  /// they are refused with both readings named; so is every POSIX rule
  /// named UTC, UT, GMT or Z with an offset that is not zero (`UTC-5`,
  /// `ut+5`, `GMT5`, `UTC-5:30`), in any case: its name says "an offset
  /// from UTC" while POSIX counts west of Greenwich. The message names the
  /// ISO 8601 offsets, which mean one thing; `Etc/GMT+5` (tz, west-positive),
  /// `UTC0` and POSIX rules with other names (`JST-9`, `<+03>-3`) stay.
  static func refuseAmbiguousOffset(_ text: String) throws {
    let upper = text.uppercased()
    guard let name = ["UTC", "GMT", "UT", "Z"].first(where: { upper.hasPrefix($0) }) else { return }
    var rest = Substring(upper.dropFirst(name.count))
    let written = rest.first.flatMap { $0 == "+" || $0 == "-" ? $0 : nil }
    if written != nil { rest = rest.dropFirst() }
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
    let opposite: Character = sign == "+" ? "-" : "+"
    let west = sign == "+" ? "−" : "+"
    let east = sign == "+" ? "+" : "−"
    let hhmm = PaddedDigits.decimal(hours, width: 2) + ":" + PaddedDigits.decimal(minutes, width: 2)
    let other = name == "GMT" && written != nil ? "ICU as" : "most readers as"
    throw UsageError(
      "time zone \"\(text)\" is ambiguous (POSIX reads it as UTC\(west)\(hhmm), \(other) UTC\(east)\(hhmm)); "
        + "write the offset in ISO 8601, east of Greenwich positive: '\(sign)\(hhmm)' for UTC\(east)\(hhmm), "
        + "'\(opposite)\(hhmm)' for UTC\(west)\(hhmm)")
  }

  /// An ISO 8601 offset alone, `±hh:mm`, `±hhmm` or `±hh` up to ±23:59,
  /// as a fixed zone (UTC for a zero offset); nil for text that does not
  /// start with a sign and a digit (no zone name does).
  /// - Throws: a usage error for one that is malformed or out of range.
  static func isoOffset(_ text: String, in data: SystemTimeZoneData) throws -> TimeZoneIdentifier? {
    if text == "Z" || text == "z" { return .utc(in: data) }
    let bytes = Array(text.utf8)
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[1])
    else { return nil }
    let body = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let parts: [Substring]
    switch body.count {
    case 2: parts = [Substring(body)]
    case 4: parts = [body.prefix(2), body.suffix(2)]
    case 5 where body.dropFirst(2).first == ":": parts = [body.prefix(2), body.suffix(2)]
    default: parts = []
    }
    let numbers = parts.compactMap { $0.allSatisfy(\.isASCII) ? Int($0) : nil }
    guard !parts.isEmpty, numbers.count == parts.count, numbers[0] <= 23, numbers.count == 1 || numbers[1] <= 59 else {
      throw UsageError(
        "time zone \"\(TerminalText.echo(text, limit: DateEngineError.echoLimit))\" is not an ISO 8601 offset "
          + "(±hh:mm, ±hhmm or ±hh, up to ±23:59)")
    }
    let minutes = numbers.count > 1 ? numbers[1] : 0
    guard numbers[0] != 0 || minutes != 0 else { return .utc(in: data) }
    return try TimeZoneIdentifier(
      "GMT" + (bytes[0] == UInt8(ascii: "+") ? "+" : "-") + PaddedDigits.decimal(numbers[0], width: 2) + ":"
        + PaddedDigits.decimal(minutes, width: 2),
      systemZones: data)
  }
}
