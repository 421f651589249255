import FoundationEssentials
import PosttimICU
import PosttimTemplating

/// Turns an ``Agenda`` into a ``ReportView`` for one locale and zone.
///
/// Opens every ICU formatter it needs once, at init; each value formatted
/// afterwards costs one ICU call.
public final class ReportPresenter: Sendable, ICUFailureReporting {
  /// Locale, zone and formats of the report.
  public let settings: ReportSettings
  /// The catalog supplying the report's words.
  public let catalog: MessageCatalog
  let calendar: DayCalendar
  /// ``calendar`` unretained, for the rows' lent times: a retain of it per
  /// call is a write to one cache line from every rendering thread.
  private let sharedCalendar: Unmanaged<DayCalendar>
  private let time: ICUDateFormatter
  /// `time`'s output by wall time of day, when its pattern prints nothing else.
  private let timeStrings: TimeOfDayStrings?
  private let dateTime: ICUDateFormatter
  /// `dateTime`'s text from a kept date part and time part, when its pattern cuts in two.
  private let dateTimeStrings: DateTimeStrings?
  /// `time` and `dateTime` with the UTC offset, for a repeated wall time
  /// that they print alike; nil for a pattern (see ``disambiguating(_:_:)``).
  // The formats below are needed now and then (a repeated wall time, a
  // detail view, a year outside 1…9999): opened on first use.
  private let timeWithOffset: LazyDateFormatter?
  private let dateTimeWithOffset: LazyDateFormatter?
  /// The details' "exact time": `dateTime`, with the offset unless it
  /// already shows the offset or a specific zone name.
  private let exactDateTime: LazyDateFormatter
  /// `exactDateTime` with the offset, for a repeated wall time it prints alike.
  private let exactWithOffset: LazyDateFormatter
  /// `dateTime` and `exactDateTime` with the era (UTS #35 `G`) for a year
  /// ≤ 0 or ≥ 10000, where the year alone misleads ("1" for 1 BC); nil for
  /// a pattern (verbatim) or a skeleton that has an era already.
  private let eraFormats: (dateTime: LazyDateFormatter, exact: LazyDateFormatter)?
  private let dayHeading: ICUDateFormatter
  private let dayInline: ICUDateFormatter
  /// `dayHeading` and `dayInline` with the era, for the same years as
  /// `eraFormats`; nil where those are.
  private let eraDays: (heading: LazyDateFormatter, inline: LazyDateFormatter)?
  private let zoneName: ICUDateFormatter
  private let relativeNames: RelativeDayNames?
  /// The mail subject's days, as a range when the window has several.
  private let subjectDays: SubjectDays
  /// 0…9 in the locale's digits, by importance (the catalog's
  /// `importance.value`).
  let importanceTexts: [String]
  /// Whether each of ``importanceTexts`` is ``PlainText``.
  private let plainImportanceTexts: [Bool]
  /// The placeholder for an empty title.
  let untitled: String
  /// Source lines assembled without MessageFormat, made on the first
  /// detail; nil for a message that needs MessageFormat. Retained by hand
  /// (released in `deinit`) and called unretained: every row of a report's
  /// details, on every core, retained and released the one shared format,
  /// two atomic writes to one cache line per row (2% of a long HTML report).
  private let sourceLineFormat: OnceValue<Unmanaged<SourceLineFormat>?>

  /// The first ICU error met while formatting (the value was then left
  /// blank); the command checks it before committing the output (exit 70).
  public var firstFailure: ICUError? {
    var sources: [any ICUFailureReporting] = [
      calendar, time, dateTime, exactDateTime, exactWithOffset, dayHeading, dayInline, zoneName,
    ]
    // Appended one by one: compactMap over optional existentials is an
    // unspecialized generic, whose metadata the runtime looks up at start.
    if let timeWithOffset { sources.append(timeWithOffset) }
    if let dateTimeWithOffset { sources.append(dateTimeWithOffset) }
    if let relativeNames { sources.append(relativeNames) }
    sources.append(subjectDays)
    if let dateTimeStrings { sources.append(dateTimeStrings) }
    if let eraFormats { sources += [eraFormats.dateTime, eraFormats.exact] }
    if let eraDays { sources += [eraDays.heading, eraDays.inline] }
    return sources.firstFailure
  }

