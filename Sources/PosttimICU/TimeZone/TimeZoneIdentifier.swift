import CICUShim

/// A validated time zone: an IANA time zone ID from ICU's zone data
/// (`America/Toronto`, `UTC`, `EST5EDT`) or a custom `GMT±hh:mm` ID.
///
/// ICU silently treats an unknown ID as GMT, so the check is ours
/// (`ucal_getCanonicalTimeZoneID`).
public struct TimeZoneIdentifier: Hashable, Sendable, CustomStringConvertible {
  /// The ID as given (for display and messages), e.g. `US/Eastern`.
  public let id: String
  /// ICU's canonical ID, e.g. `America/New_York`.
  public let canonicalID: String

  public static let utc = try! TimeZoneIdentifier("UTC")

  /// Validates an IANA time zone ID.
  ///
  /// - Throws: ``DateEngineError/invalidTimeZone(_:)`` for an ID that is
  ///   neither in ICU's zone data nor a `GMT±hh:mm` custom ID.
  public init(_ id: String) throws(DateEngineError) {
    var isSystemID: Int8 = 0
    let canonical = try? withUTF16Result("ucal_getCanonicalTimeZoneID") { out, capacity, status in
      id.withUTF16Buffer { text, length in
        cicu_tz_canonical_id(text, length, out, capacity, &isSystemID, &status)
      }
    }
    guard let canonical, !id.isEmpty,
      isSystemID != 0 || (id.hasPrefix("GMT") && canonical.hasPrefix("GMT"))
    else { throw .invalidTimeZone(id) }
    self.id = id
    self.canonicalID = canonical
  }

  public var description: String { id }

  /// The zone's localized name ("heure normale de l’Est"), standard or
  /// daylight, in `locale`.
  public func displayName(in locale: LocaleIdentifier, daylight: Bool = false) -> String {
    (try? withUTF16Result("ucal_getTimeZoneDisplayName") { out, capacity, status in
      id.withUTF16Buffer { text, length in
        cicu_tz_display_name(text, length, locale.icuID, daylight ? 1 : 0, out, capacity, &status)
      }
    }) ?? id
  }
}
