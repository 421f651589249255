import CICUShim
import FoundationEssentials
import Synchronization

/// Local-day arithmetic in one time zone and locale, through ICU's
/// calendar (`ucal`), the same zone data the formatters use (the system
/// tz database's, see ``SystemTimeZoneData``).
///
/// Days are ICU JULIAN_DAY numbers, so "same day" compares the full local
/// calendar date, never the day of the month alone. The start of a day is
/// its local midnight or, where a DST change skipped midnight
/// (America/Sao_Paulo 2018-11-04), the first time that exists.
///
/// Offsets come from ICU once per constant-offset span (between two of the
/// zone's transitions) and the last few spans are kept: a list's tasks
/// mostly fall in a handful of spans (summer and winter time), so
/// the day, offset and repeated-wall-time questions asked for every task
/// cost a comparison instead of an ICU calendar computation.
///
/// Sendable notes: `ucal` handles carry mutable state; every ICU call goes
/// through `lock`, which also guards the kept spans. A copy of the kept
/// spans is published for reading with no lock (``KeptSpans``): the rows
/// of a long report ask for every task's offset from every core.
public final class DayCalendar: @unchecked Sendable, ICUFailureReporting {
  private let handle: OpaquePointer
  private let lock = Mutex([OffsetSpan]())
  /// The kept spans as last published (a ``KeptSpans`` that
  /// ``publishedSpans`` keeps alive until the calendar goes), or 0.
  private let published = Atomic<UInt>(0)
  /// Every ``KeptSpans`` published, freed with the calendar (a reader may
  /// still be reading one that was replaced). Guarded by `lock`.
  private var publishedSpans: [KeptSpans] = []
  /// ICU's answers of ``isRepeatedWallTime(_:)`` near an offset change, by
  /// the instant's milliseconds (bit pattern), at most
  /// ``repeatAnswerCapacity``: a report asks about each task's instant
  /// twice (its row's time, its detail's exact time), and each answer there
  /// is an ICU calendar computation (about 20,000 instructions). Guarded by `lock`.
  private var repeatAnswers: [UInt64: Bool] = [:]
  /// Times ICU was asked whether a wall time repeats (for the tests).
  private(set) var repeatQueries = 0
  private let failures = ICUFailureRecord()
  /// The IANA time zone ID whose local days this calendar counts.
  public let timeZone: TimeZoneIdentifier
  /// The locale giving the first day of the week (CLDR week data).
  public let locale: LocaleIdentifier

  /// Opens a calendar; the locale supplies week data (first weekday). The
  /// zone's rules come from the tz database it was validated against
  /// (``TimeZoneIdentifier/systemZones``) when it has the zone, else from
  /// ICU's own data.
  /// - Throws: ``ICUError`` when ICU cannot open it.
  public convenience init(timeZone: TimeZoneIdentifier, locale: LocaleIdentifier = .posix) throws(ICUError) {
    try self.init(timeZone: timeZone, locale: locale, systemZones: timeZone.systemZones)
  }

  /// Opens a calendar whose zone rules come from `systemZones` when it has
  /// the zone, else from ICU's own data.
  /// - Throws: ``ICUError`` when ICU cannot open it.
  public init(
    timeZone: TimeZoneIdentifier, locale: LocaleIdentifier, systemZones: SystemTimeZoneData
  ) throws(ICUError) {
    var status: Int32 = 0
    let handle = try openICUHandle(
      "ucal_open",
      open: { status in
        timeZone.id.withUTF16Buffer { zone, length in cicu_cal_open(zone, length, locale.icuID, &status) }
      }, close: cicu_cal_close)
    if let zone = systemZones.zone(for: timeZone.id) {
      cicu_cal_set_zone(handle, zone.handle, &status)
      guard status <= 0 else {
        cicu_cal_close(handle)
        throw ICUError(function: "Calendar::setTimeZone", code: status)
      }
    }
    self.handle = handle
    self.timeZone = timeZone
    self.locale = locale
  }

  deinit { cicu_cal_close(handle) }

  /// An immutable copy of the kept spans, read with no lock.
  private final class KeptSpans {
    let spans: UnsafeMutableBufferPointer<OffsetSpan>

    init(_ spans: [OffsetSpan]) {
      self.spans = .allocate(capacity: spans.count)
      _ = self.spans.initialize(from: spans)
    }

    deinit { spans.deallocate() }
  }