  /// - Throws: ``ICUError`` when ICU cannot open a formatter.
  public init(settings: ReportSettings, calendar: DayCalendar, catalog: MessageCatalog) throws(ICUError) {
    self.settings = settings
    self.catalog = catalog
    self.calendar = calendar
    sharedCalendar = Unmanaged.passUnretained(calendar)
    let locale = settings.locale
    let zone = settings.timeZone
    @Sendable func open(_ spec: DateFormatSpec, _ caps: ICUDateFormatter.Capitalization = .none) throws(ICUError)
      -> ICUDateFormatter
    {
      try DateFormatting.formatter(for: spec, locale: locale, timeZone: zone, capitalization: caps)
    }
    time = try open(settings.timeFormat)
    timeStrings = TimeOfDayStrings(time)
    dateTime = try open(settings.dateTimeFormat)
    dateTimeStrings = DateTimeStrings(dateTime)
    /// `formatter` followed by its UTC offset, unless it prints the offset or a specific zone name already.
    @Sendable func exact(_ formatter: ICUDateFormatter) throws(ICUError) -> ICUDateFormatter {
      formatter.showsOffsetOrSpecificZone ? formatter : try open(Self.withOffset(formatter))
    }
    @Sendable func lazily(_ spec: DateFormatSpec) -> LazyDateFormatter {
      LazyDateFormatter { () throws(ICUError) in try open(spec) }
    }
    timeWithOffset = Self.disambiguating(settings.timeFormat, time).map(lazily)
    dateTimeWithOffset = Self.disambiguating(settings.dateTimeFormat, dateTime).map(lazily)
    let plainDateTime = dateTime
    let exactDateTime = LazyDateFormatter { () throws(ICUError) in try exact(plainDateTime) }
    self.exactDateTime = exactDateTime
    exactWithOffset = LazyDateFormatter { () throws(ICUError) in
      try open(Self.withOffset(try exactDateTime.formatter()))
    }
    if let eraSpec = EraYears.withEra(settings.dateTimeFormat) {
      let withEra = lazily(eraSpec)
      eraFormats = (withEra, LazyDateFormatter { () throws(ICUError) in try exact(withEra.formatter()) })
    } else {
      eraFormats = nil
    }
    dayHeading = try open(settings.dayFormat, .beginningOfSentence)
    dayInline = try open(settings.dayFormat, .middleOfSentence)
    if let eraSpec = EraYears.withEra(settings.dayFormat) {
      eraDays = (
        LazyDateFormatter { () throws(ICUError) in try open(eraSpec, .beginningOfSentence) },
        LazyDateFormatter { () throws(ICUError) in try open(eraSpec, .middleOfSentence) }
      )
    } else {
      eraDays = nil
    }
    zoneName = try open(.pattern("vvvv"))
    relativeNames = settings.relativeDayNames ? try RelativeDayNames(locale: locale) : nil
    subjectDays = SubjectDays(
      dayFormat: settings.dayFormat, locale: locale, dayInline: dayInline, eraInline: eraDays?.inline,
      calendar: calendar)
    importanceTexts = (0...9).map { catalog.text(.importanceValue, ["importance": .number(Double($0))]) }
    plainImportanceTexts = importanceTexts.map { PlainText.isPlain($0) }
    untitled = catalog.text(.taskUntitled)
    let catalog = catalog
    sourceLineFormat = OnceValue {
      SourceLineFormat(catalog: catalog) { Self.catalogSourceLine(catalog, file: $0, entry: $1) }
        .map(Unmanaged.passRetained)
    }
  }

  deinit {
    if sourceLineFormat.isSet { sourceLineFormat.pointer.pointee?.release() }
  }

  /// The format for a repeated wall time whose two occurrences `formatter`
  /// prints alike (``printsAlike(_:_:)``): its pattern with the localized
  /// GMT offset; nil for a pattern, which is verbatim (`--pattern`).
  static func disambiguating(_ spec: DateFormatSpec, _ formatter: ICUDateFormatter) -> DateFormatSpec? {
    guard case .skeleton = spec else { return nil }
    return withOffset(formatter)
  }

  /// Whether `date`'s wall time occurs twice and `text` is the same for both
  /// occurrences. Decided by the texts, not the pattern's fields: a zone
  /// name can stay the same across an offset change (the generic or
  /// location name always, the specific name when the standard offset
  /// itself changes: Moscow, 26 October 2014).
  func printsAlike(_ date: Date, _ text: (Date) -> String) -> Bool {
    guard let other = calendar.otherOccurrence(of: date) else { return false }
    return text(date) == text(other)
  }

