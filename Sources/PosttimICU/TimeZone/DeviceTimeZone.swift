import Foundation

/// Resolves the device time zone as the C library does, since Foundation's
/// `TimeZone.current` falls back to UTC silently for `TZ=:Europe/Paris`.
public enum DeviceTimeZone {
  /// The outcome: the zone, where it came from, and a warning for stderr
  /// when the environment named a zone we could not use.
  public struct Resolution: Sendable, Equatable {
    /// The IANA time zone ID to use.
    public let zone: TimeZoneIdentifier
    /// `TZ`, `/etc/localtime`, `/etc/timezone` or `default`.
    public let source: String
    /// Why the zone fell back, for the user (nil when the device's zone was used).
    public let warning: String?
  }

  /// Resolves the device zone: `TZ` in its forms (`America/Toronto`,
  /// `:America/Toronto`, `:/usr/share/zoneinfo/America/Toronto`, POSIX
  /// names ICU knows such as `EST5EDT`, a plain POSIX offset such as
  /// `<-03>3`, `JST-9` or `GMT+5` — read as glibc does, west-positive, so
  /// `GMT+5` is UTC−5), else the `/etc/localtime` link, else
  /// `/etc/timezone`, else UTC. An empty `TZ` means UTC, as in POSIX.
  ///
  /// - Parameter root: prefix for the `/etc` files (tests use a temp dir).
  /// Zones are read from the tz database the environment names (`TZDIR`).
  public static func resolve(
    environment: [String: String], root: String = ""
  ) -> Resolution {
    let data = SystemTimeZoneData.named(by: environment)
    let utc = TimeZoneIdentifier.utc(in: data)
    if let tz = environment["TZ"] {
      if tz.isEmpty || tz == ":" { return Resolution(zone: utc, source: "TZ", warning: nil) }
      if let zone = zone(fromTZ: tz, data) { return Resolution(zone: zone, source: "TZ", warning: nil) }
      return Resolution(
        zone: utc, source: "TZ",
        warning: "TZ=\"\(tz)\" is not a time zone this tool knows; using UTC (as the C library does)")
    }
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/etc/localtime"),
      let zone = zone(fromPath: target, data)
    {
      return Resolution(zone: zone, source: "/etc/localtime", warning: nil)
    }
    if let text = try? String(contentsOfFile: root + "/etc/timezone", encoding: .utf8),
      let zone = try? TimeZoneIdentifier(text.trimmingCharacters(in: .whitespacesAndNewlines), systemZones: data)
    {
      return Resolution(zone: zone, source: "/etc/timezone", warning: nil)
    }
    return Resolution(zone: utc, source: "default", warning: nil)
  }

  static func zone(fromTZ value: String, _ data: SystemTimeZoneData) -> TimeZoneIdentifier? {
    let body = value.hasPrefix(":") ? String(value.dropFirst()) : value
    if body.hasPrefix("/") { return zone(fromPath: body, data) }
    // The POSIX reading first: glibc reads `GMT+5` as UTC−5, where ICU's
    // custom ID `GMT+5` is UTC+5.
    if let zone = posixOffsetZone(body, data) { return zone }
    return try? TimeZoneIdentifier(body, systemZones: data)
  }

  /// `…/zoneinfo/America/Toronto` → `America/Toronto`.
  static func zone(fromPath path: String, _ data: SystemTimeZoneData) -> TimeZoneIdentifier? {
    guard let range = path.range(of: "zoneinfo/", options: .backwards) else { return nil }
    var id = String(path[range.upperBound...])
    for prefix in ["posix/", "right/"] where id.hasPrefix(prefix) { id.removeFirst(prefix.count) }
    return try? TimeZoneIdentifier(id, systemZones: data)
  }

  /// A POSIX TZ string without DST rules (`JST-9`, `<-03>3`, `UTC0`) as a
  /// fixed `GMT±hh:mm` zone. POSIX offsets are west-positive, so `JST-9`
  /// is GMT+09:00. Strings with DST rules are refused rather than guessed.
  static func posixOffsetZone(_ text: String, _ data: SystemTimeZoneData) -> TimeZoneIdentifier? {
    var rest = Substring(text)
    if rest.hasPrefix("<") {
      guard let close = rest.firstIndex(of: ">") else { return nil }
      rest = rest[rest.index(after: close)...]
    } else {
      let name = rest.prefix(while: { $0.isLetter })
      guard name.count >= 3 else { return nil }
      rest = rest.dropFirst(name.count)
    }
    var sign = 1
    if rest.first == "+" || rest.first == "-" {
      sign = rest.first == "-" ? -1 : 1
      rest = rest.dropFirst()
    }
    let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let hours = Int(parts[0]), hours <= 24
    else { return nil }
    let minutes = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    // East of Greenwich is negative in POSIX.
    let east = -sign
    let id = String(format: "GMT%@%02d:%02d", east < 0 ? "-" : "+", hours, minutes)
    if hours == 0 && minutes == 0 { return .utc(in: data) }
    return try? TimeZoneIdentifier(id, systemZones: data)
  }
}
