import CICUShim
import FoundationEssentials

/// An ICU time zone built from one system TZif file (RFC 8536), such as
/// `/usr/share/zoneinfo/Africa/Cairo`, by `cicu_zone_from_tzif`.
///
/// ICU 72 carries its own tz data (2022e); the system's is newer, and the
/// tool promises dates in the device time zone, whose rules are the
/// system's. Formatters' and calendars' ICU calendars take a copy of this
/// zone (``ICUDateFormatter``, ``DayCalendar``) that shares its built rules
/// (`SharedRuleBasedTimeZone` in CICUTimeZones.cpp); the zone keeps its
/// IANA ID so ICU still finds CLDR names and metazones for it.
///
/// Sendable notes: the ICU zone is complete and never mutated after
/// `init`. Every use (`getOffset`, `getDisplayName`, the copies made by
/// `setTimeZone`) goes through ICU `const` methods of RuleBasedTimeZone,
/// which only read its rule tables, so concurrent use needs no lock.
public final class SystemTimeZone: @unchecked Sendable, ICUFailureReporting {
  let handle: OpaquePointer
  private let failures = ICUFailureRecord()
  /// The IANA ID the zone was loaded as, e.g. `America/Ciudad_Juarez`.
  public let id: String

  /// Converts the bytes of a TZif file.
  ///
  /// - Throws: ``ICUError`` from `cicu_zone_from_tzif` when the bytes are
  ///   not a TZif file that converts exactly (`U_INVALID_FORMAT_ERROR`:
  ///   malformed or truncated; `U_UNSUPPORTED_ERROR`: version 1, leap
  ///   seconds, zero-based day-of-year footer rules); ``SystemTimeZoneData``
  ///   reports the file as unusable.
  public init(id: String, tzif bytes: [UInt8]) throws(ICUError) {
    let handle = try openICUHandle(
      "cicu_zone_from_tzif",
      open: { status in
        id.withUTF16Buffer { text, length in
          bytes.withUnsafeBufferPointer { buffer in
            cicu_zone_from_tzif(text, length, buffer.baseAddress, Int32(clamping: buffer.count), &status)
          }
        }
      }, close: cicu_zone_close)
    self.handle = handle
    self.id = id
  }

  deinit { cicu_zone_close(handle) }

  /// The first ICU error an `offsets(at:)` call met (it then answered 0, 0).
  public var firstFailure: ICUError? { failures.first }

  /// The raw (standard) offset and the DST saving at `date`, in seconds
  /// east of Greenwich; their sum is the UTC offset.
  public func offsets(at date: Date) -> (raw: Int, daylight: Int) {
    var status: Int32 = 0
    var raw: Int32 = 0
    var daylight: Int32 = 0
    let millis = date.icuMillis
    cicu_zone_offset(handle, millis, &raw, &daylight, &status)
    failures.check(status, "TimeZone::getOffset")
    return (Int(raw) / 1000, Int(daylight) / 1000)
  }

  /// The zone's long standard or daylight name in `locale`, from CLDR
  /// (the GMT format, "GMT-06:00", for a zone CLDR does not name).
  public func displayName(in locale: LocaleIdentifier, daylight: Bool = false) -> String? {
    try? withUTF16Result("TimeZone::getDisplayName") { out, capacity, status in
      cicu_zone_display_name(handle, locale.icuID, daylight ? 1 : 0, out, capacity, &status)
    }
  }
}