  /// The kept span holding `millis`, read with no lock; nil when none does
  /// (the caller then asks under the lock, which may add it).
  private func publishedSpan(at millis: Double) -> OffsetSpan? {
    let bits = published.load(ordering: .acquiring)
    guard bits != 0 else { return nil }
    // Read in place, safely: every published object lives as long as the
    // calendar (`publishedSpans`). A retain of it, from every core for
    // every task, was a write to one cache line they all share.
    return Unmanaged<KeptSpans>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)._withUnsafeGuaranteedRef { kept in
      kept.spans.first { $0.contains(millis) }
    }
  }

  /// The first ICU error a day computation met (the computation then
  /// returned a placeholder); checked before a report is committed.
  public var firstFailure: ICUError? { failures.first }

  /// `[start, end)` in milliseconds since 1970 where the zone's offset is
  /// `offset` milliseconds; NaN bounds (containing nothing) when ICU could not bound it.
  private struct OffsetSpan {
    var start: Double
    var end: Double
    var offset: Int32

    func contains(_ millis: Double) -> Bool { millis >= start && millis < end }
  }

  /// ICU's JULIAN_DAY of 1970-01-01 (`kEpochStartAsJulianDay`): ICU counts
  /// that field as the floored local day since 1970 plus this.
  private static let epochJulianDay = 2_440_588
  /// Every DST shift in the tz database is at most 2 hours (see
  /// `cicu_cal_is_repeated_wall_time`); 3 hours from a span's edges nothing repeats.
  private static let repeatMarginMillis = 3 * 3_600_000.0

  /// Spans kept at most: a year's summer and winter time, and the two around them.
  private static let keptSpans = 4

  /// The span holding `millis`, from the kept ones or, outside them, from
  /// ICU, keeping the new one in place of the oldest. A span ICU could not
  /// bound has NaN bounds and only its offset. Called with the lock held.
  private func span(at millis: Double, _ kept: inout [OffsetSpan]) -> OffsetSpan {
    if let span = kept.first(where: { $0.contains(millis) }) { return span }
    var status: Int32 = 0
    var start = 0.0, end = 0.0
    let offset = cicu_cal_offset_span(handle, millis, &start, &end, &status)
    failures.check(status, "ucal_get(UCAL_ZONE_OFFSET + UCAL_DST_OFFSET)")
    let span = OffsetSpan(start: status > 0 ? .nan : start, end: status > 0 ? .nan : end, offset: offset)
    if span.contains(millis) {
      if kept.count == Self.keptSpans { kept.removeFirst() }
      kept.append(span)
      let copy = KeptSpans(kept)
      publishedSpans.append(copy)
      published.store(UInt(bitPattern: Unmanaged.passUnretained(copy).toOpaque()), ordering: .releasing)
    }
    return span
  }

  /// The local day that contains `date`.
  public func day(of date: Date) -> LocalDay {
    let millis = date.icuMillis
    if let span = publishedSpan(at: millis), let day = Self.day(millis, offset: span.offset) { return day }
    return lock.withLock { kept in Self.day(millis, offset: span(at: millis, &kept).offset) ?? icuDay(millis) }
  }

  /// The local day of `millis` at `offset`: the same arithmetic as ICU's
  /// Calendar::computeFields; nil for instants too far out for an Int32
  /// day (ICU itself answers those).
  private static func day(_ millis: Double, offset: Int32) -> LocalDay? {
    let local = millis + Double(offset)
    return Int32(exactly: (local / millisPerDay).rounded(.down) + Double(epochJulianDay)).map(LocalDay.init(dayNumber:))
  }

  /// ICU's own answer for ``day(of:)``, not using the kept span (for the
  /// differential test). Called with the lock held.
  private func icuDay(_ millis: Double) -> LocalDay {
    var status: Int32 = 0
    let number = cicu_cal_day_number(handle, millis, &status)
    failures.check(status, "ucal_get(UCAL_JULIAN_DAY)")
    return LocalDay(dayNumber: number)
  }

  /// The local days that offset changes between the instants `start` and
  /// `end` (milliseconds) jumped over whole: for each forward change, the
  /// days between the last local day before it and the first after it. A
  /// zone crossing the date line eastwards skips one (Pacific/Apia
  /// 2011-12-30). Nil when ICU cannot list the zone's transitions.
  func daysJumpedOver(fromMillis start: Double, toMillis end: Double) -> [LocalDay]? {
    // A kept span holding both ends has no change between them.
    if let span = publishedSpan(at: start), span.contains(end) { return [] }
    return lock.withLock { _ in
      var status: Int32 = 0
      var spanStart = 0.0, spanEnd = 0.0
      var offset = cicu_cal_offset_span(handle, start, &spanStart, &spanEnd, &status)
      var days: [LocalDay] = []
      while status <= 0, spanEnd < end {
        let change = spanEnd
        let next = cicu_cal_offset_span(handle, change, &spanStart, &spanEnd, &status)
        if next > offset, let before = Self.day(change - 1, offset: offset), let after = Self.day(change, offset: next)
        {
          days += (1..<max(before.distance(to: after), 1)).map { before.advanced(by: $0) }
        }
        offset = next
      }
      // NaN bounds: ICU could not list the transitions.
      return status > 0 || spanEnd.isNaN ? nil : days
    }
  }

  /// The first instant of `day` in this zone.
  public func start(of day: LocalDay) -> Date {
    let (year, month, dayOfMonth) = day.gregorian
    return date(year: year, month: month, day: dayOfMonth)
  }

  /// The instant of a local wall time; a skipped time moves forward to the
  /// next valid one, a repeated one takes its first occurrence.
  public func date(
    year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0
  ) -> Date {
    lock.withLock { _ in
      var status: Int32 = 0
      let millis = cicu_cal_millis_for_local(
        handle, Int32(year), Int32(month), Int32(day), Int32(hour), Int32(minute),
        Int32(second), &status)
      failures.check(status, "ucal_getMillis(local time)")
      return Date(timeIntervalSince1970: millis / 1000)
    }
  }

  /// The zone's UTC offset at `date`, in seconds east of Greenwich.
  public func utcOffset(at date: Date) -> Int {
    let millis = date.icuMillis
    if let span = publishedSpan(at: millis) { return Int(span.offset) / 1000 }
    return lock.withLock { kept in Int(span(at: millis, &kept).offset) / 1000 }
  }

  /// True when the local wall time of `date` occurs twice (a DST
  /// fall-back hour), so it must be shown with its UTC offset.
  public func isRepeatedWallTime(_ date: Date) -> Bool {
    let millis = date.icuMillis
    if let span = publishedSpan(at: millis), span.contains(millis - Self.repeatMarginMillis),
      span.contains(millis + Self.repeatMarginMillis)
    {
      return false
    }
    return lock.withLock { kept in
      // The offset holds from 3 hours before to 3 hours after: what ICU's
      // fast path (`cicu_cal_is_repeated_wall_time`) would find, without asking.
      let span = span(at: millis, &kept)
      if span.contains(millis - Self.repeatMarginMillis), span.contains(millis + Self.repeatMarginMillis) {
        return false
      }
      let key = millis.bitPattern
      if let repeated = repeatAnswers[key] { return repeated }
      var status: Int32 = 0
      let repeated = cicu_cal_is_repeated_wall_time(handle, millis, &status) != 0
      repeatQueries += 1
      failures.check(status, "ucal repeated wall time")
      // Only answers ICU gave without error: a failure is met (and recorded) again.
      guard status <= 0 else { return repeated }
      if repeatAnswers.count == Self.repeatAnswerCapacity { repeatAnswers.removeAll(keepingCapacity: true) }
      repeatAnswers[key] = repeated
      return repeated
    }
  }

  /// Answers kept at most by ``isRepeatedWallTime(_:)`` (a few hours of
  /// tasks at whole minutes around each change fit many times over).
  static let repeatAnswerCapacity = 4_096

  /// ICU's answers for `date` without the kept span: the day, the offset in
  /// seconds and whether the wall time repeats (the differential test's reference).
  func icuAnswers(at date: Date) -> (day: LocalDay, utcOffset: Int, isRepeated: Bool) {
    let millis = date.icuMillis
    return lock.withLock { _ in
      var status: Int32 = 0
      let offset = cicu_cal_utc_offset(handle, millis, &status)
      let repeated = cicu_cal_is_repeated_wall_time(handle, millis, &status) != 0
      failures.check(status, "ucal (differential reference)")
      return (icuDay(millis), Int(offset) / 1000, repeated)
    }
  }

  /// The locale's first day of the week, 1 = Sunday … 7 = Saturday.
  public var firstWeekday: Int { lock.withLock { _ in Int(cicu_cal_first_weekday(handle)) } }

  /// The first day of the week containing `day`, by the locale's rules.
  public func startOfWeek(containing day: LocalDay) -> LocalDay {
    let back = (day.weekday - firstWeekday + 7) % 7
    return day.advanced(by: -back)
  }
}
