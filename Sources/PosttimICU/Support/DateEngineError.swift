/// A locale, time zone, skeleton or pattern that the date engine refuses.
///
/// ICU itself accepts almost anything (an unknown locale silently falls
/// back to root, an unknown zone to GMT), so these checks are ours. The CLI
/// maps every case to exit status 64 (EX_USAGE) but
/// ``unusableZoneFile(zone:path:reason:)``, a fault of the system's files
/// (72, EX_OSFILE), ``unfollowableTZ(_:reason:)`` (72 too), and ``unusableZonePath(zone:path:reason:isFileFault:)``
/// when it is a file fault.
public enum DateEngineError: Error, Equatable, CustomStringConvertible {
  /// The text is not a usable ICU locale ID or BCP 47 language tag.
  case invalidLocale(String, reason: String)
  /// The text is not an IANA time zone ID (or a `GMT±hh:mm` custom ID).
  case invalidTimeZone(String)
  /// The text reads as a POSIX TZ string (`JST-9`, `EST5EDT,M3.2.0,M11.1.0`)
  /// that glibc's grammar or this tool refuses, and why.
  case invalidPOSIXTimeZone(String, reason: String)
  /// `TZ` is a POSIX TZ string that glibc reads, but not in a way this
  /// tool can follow exactly (a fault of the environment, 72, as for a
  /// broken zone file): never other times than `date` shows, under a warning.
  case unfollowableTZ(String, reason: String)
  /// The system's tz database has a file for the zone that cannot be used
  /// (empty, truncated, a folder, unreadable): an error, never a silent
  /// fall back to ICU's older copy of the rules.
  case unusableZoneFile(zone: String, path: String, reason: String)
  /// A zone named by a path (``TimeZonePath``) leads to no zone this tool
  /// can use: a link the kernel's `protected_symlinks` rule would not
  /// follow, a file that cannot be read, or (not a file fault, unless
  /// `TZ` named it) a file that is none of the system's zones.
  /// `isFileFault`: 72 (EX_OSFILE) wherever it was named; else a fault of
  /// the value (64, or the config file's or roster's status).
  case unusableZonePath(zone: String, path: String, reason: String, isFileFault: Bool)
  /// The text is not a UTS #35 skeleton.
  case invalidSkeleton(String, reason: String)
  /// The text is not a UTS #35 date pattern.
  case invalidPattern(String, reason: String)
  /// The text is not an ISO 8601 date or date-time.
  case invalidDate(String, reason: String)

  /// One line; the offending text is quoted through
  /// ``TerminalText/echo(_:limit:)``, so no control character reaches a
  /// terminal, and cut at ``echoLimit`` characters, so the reason after it
  /// survives however long the value (a config file's line may be 8 KiB).
  public var description: String {
    switch self {
    case .invalidLocale(let text, let reason):
      return "invalid locale \"\(TerminalText.echo(text, limit: Self.echoLimit))\": \(reason)"
    case .invalidTimeZone(let text):
      return
        "unknown time zone \"\(TerminalText.echo(text, limit: Self.echoLimit))\" (expected an IANA time zone ID such as America/Toronto)"
    case .invalidPOSIXTimeZone(let text, let reason):
      return "invalid POSIX TZ string \"\(TerminalText.echo(text, limit: Self.echoLimit))\": \(reason)"
    case .unfollowableTZ(let text, let reason):
      return
        "TZ=\"\(TerminalText.echo(text, limit: Self.echoLimit))\" is a POSIX TZ string this tool cannot follow as the "
        + "C library does: \(reason); set TZ to a zone such as America/Toronto, \(Self.otherZoneHint)"
    case .unusableZoneFile(let zone, let path, let reason):
      return
        "time zone \"\(TerminalText.echo(zone, limit: Self.echoLimit))\": the system's zone file \(TerminalText.echo(path)) \(reason)"
    case .unusableZonePath(let zone, let path, let reason, _):
      return "time zone \"\(TerminalText.echo(zone, limit: Self.echoLimit))\": \(TerminalText.echo(path)) \(reason)"
    case .invalidSkeleton(let text, let reason):
      return "invalid skeleton \"\(TerminalText.echo(text, limit: Self.echoLimit))\": \(reason)"
    case .invalidPattern(let text, let reason):
      return "invalid pattern \"\(TerminalText.echo(text, limit: Self.echoLimit))\": \(reason)"
    case .invalidDate(let text, let reason):
      return "invalid date \"\(TerminalText.echo(text, limit: Self.echoLimit))\": \(reason)"
    }
  }

  /// A fault of a file rather than of the value naming it (72, EX_OSFILE,
  /// wherever the value came from).
  public var isFileFault: Bool {
    switch self {
    case .unusableZoneFile, .unfollowableTZ: return true
    case .unusableZonePath(_, _, _, let isFileFault): return isFileFault
    default: return false
    }
  }

  /// How ``unfollowableTZ(_:reason:)`` ends; a command line names its option.
  public static let otherZoneHint = "or name the zone another way"

  /// The longest value quoted, in Unicode scalars (as the config file's).
  public static let echoLimit = 80
}
