import FoundationEssentials
import Glibc
import CICUShim

/// A validated time zone: an IANA time zone ID from ICU's zone data
/// (`America/Toronto`, `UTC`, `EST5EDT`), a custom `GMT±hh:mm` ID, an
/// ID that only the system tz database has (`America/Ciudad_Juarez`, added
/// in tz 2022g, after ICU 72's 2022e), or a POSIX TZ string with daylight
/// saving rules (`AEST-10AEDT,M10.1.0,M4.1.0/3`, see `POSIXRuleZone`).
///
/// ICU silently treats an unknown ID as GMT, so the check is ours
/// (`ucal_getCanonicalTimeZoneID`, then ``SystemTimeZoneData``).
public struct TimeZoneIdentifier: Hashable, Sendable, CustomStringConvertible {
  /// The ID as given (for display and messages), e.g. `US/Eastern`.
  public let id: String
  /// ICU's canonical ID, e.g. `America/New_York`; the ID itself for a zone
  /// ICU does not know.
  public let canonicalID: String
  /// The tz database the zone's rules come from (``SystemTimeZoneData``):
  /// calendars and formatters opened with this zone use its TZif file
  /// when it has one, else ICU's own zone.
  public let systemZones: SystemTimeZoneData

  /// The same ID read from the same tz database folder.
  public static func == (a: TimeZoneIdentifier, b: TimeZoneIdentifier) -> Bool {
    a.id == b.id && a.systemZones.directory == b.systemZones.directory
  }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(systemZones.directory)
  }

  /// The zone's rules from the system tz database, or nil where ICU's own
  /// zone is used.
  public var systemZone: SystemTimeZone? { systemZones.zone(for: id) }

  /// UTC, which needs no validation (and must not fail when `TZDIR`
  /// names a folder without a `UTC` file).
  public static let utc = TimeZoneIdentifier(trusted: "UTC", systemZones: .shared)

  /// UTC with its rules from `systemZones`.
  public static func utc(in systemZones: SystemTimeZoneData) -> TimeZoneIdentifier {
    TimeZoneIdentifier(trusted: "UTC", systemZones: systemZones)
  }

  private init(trusted id: String, systemZones: SystemTimeZoneData) {
    self.id = id
    self.canonicalID = id
    self.systemZones = systemZones
  }

  /// Validates an IANA time zone ID against ICU's zone data and the tz
  /// database in `systemZones` (by default the process's: `TZDIR`, else
  /// `/usr/share/zoneinfo`).
  ///
  /// - Throws: ``DateEngineError/invalidTimeZone(_:)`` for an ID that is
  ///   neither in ICU's zone data, nor a `GMT±hh:mm` custom ID, nor a
  ///   system TZif file that converts to an ICU zone;
  ///   ``DateEngineError/unusableZoneFile(zone:path:reason:)`` when the
  ///   system has a file for the zone that cannot be used (ICU's rules
  ///   are only for zones the system does not have).
  public init(_ id: String, systemZones: SystemTimeZoneData = .shared) throws(DateEngineError) {
    self.systemZones = systemZones
    guard Self.isZoneName(id, in: systemZones) else { throw .invalidTimeZone(id) }
    var isSystemID: Int8 = 0
    let canonical = try? withUTF16Result("ucal_getCanonicalTimeZoneID") { out, capacity, status in
      id.withUTF16Buffer { text, length in
        cicu_tz_canonical_id(text, length, out, capacity, &isSystemID, &status)
      }
    }
    if let canonical, !id.isEmpty, isSystemID != 0 {
      _ = try systemZones.checkedZone(for: id)
      self.id = id
      self.canonicalID = canonical
    } else if let canonical, !id.isEmpty, id.hasPrefix("GMT"), canonical.hasPrefix("GMT") {
      self.id = id  // a custom offset: no file
      self.canonicalID = canonical
    } else {
      switch systemZones.lookup(id) {
      case .zone:
        self.id = id
        self.canonicalID = id
      case .missing:
        throw .invalidTimeZone(id)
      case .unusable(let path, let reason, let isZoneFault):
        // A name ICU does not know is a zone when tzdata.zi lists it or
        // its file is a TZif file cut short or not trusted; otherwise it is
        // a file of the folder that is no zone (iso3166.tab), a folder
        // (America), or a zone this tool cannot follow (right/…, with leap
        // seconds).
        guard isZoneFault || systemZones.names.contains(id) else { throw .invalidTimeZone(id) }
        throw .unusableZoneFile(zone: id, path: path, reason: reason)
      case .unusableFolder(let reason):
        throw systemZones.folderError(zone: id, reason: reason)
      }
    }
  }

  public var description: String { id }

  /// Files in the zone folder that are not zones, and ICU's legacy
  /// three-letter aliases (`BST` is Dhaka to ICU, British Summer Time to a
  /// reader), are not accepted as IDs: a name without a `/` must be a zone
  /// the system's tz database has (`UTC`, `EST5EDT`, `Japan`…), or `GMT…`.
  /// `Factory` is a zone (offset 0, as glibc reads it).
  static func isZoneName(_ id: String, in data: SystemTimeZoneData) -> Bool {
    if ["posixrules", "localtime", "leapseconds", "tzdata.zi", "zone.tab", "zone1970.tab"].contains(id) {
      return false
    }
    guard !id.contains("/"), !id.hasPrefix("GMT"), !POSIXRuleZone.isRuleString(id) else { return true }
    var status = stat()
    guard stat(data.directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR
    else { return true }  // no system tz database: ICU's list decides
    return FileManager.default.fileExists(atPath: data.directory + "/" + id)
  }

  /// The zone's localized name ("heure normale de l’Est"), standard or
  /// daylight, in `locale`.
  public func displayName(in locale: LocaleIdentifier, daylight: Bool = false) -> String {
    if let zone = systemZone,
      let name = zone.displayName(in: locale, daylight: daylight)
    {
      return name
    }
    return
      (try? withUTF16Result("ucal_getTimeZoneDisplayName") { out, capacity, status in
        id.withUTF16Buffer { text, length in
          cicu_tz_display_name(text, length, locale.icuID, daylight ? 1 : 0, out, capacity, &status)
        }
      }) ?? id
  }
}