  /// "(OOOO)": the localized GMT offset ("UTC−04:00"), which tells the two
  /// occurrences of a repeated wall time apart.
  static func withOffset(_ formatter: ICUDateFormatter) -> DateFormatSpec {
    .pattern(formatter.pattern + " (OOOO)")
  }

  /// The localized view of `agenda`.
  public func view(of agenda: Agenda) -> ReportView {
    let zone = settings.timeZone
    let zoneLabel = zoneName.string(from: agenda.now) + catalog.parentheticalSuffix(zone.id, matching: .reportTimeZone)
    let now =
      eraFormats.flatMap { needsEra(agenda.now) ? $0.dateTime.string(from: agenda.now) : nil }
      ?? dateTime.string(from: agenda.now)
    return ReportView(
      title: catalog.text(.reportTitle),
      localeID: settings.locale.icuID,
      languageTag: settings.locale.baseLanguageTag,
      localeTag: settings.locale.languageTag,
      direction: settings.locale.isRightToLeft ? "rtl" : "ltr",
      timeZoneID: zone.id,
      timeZoneLine: catalog.text(.reportTimeZone, ["zone": .string(zoneLabel)]),
      generatedLine: catalog.text(
        .reportGenerated, ["generator": .string(settings.generator), "date": .string(now)]),
      nowISO: ISO8601.utcString(agenda.now),
      todayISO: agenda.today.iso8601,
      totalLine: catalog.text(.reportTotal, ["count": .number(Double(agenda.taskCount))]),
      emptyLine: catalog.text(.reportEmpty),
      labels: ColumnLabels(
        time: catalog.text(.columnTime), task: catalog.text(.columnTask),
        importance: catalog.text(.columnImportance),
        description: catalog.text(.columnDescription), index: catalog.text(.indexTitle),
        details: catalog.text(.detailsTitle), exactTime: catalog.text(.detailsExactTime),
        otherFields: catalog.text(.detailsOtherFields)),
      taskCount: agenda.taskCount,
      sections: sections(of: agenda), calendar: calendar, today: agenda.today, now: agenda.now,
      mail: mailWords(of: agenda))
  }

  /// The subject's arguments (the days shown: `date`, `from`, `to`; the
  /// task count) and the note for long mails.
  func mailWords(of agenda: Agenda) -> MailWords {
    let days = agenda.daysNamed
    var arguments = subjectDays.arguments(first: days.first, last: days.last)
    arguments["count"] = .number(Double(agenda.taskCount))
    return MailWords(
      clippedNote: catalog.text(.mailClipped), subjectArguments: arguments, catalog: catalog,
      locale: settings.locale)
  }

  func sections(of agenda: Agenda) -> [SectionView] {
    let anchors = TaskAnchors(agenda)
    let hasOverdue = agenda.sections.first?.kind == .overdue
    return agenda.sections.enumerated().map { index, section in
      self.section(
        for: section, index: index, anchors: anchors, today: agenda.today, precedesOverdue: hasOverdue && index == 1)
    }
  }

  func section(
    for section: AgendaSection, index: Int, anchors: TaskAnchors, today: LocalDay, precedesOverdue: Bool
  ) -> SectionView {
    let id: String
    let kind: String
    let title: String
    let dateISO: String?
    switch section.kind {
    case .overdue:
      (id, kind, title, dateISO) = ("overdue", "overdue", catalog.text(.sectionOverdue), nil)
    case .day(let day):
      (id, kind, dateISO) = ("day-\(day.iso8601)", "day", day.iso8601)
      title = dayTitle(day, today: today)
    case .week(let start):
      (id, kind, dateISO) = ("week-\(start.iso8601)", "week", start.iso8601)
      let first = calendar.start(of: start)
      title = catalog.text(.sectionWeek, ["date": .string(dayText(first, inline: true))])
    }
    let countLine = catalog.text(.sectionCount, ["count": .number(Double(section.tasks.count))])
    return SectionView(
      id: id, kind: kind, title: title, dateISO: dateISO, countLine: countLine,
      countSuffix: catalog.parentheticalSuffix(countLine, matching: .sectionCount),
      count: section.tasks.count, precedesOverdue: precedesOverdue,
      rows: SectionRows(
        entries: section.tasks, index: index, anchors: anchors, presenter: self, spansDays: !section.kind.isDay))
  }

