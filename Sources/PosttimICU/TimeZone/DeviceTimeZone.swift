import FoundationEssentials
import Glibc

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
  /// `:America/Toronto`, `:/usr/share/zoneinfo/America/Toronto`, a copy
  /// of a zone file or a link to one (``TimeZonePath``), POSIX
  /// names ICU knows such as `EST5EDT`, a POSIX TZ string such as
  /// `<-03>3`, `JST-9`, `GMT+5` or `AEST-10AEDT,M10.1.0,M4.1.0/3` — read
  /// as glibc does, west-positive, so `GMT+5` is UTC−5), else the
  /// `/etc/localtime` link, else `/etc/timezone`, else UTC. An empty `TZ`
  /// means UTC, as in POSIX.
  ///
  /// - Parameter root: prefix for the `/etc` files (tests use a temp dir).
  /// Zones are read from the tz database the environment names (`TZDIR`).
  /// - Throws: ``DateEngineError/unusableZoneFile(zone:path:reason:)`` when
  ///   the zone's system file is there but cannot be used: the run stops
  ///   rather than show times by ICU's older rules;
  ///   ``DateEngineError/unfollowableTZ(_:reason:)`` for a POSIX TZ string
  ///   glibc reads in a way this tool cannot follow (`AAA3BBB`, `XXX-25`).
  public static func resolve(
    environment: [String: String], root: String = ""
  ) throws(DateEngineError) -> Resolution {
    let data = SystemTimeZoneData.named(by: environment)
    // UTC's own file, when there is one, must be usable too (checked only
    // when UTC is the answer: converting it costs a run that needs another).
    func utc() throws(DateEngineError) -> TimeZoneIdentifier {
      _ = try data.checkedZone(for: "UTC")
      return TimeZoneIdentifier.utc(in: data)
    }
    if let tz = environment["TZ"] {
      if tz.isEmpty || tz == ":" { return Resolution(zone: try utc(), source: "TZ", warning: nil) }
      if let zone = try zone(fromTZ: tz, data) { return Resolution(zone: zone, source: "TZ", warning: nil) }
      // Neither a zone nor shaped like a POSIX TZ string: glibc uses UTC too.
      return Resolution(
        zone: try utc(), source: "TZ",
        warning:
          "TZ=\"\(TerminalText.echo(tz, limit: DateEngineError.echoLimit))\" is not a time zone this tool knows; using UTC (as the C library does)"
      )
    }
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: root + "/etc/localtime"),
      let zone = try zone(fromLinkText: target, data)
    {
      return Resolution(zone: zone, source: "/etc/localtime", warning: nil)
    }
    // Non-blocking, regular files only: a FIFO there is not waited on.
    if let bytes = ZoneFileContents.head(root + "/etc/timezone", count: 256),
      let zone = try known(String(decoding: bytes, as: UTF8.self).trimmingWhitespaceAndNewlines(), data)
    {
      return Resolution(zone: zone, source: "/etc/timezone", warning: nil)
    }
    return Resolution(zone: try utc(), source: "default", warning: nil)
  }

  /// The zone `TZ` names, nil for none this tool knows (glibc then uses UTC). glibc reads a zone
  /// file of that name first, else a POSIX TZ string; a POSIX offset
  /// without daylight saving is read first here, because ICU would take
  /// `GMT+5` as its custom ID for UTC+5 (no file has that name, so glibc
  /// never reads it as one).
  ///
  /// A path is read by ``TimeZonePath``; a file there that is none of the
  /// system's zones is a file fault here (72): `TZ` is the environment's.
  static func zone(fromTZ value: String, _ data: SystemTimeZoneData) throws(DateEngineError) -> TimeZoneIdentifier? {
    let (body, isPath) = TimeZonePath.body(of: value)
    // A file that is no zone this tool can use is the environment's fault here.
    func fileFault(_ error: DateEngineError) -> DateEngineError {
      guard case .unusableZonePath(let zone, let path, let reason, _) = error else { return error }
      return .unusableZonePath(zone: zone, path: path, reason: reason, isFileFault: true)
    }
    func pathZone(_ path: String) throws(DateEngineError) -> TimeZoneIdentifier? {
      do {
        return try TimeZonePath.zone(path, value: value, in: data)
      } catch {
        throw fileFault(error)
      }
    }
    if isPath { return try pathZone(body) }
    // A string glibc reads as POSIX, which this tool refuses or cannot
    // convert exactly, stops the run: UTC would be other times than `date`'s.
    func posixZone() throws(DateEngineError) -> TimeZoneIdentifier? {
      do {
        return try TimeZoneIdentifier(posixTZ: body, systemZones: data)
      } catch {
        guard case .invalidPOSIXTimeZone(_, let reason) = error else { throw error }
        throw .unfollowableTZ(value, reason: reason)
      }
    }
    if case .valid(let fixed) = POSIXTZString.read(body), fixed.daylight == nil { return try posixZone() }
    if let zone = try known(body, data) { return zone }
    do {
      if let zone = try TimeZonePath.treeFile(named: body, value: value, in: data) { return zone }
    } catch {
      throw fileFault(error)
    }
    // glibc reads a relative name as the file TZDIR/NAME: `//`, `.` and `..`
    // are path components (`America//Toronto`). No file there (a TZDIR that
    // is no folder included): a POSIX TZ string, else UTC, as in glibc.
    if !SystemTimeZoneData.isSafeID(body), data.folderFault == nil,
      let zone = try pathZone(data.directory + "/" + body)
    {
      return zone
    }
    return try posixZone()
  }

  /// The `/etc/localtime` link's text, `…/zoneinfo/America/Toronto` →
  /// `America/Toronto` (Debian's form), read in the database `TZDIR` names.
  static func zone(fromLinkText path: String, _ data: SystemTimeZoneData) throws(DateEngineError) -> TimeZoneIdentifier?
  {
    guard let range = path.ranges(of: "zoneinfo/").last else { return nil }
    var id = String(path[range.upperBound...])
    if id.hasPrefix("posix/") { id.removeFirst("posix/".count) }
    if let plain = TimeZonePath.leapSecondZone(id) {
      throw .unusableZonePath(
        zone: path, path: path, reason: TimeZonePath.leapSecondsReason(plainID: plain), isFileFault: true)
    }
    return try known(id, data)
  }

  /// The zone named `id`, nil for an unknown name; a broken zone file throws.
  static func known(_ id: String, _ data: SystemTimeZoneData) throws(DateEngineError) -> TimeZoneIdentifier? {
    do {
      return try TimeZoneIdentifier(id, systemZones: data)
    } catch {
      if error.isFileFault { throw error }  // a broken zone file, or a TZDIR that is no folder
      return nil
    }
  }
}
