import Foundation
import PosttimReport
import Testing
import TestSupport

/// The iCalendar writer (RFC 5545): golden file, TEXT escaping (§3.3.11),
/// line folding (§3.1), PRIORITY mapping and stable UIDs.
@Suite("iCalendar (RFC 5545)")
struct ICalendarWriterTests {
  static let writer = ICalendarReportWriter(generatorVersion: "0.0.0-test")

  @Test("golden: the example, fr_CA, America/Toronto")
  func golden() throws {
    let fixture = try ReportFixture()
    let text = try fixture.render(Self.writer, fixture.relativeExampleView())
    if let mismatch = snapshotMismatch(text, named: "example.fr_CA.ics") { Issue.record(Comment(rawValue: mismatch)) }
  }

  @Test("every line ends with CRLF and holds at most 75 octets; one VEVENT per task")
  func lines() throws {
    let fixture = try ReportFixture()
    let text = try fixture.render(Self.writer, fixture.exampleView())
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    let lines = text.dropLast(2).components(separatedBy: "\r\n")
    #expect(lines.allSatisfy { !$0.contains("\n") && !$0.contains("\r") && $0.utf8.count <= 75 })
    #expect(
      Array(lines.prefix(6)) == [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Post'TIM//posttim-report 0.0.0-test//EN", "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH", "X-WR-CALNAME:Agenda",
      ])
    #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 24)
    #expect(lines.filter { $0 == "DTSTAMP:20261130T140000Z" }.count == 24)
  }

  @Test("TEXT escaping: backslash, semicolon, comma, LF, CR LF and CR")
  func escaping() {
    #expect(ICalendarText.escapedText(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
    #expect(ICalendarText.escapedText("1\n2\r\n3\r4\n\n5") == #"1\n2\n3\n4\n\n5"#)
    #expect(ICalendarText.escapedText("\r\r\n") == #"\n\n"#)
    #expect(ICalendarText.escapedText(#"\n is not a newline"#) == #"\\n is not a newline"#)
    #expect(ICalendarText.escapedText("tab\tbell\u{7}del\u{7F}nul\u{0}") == "tab\tbelldelnul")
    #expect(ICalendarText.escapedText("\"quotes\": fine, 🎂") == "\"quotes\": fine\\, 🎂")
  }

  @Test("folding: 75 octets stay on one line, 76 fold; the continuation's space counts")
  func foldingBoundaries() {
    let a75 = String(repeating: "a", count: 75)
    #expect(ICalendarText.folded(a75) == a75 + "\r\n")
    #expect(ICalendarText.folded(a75 + "b") == a75 + "\r\n b\r\n")
    let a149 = String(repeating: "a", count: 149)
    #expect(ICalendarText.folded(a149) == a75 + "\r\n " + String(repeating: "a", count: 74) + "\r\n")
    #expect(ICalendarText.folded(a149 + "c") == a75 + "\r\n " + String(repeating: "a", count: 74) + "\r\n c\r\n")
    // 74 octets then a 2-octet "é": the "é" moves whole to the next line.
    let a74 = String(repeating: "a", count: 74)
    #expect(ICalendarText.folded(a74 + "é") == a74 + "\r\n é\r\n")
    #expect(ICalendarText.folded(a74 + "😀x") == a74 + "\r\n 😀x\r\n")
    #expect(ICalendarText.folded("") == "\r\n")
  }

  @Test("folding a 200-byte line of multi-byte characters never splits one")
  func foldingMultiByte() throws {
    // "DESCRIPTION:" (12) + 17 × "é€a😀" (2+3+1+4) + a ZWJ emoji (4+3+4)
    // + "e" and a combining acute (1+2) + "üü" (4) = 200 octets.
    let input = "DESCRIPTION:" + String(repeating: "é€a😀", count: 17) + "👩\u{200D}💻" + "e\u{301}" + "üü"
    #expect(input.utf8.count == 200)
    let folded = ICalendarText.folded(input)
    let bytes = Array(folded.utf8)
    // Split on CRLF at the byte level and check each physical line.
    var physical: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
        physical.append(current)
        current = []
        index += 2
      } else {
        current.append(bytes[index])
        index += 1
      }
    }
    #expect(current.isEmpty)
    #expect(physical.count >= 3)
    for (number, octets) in physical.enumerated() {
      #expect(octets.count <= 75)
      #expect(String(validating: octets, as: UTF8.self) != nil, "line \(number) is not whole UTF-8")
      if number > 0 { #expect(octets.first == 0x20) }
    }
    // Unfolding gives the line back.
    let unfolded = physical.enumerated().map { $0.offset == 0 ? $0.element : Array($0.element.dropFirst()) }
    #expect(String(decoding: Array(unfolded.joined()), as: UTF8.self) == input)
    // No fold leaves room for the next scalar: each full line is 72…75 octets.
    #expect(physical.dropLast().allSatisfy { $0.count >= 72 })
  }

  @Test("PRIORITY is 10 − importance; X-POSTTIM-IMPORTANCE keeps the importance", arguments: 1...9)
  func priority(importance: Int) throws {
    #expect(ICalendarReportWriter.priority(forImportance: importance) == 10 - importance)
    let fixture = try ReportFixture()
    let task = TaskEntry(title: "t", date: ReportFixture.now, importance: importance)
    let text = try fixture.render(Self.writer, fixture.presenter.view(of: try fixture.agenda([task])))
    #expect(text.contains("\r\nPRIORITY:\(10 - importance)\r\nX-POSTTIM-IMPORTANCE:\(importance)\r\n"))
  }

  @Test("one event, exactly: UID, DTSTAMP, DTSTART in UTC, escaped SUMMARY and DESCRIPTION")
  func event() throws {
    let fixture = try ReportFixture()
    let task = TaskEntry(
      title: "Réunion; budget, Q4", date: Date(timeIntervalSince1970: 1_796_047_200 + 5400), importance: 9,
      details: "Salle B\\204\r\nApporter: café")
    let view = fixture.presenter.view(of: try fixture.agenda([task]))
    let text = try fixture.render(Self.writer, view)
    // The UID was computed independently (Python FNV-1a 64 over the ISO
    // date, title, importance and description joined by U+001F).
    #expect(
      text.hasSuffix(
        """
        BEGIN:VEVENT\r
        UID:task-0a8df759e7d8f85c@posttim-report\r
        DTSTAMP:20261130T140000Z\r
        DTSTART:20261130T153000Z\r
        SUMMARY:Réunion\\; budget\\, Q4\r
        DESCRIPTION:Salle B\\\\204\\nApporter: café\r
        PRIORITY:1\r
        X-POSTTIM-IMPORTANCE:9\r
        END:VEVENT\r
        END:VCALENDAR\r

        """))
  }

  @Test("tasks in year 0 (distantPast) or after 9999 have no event; the calendar stays valid")
  func inexpressibleYears() throws {
    let fixture = try ReportFixture()
    let tasks = [
      TaskEntry(title: "ancient", date: .distantPast, importance: 1),
      TaskEntry(title: "far", date: Date(timeIntervalSince1970: 253_402_300_800), importance: 1),  // 10000-01-01Z
      TaskEntry(title: "now", date: ReportFixture.now, importance: 1),
    ]
    let text = try fixture.render(Self.writer, fixture.presenter.view(of: try fixture.agenda(tasks)))
    // RFC 5545 §3.3.5 DATE-TIME: date = 4DIGIT year; Python icalendar refuses year 0 ("Wrong datetime format").
    #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 2)
    #expect(text.contains("\r\nDTSTART:20261130T140000Z\r\nSUMMARY:now\r\n"))
    #expect(!text.contains("ancient") && !text.contains("far"))
    let only = try fixture.render(
      Self.writer,
      fixture.presenter.view(of: try fixture.agenda([TaskEntry(title: "a", date: .distantPast, importance: 1)])))
    #expect(!only.contains("BEGIN:VEVENT") && only.contains("BEGIN:VTIMEZONE"))
    #expect(ICalendarReportWriter.isExpressible("0001-01-01T00:00:00Z"))
    #expect(!ICalendarReportWriter.isExpressible("0000-12-30T00:00:00Z"))
    #expect(!ICalendarReportWriter.isExpressible("-0001-12-30T00:00:00Z"))
    #expect(!ICalendarReportWriter.isExpressible("+10000-01-01T00:00:00Z"))
  }

  @Test("an empty description has no DESCRIPTION; an empty title the untitled placeholder as SUMMARY")
  func emptyFields() throws {
    let fixture = try ReportFixture()
    let task = TaskEntry(title: "", date: ReportFixture.now, importance: 1)
    let text = try fixture.render(Self.writer, fixture.presenter.view(of: try fixture.agenda([task])))
    #expect(text.contains("\r\nSUMMARY:(sans titre)\r\nPRIORITY:9\r\n"))
    #expect(!text.contains("DESCRIPTION"))
  }

  @Test(
    "a title of spaces, line breaks or invisible characters is shown as the placeholder too; one with a letter is kept")
  func blankTitles() throws {
    let fixture = try ReportFixture()
    let blank = [
      "   ", "\n", "\u{200B}", "\u{3000}\u{200E}", "\t \u{A0}", "\u{1}", "\u{7F}\u{0}", " \u{301}", "\u{2800}",
    ]
    let shown = [" a ", "\u{200B}x", "é", "🎂", "e\u{301}", "\u{1}a"]
    let tasks = (blank + shown).enumerated().map { index, title in
      TaskEntry(title: title, date: ReportFixture.now.addingTimeInterval(Double(index) * 60), importance: 1)
    }
    let view = fixture.presenter.view(of: try fixture.agenda(tasks))
    let text = try fixture.render(Self.writer, view)
    let summaries = text.components(separatedBy: "\r\n").filter { $0.hasPrefix("SUMMARY:") }
    // A control beside a letter is kept as a title, and left out of iCalendar TEXT as ever.
    #expect(
      summaries
        == Array(repeating: "SUMMARY:(sans titre)", count: blank.count) + [
          "SUMMARY: a ", "SUMMARY:\u{200B}x", "SUMMARY:é", "SUMMARY:🎂", "SUMMARY:e\u{301}", "SUMMARY:a",
        ])
    #expect(
      view.sections.flatMap(\.tasks).map(\.displayTitle)
        == Array(repeating: "(sans titre)", count: blank.count) + shown)
  }

  @Test("UIDs: equal across two renders, distinct for distinct tasks")
  func uids() throws {
    func uids() throws -> [String] {
      let fixture = try ReportFixture()
      let text = try fixture.render(Self.writer, fixture.exampleView())
      return text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
    }
    let first = try uids()
    let second = try uids()
    #expect(first.count == 24)
    #expect(first == second)
    #expect(Set(first).count == first.count)
    #expect(first.allSatisfy { $0.hasPrefix("UID:task-") && $0.hasSuffix("@posttim-report") })
    // A different task (one field changed) gets a different UID.
    let a = TaskEntry(title: "A", date: ReportFixture.now, importance: 5)
    var b = a
    b.details = "x"
    #expect(a.stableID != b.stableID)
    let fixture = try ReportFixture()
    let view = fixture.presenter.view(of: try fixture.agenda([a, b, a]))
    let ids = view.sections.flatMap { $0.tasks.map { ICalendarReportWriter.uid(for: $0) } }
    #expect(ids.count == 3 && Set(ids).count == 3)
  }

  @Test("UTC DATE-TIME form #2 from ISO 8601")
  func dateTime() {
    #expect(ICalendarText.utcDateTime(fromISO: "2026-11-30T14:00:00Z") == "20261130T140000Z")
    #expect(ICalendarText.utcDateTime(fromISO: "0001-01-01T00:00:00Z") == "00010101T000000Z")
  }
}

@Suite("Stable task IDs")
struct StableIDTests {
  @Test("FNV-1a 64 of the fields joined by U+001F (values computed in Python)")
  func knownAnswers() {
    let task = TaskEntry(
      title: "Réunion; budget, Q4", date: Date(timeIntervalSince1970: 1_796_047_200 + 5400), importance: 9,
      details: "Salle B\\204\r\nApporter: café")
    #expect(task.stableID == "task-0a8df759e7d8f85c")
    // Any field changes the ID.
    var other = task
    other.importance = 8
    #expect(other.stableID != task.stableID)
  }
}