  /// "Aujourd’hui — lundi 30 novembre 2026" next to today, else
  /// "Mardi 1 décembre 2026".
  func dayTitle(_ day: LocalDay, today: LocalDay) -> String {
    // Noon is inside the day whatever DST does at its edges.
    let instant = calendar.start(of: day).addingTimeInterval(12 * 3600)
    // Counted in days of the zone (Apia's 2011-12-31 is tomorrow on the
    // 29th); names reach a day either way, so a date further than a week
    // off needs no counting.
    let dates = today.distance(to: day)
    let offset = abs(dates) <= 7 ? calendar.distance(from: today, to: day) : dates
    if let relative = relativeNames?.name(forDayOffset: offset) {
      return catalog.text(
        .sectionRelativeDay,
        ["relative": .string(relative), "date": .string(dayText(instant, inline: true))])
    }
    return dayText(instant, inline: false)
  }

  /// The day of `instant` as a heading or mid-sentence, with the era in a
  /// year ≤ 0 or ≥ 10000 ("Thursday, December 28, 1 BC").
  private func dayText(_ instant: Date, inline: Bool) -> String {
    if let eraDays, needsEra(instant) { return (inline ? eraDays.inline : eraDays.heading).string(from: instant) }
    return (inline ? dayInline : dayHeading).string(from: instant)
  }

  /// A row's time (date and time when `spansDays`). Takes the date, not
  /// the task: passing a task borrowed from its section made a copy of it.
  func when(_ date: Date, spansDays: Bool) -> String {
    if spansDays, let era = eraFormats, needsEra(date) { return era.dateTime.string(from: date) }
    if let decorated = spansDays ? dateTimeWithOffset : timeWithOffset,
      printsAlike(date, (spansDays ? dateTime : time).string(from:))
    {
      return decorated.string(from: date)
    }
    if spansDays {
      guard let dateTimeStrings else { return dateTime.string(from: date) }
      return dateTimeStrings.string(from: date, utcOffset: calendar.utcOffset(at: date))
    }
    guard let timeStrings else { return time.string(from: date) }
    return timeStrings.string(from: date, utcOffset: calendar.utcOffset(at: date))
  }

  /// ``when(_:spansDays:)``'s UTF-8 lent to `body`: a kept time of day in
  /// place, a date and time from its kept parts without joining them in a
  /// `String` (a report's rows read it as bytes). Kept texts are lent as
  /// plain where they are ordinary (``OrdinaryText``: its characters are
  /// all plain, checked scalar by scalar by the tests).
  func withWhenUTF8(_ date: Date, spansDays: Bool, _ body: LentUTF8Body) {
    let lent = sharedCalendar._withUnsafeGuaranteedRef { calendar in
      if !spansDays, timeStrings != nil, timeWithOffset == nil || !calendar.isRepeatedWallTime(date),
        let kept = timeStrings?.utf8(from: date, utcOffset: calendar.utcOffset(at: date))
      {
        body(kept.bytes, kept.isOrdinary)
        return true
      }
      return spansDays && dateTimeStrings != nil && (eraFormats == nil || !needsEra(date))
        && (dateTimeWithOffset == nil || !calendar.isRepeatedWallTime(date))
        && dateTimeStrings!.withUTF8(from: date, utcOffset: calendar.utcOffset(at: date), body)
    }
    if !lent { Self.lendUTF8(when(date, spansDays: spansDays)) { body($0, false) } }
  }

  /// ``exactWhen(_:)``'s UTF-8 lent to `body`, from the kept parts where
  /// it can (as plain where they are ordinary, as ``withWhenUTF8(_:spansDays:_:)``).
  func withExactWhenUTF8(_ date: Date, _ body: LentUTF8Body) {
    let lent = sharedCalendar._withUnsafeGuaranteedRef { calendar in
      (eraFormats == nil || !needsEra(date)) && !calendar.isRepeatedWallTime(date)
        && exactDateTime.withUTF8(from: date, utcOffset: calendar.utcOffset(at: date), body)
    }
    if !lent { Self.lendUTF8(exactWhen(date)) { body($0, false) } }
  }

  /// ``sourceLine(_:)``'s UTF-8 lent to `body`, assembled on the stack where it can.
  func withSourceLineUTF8(_ origin: TaskOrigin, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let lent = origin.file.withUTF8Bytes { withSourceLineUTF8(path: $0, entry: origin.entry, body) }
    if !lent { Self.lendUTF8(sourceLine(origin), body) }
  }

