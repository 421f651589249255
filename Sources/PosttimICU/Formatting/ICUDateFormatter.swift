import CICUShim
import FoundationEssentials
import Synchronization

/// A system-ICU date formatter for one verbatim pattern, locale and zone.
///
/// Opening one costs far more than formatting with it; get formatters from
/// ``DateFormatting/formatter(for:locale:timeZone:capitalization:)`` so each value costs one ICU call.
///
/// Sendable notes: the formatter and its kept calendar are mutated by
/// every format call (the calendar is set to the instant), so calls go
/// through `lock`. A call that finds the lock taken (rows formatted on
/// several cores) formats with a copy instead (`udat_clone`), kept for
/// the next such call: threads never wait on each other's dates.
public final class ICUDateFormatter: @unchecked Sendable, ICUFailureReporting {
  /// Capitalization of the first word (ICU's display context).
  public enum Capitalization: Int32, Sendable, Hashable {
    /// As the pattern gives it (ICU's `UDISPCTX_CAPITALIZATION_NONE`).
    case none = 0
    /// For headings: "Lundi 30 novembre 2026".
    case beginningOfSentence = 1
    /// For a word standing alone, such as a list item or menu entry.
    case standalone = 2
    /// Inside a sentence: "Demain — mardi 1 décembre 2026".
    case middleOfSentence = 3
  }

  /// One ICU formatter and the calendar it formats with (see
  /// `cicu_df_calendar`); used by one thread at a time.
  private final class Instance: @unchecked Sendable {
    let handle: OpaquePointer
    let calendar: OpaquePointer

    init(handle: OpaquePointer, calendar: OpaquePointer) {
      self.handle = handle
      self.calendar = calendar
    }

    deinit {
      cicu_cal_close(calendar)
      cicu_df_close(handle)
    }

    /// A copy for another thread; nil when ICU cannot make one.
    func copy() -> Instance? {
      var status: Int32 = 0
      guard let handle = cicu_df_clone(handle, &status), status <= 0 else { return nil }
      // The kept calendar's copy: it carries the system zone, the formatter does not.
      guard let calendar = cicu_cal_clone(calendar, &status), status <= 0 else {
        cicu_df_close(handle)
        return nil
      }
      return Instance(handle: handle, calendar: calendar)
    }

    func string(_ millis: Double, _ failures: ICUFailureRecord) -> String {
      if let text = withSmallUTF8Result({ out, capacity, status in
        cicu_df_format_utf8(handle, calendar, millis, out, capacity, &status)
      }) {
        return text
      }
      do throws(ICUError) {
        return try withUTF16Result("udat_format", capacity: 96) { out, capacity, status in
          cicu_df_format(handle, calendar, millis, out, capacity, &status)
        }
      } catch {
        failures.record(error)
        return ""
      }
    }
  }

  private let primary: Instance
  private let lock = Mutex(())
  /// Copies made when `primary` was busy, free for the next busy call.
  private let spares = Mutex([Instance]())
  private let failures = ICUFailureRecord()
  /// The UTS #35 pattern in use (resolved from the skeleton, or given).
  public let pattern: String
  /// Whether ``pattern`` tells the two occurrences of a repeated wall time
  /// apart by itself: it prints the UTC offset or the specific zone name (a
  /// `z Z O X x` field outside quotes, UTS #35 §4). A generic (`v`) or
  /// location (`V`) zone is the same text for both, so it does not count.
  public var showsOffsetOrSpecificZone: Bool { PatternFields.showsOccurrenceZone(pattern) }
  /// Whether the pattern prints only the wall time of day (UTS #35 fields
  /// `a b B h H k K m s S A`), no date and no zone: see ``TimeOfDayStrings``.
  public var printsTimeOfDayOnly: Bool { PatternFields.printsTimeOfDayOnly(pattern) }
  /// The canonical ICU locale ID the formatter was opened with.
  public let locale: LocaleIdentifier
  /// The IANA time zone ID values are shown in.
  public let timeZone: TimeZoneIdentifier
  /// How the first word is capitalized (ICU's display context).
  public let capitalization: Capitalization
  /// The calendar system's CLDR type ("gregorian", "japanese", "islamic", …).
  public var calendarType: String {
    var status: Int32 = 0
    return lock.withLock { _ in cicu_cal_type(primary.calendar, &status).map { String(cString: $0) } ?? "" }
  }