  /// The same, from the UTF-8 of the origin's path (`-` for standard
  /// input) and its entry: false, without calling `body`, where it cannot
  /// be assembled on the stack. The rows pass their path in place: every
  /// row of a list shares that one string, and a retain of it is a write
  /// to one cache line from every core.
  func withSourceLineUTF8(
    path: UnsafeBufferPointer<UInt8>, entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Bool {
    guard path.count == 1, path[0] == UInt8(ascii: "-") else {
      return sourceLineFormat.pointer.pointee?._withUnsafeGuaranteedRef {
        $0.withLine(fileName: UnsafeBufferPointer(rebasing: path[Self.fileNameRange(path)]), entry: entry, body)
      } ?? false
    }
    return "stdin".withUTF8Bytes { withSourceLineUTF8(path: $0, entry: entry, body) }
  }

  /// Calls `body` with `text`'s UTF-8.
  static func lendUTF8(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    text.withUTF8Bytes(body)
  }

  /// ``importanceText(_:)``'s UTF-8 lent to `body`, with whether it is
  /// ``PlainText`` (known for 0…9, checked once).
  func withImportanceTextUTF8(_ importance: Int, _ body: LentUTF8Body) {
    guard importanceTexts.indices.contains(importance) else {
      return Self.lendUTF8(formattedImportance(importance)) { body($0, false) }
    }
    let isPlain = plainImportanceTexts[importance]
    Self.lendUTF8(importanceTexts[importance]) { body($0, isPlain) }
  }

  /// Importance in the locale's digits; 0…9 are formatted once, anything
  /// else a library caller puts in a `TaskEntry` is formatted on demand.
  func importanceText(_ importance: Int) -> String {
    importanceTexts.indices.contains(importance) ? importanceTexts[importance] : formattedImportance(importance)
  }

  /// The catalog's `importance.value` for `importance`, formatted now.
  private func formattedImportance(_ importance: Int) -> String {
    catalog.text(.importanceValue, ["importance": .number(Double(importance))])
  }

  func exactWhen(_ date: Date) -> String {
    if let era = eraFormats, needsEra(date) { return era.exact.string(from: date) }
    if printsAlike(date, exactDateTime.string(from:)) { return exactWithOffset.string(from: date) }
    return exactDateTime.string(from: date, utcOffset: calendar.utcOffset(at: date))
  }

  /// A local year ≤ 0 or ≥ 10000 (``EraYears``).
  func needsEra(_ date: Date) -> Bool { EraYears.contains(date, in: calendar) }

  /// The last non-empty component of `path` ("a.plist" for "dir/a.plist",
  /// "dir" for "dir/"); the path itself when it has none ("/"). Read
  /// byte-wise: this runs once per task (a Character split cost 6,000
  /// instructions, URL more).
  static func fileName(_ path: String) -> String {
    path.withUTF8Bytes { String(decoding: UnsafeBufferPointer(rebasing: $0[fileNameRange($0)]), as: UTF8.self) }
  }

  /// Where ``fileName(_:)`` is in the path's UTF-8 `bytes`.
  static func fileNameRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    let slash = UInt8(ascii: "/")
    guard let last = bytes.lastIndex(where: { $0 != slash }) else { return bytes.indices }
    let start = bytes[..<last].lastIndex(of: slash).map { $0 + 1 } ?? 0
    return start..<(last + 1)
  }

  func reminderText(_ title: String) -> String { catalog.text(.calendarReminder, ["title": .string(title)]) }

  func sourceLine(_ origin: TaskOrigin) -> String {
    let file = origin.file == "-" ? "stdin" : origin.file
    let assembled = file.withUTF8Bytes { path in
      sourceLineFormat.pointer.pointee?._withUnsafeGuaranteedRef {
        $0.line(fileName: UnsafeBufferPointer(rebasing: path[Self.fileNameRange(path)]), entry: origin.entry)
      }
    }
    return assembled ?? Self.catalogSourceLine(catalog, file: Self.fileName(file), entry: origin.entry)
  }

  /// The catalog's source line, through ICU MessageFormat.
  static func catalogSourceLine(_ catalog: MessageCatalog, file: String, entry: Int) -> String {
    catalog.text(.detailsSource, ["file": .string(file), "entry": .number(Double(entry))])
  }
}

extension AgendaSection.Kind {
  var isDay: Bool {
    if case .day = self { return true }
    return false
  }
}