  /// Opens a formatter. The zone's rules come from the tz database it was
  /// validated against (``TimeZoneIdentifier/systemZones``) when it has
  /// the zone, else from ICU's own data.
  /// - Throws: ``ICUError`` when ICU cannot open it.
  public convenience init(
    pattern: String, locale: LocaleIdentifier, timeZone: TimeZoneIdentifier,
    capitalization: Capitalization = .none
  ) throws(ICUError) {
    try self.init(
      pattern: pattern, locale: locale, timeZone: timeZone, capitalization: capitalization,
      systemZones: timeZone.systemZones)
  }

  /// Opens a formatter whose zone rules come from `systemZones` when it has
  /// the zone, else from ICU's own data.
  /// - Throws: ``ICUError`` when ICU cannot open it.
  public init(
    pattern: String, locale: LocaleIdentifier, timeZone: TimeZoneIdentifier,
    capitalization: Capitalization, systemZones: SystemTimeZoneData
  ) throws(ICUError) {
    var status: Int32 = 0
    let handle = try openICUHandle(
      "udat_open",
      open: { status in
        timeZone.id.withUTF16Buffer { zone, zoneLength in
          pattern.withUTF16Buffer { text, length in
            cicu_df_open(locale.icuID, zone, zoneLength, text, length, &status)
          }
        }
      }, close: cicu_df_close)
    if capitalization != .none {
      cicu_df_set_capitalization(handle, capitalization.rawValue, &status)
      guard status <= 0 else {
        cicu_df_close(handle)
        throw ICUError(function: "udat_setContext(UDISPCTX_CAPITALIZATION)", code: status)
      }
    }
    // Values are formatted with the kept calendar, and ICU takes the zone
    // (offsets and names) from the calendar it formats with, so only the
    // kept calendar gets the system zone.
    let calendar: OpaquePointer
    do {
      calendar = try openICUHandle("Calendar::clone", open: { cicu_df_calendar(handle, &$0) }, close: cicu_cal_close)
    } catch {
      cicu_df_close(handle)
      throw error
    }
    if let zone = systemZones.zone(for: timeZone.id) {
      cicu_cal_set_zone(calendar, zone.handle, &status)
      guard status <= 0 else {
        cicu_cal_close(calendar)
        cicu_df_close(handle)
        throw ICUError(function: "Calendar::setTimeZone", code: status)
      }
    }
    self.primary = Instance(handle: handle, calendar: calendar)
    self.pattern = pattern
    self.locale = locale
    self.timeZone = timeZone
    self.capitalization = capitalization
  }

  /// The first ICU error a `string(from:)` call met; checked before a
  /// report is committed.
  public var firstFailure: ICUError? { failures.first }

  /// Formats an instant (whole and fractional seconds since 1970 UTC).
  /// On an ICU error it returns "" and records the error in
  /// ``firstFailure``, so the run fails rather than printing blanks.
  public func string(from date: Date) -> String {
    let millis = date.icuMillis
    if let text = lock.withLockIfAvailable({ _ in primary.string(millis, failures) }) { return text }
    // Busy: another thread is formatting. Take a copy (made from the
    // primary under its lock, once per thread that needs one).
    guard let spare = spares.withLock({ $0.popLast() }) ?? lock.withLock({ _ in primary.copy() }) else {
      return lock.withLock { _ in primary.string(millis, failures) }
    }
    defer { spares.withLock { $0.append(spare) } }
    return spare.string(millis, failures)
  }
}
