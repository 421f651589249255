import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// Windows in a zone that skipped a whole date: Pacific/Apia went from
/// Thursday 2011-12-29 (UTC−10) to Saturday 2011-12-31 (UTC+14), and
/// Pacific/Kiritimati from Friday 1994-12-30 to Sunday 1995-01-01. Every
/// window form counts the days the zone has, and the subject, the sections
/// and the tasks shown name the same days. One task at local noon each day
/// (en_US: Saturday and Sunday rest).
@Suite("CLI: windows over a date the zone skipped")
struct SkippedDateWindowTests {
  /// Apia at local noon: the 27th–29th at UTC−10, the 31st on at UTC+14.
  static let apiaTasks: [(String, String)] = [
    ("dec27", "2011-12-27T22:00:00Z"), ("dec28", "2011-12-28T22:00:00Z"), ("dec29", "2011-12-29T22:00:00Z"),
    ("dec31", "2011-12-30T22:00:00Z"), ("jan1", "2011-12-31T22:00:00Z"), ("jan2", "2012-01-01T22:00:00Z"),
    ("jan3", "2012-01-02T22:00:00Z"),
  ]
  /// Kiritimati at local noon: the 30th at UTC−10, 1 January on at UTC+14.
  static let kiritimatiTasks: [(String, String)] = [
    ("dec30", "1994-12-30T22:00:00Z"), ("jan1", "1994-12-31T22:00:00Z"), ("jan2", "1995-01-01T22:00:00Z"),
  ]
  /// Thursday 2011-12-29, 21:00 in Apia.
  static let apiaThursday = "2011-12-29T21:00:00-10:00"
  /// Saturday 2011-12-31, 12:30 in Apia.
  static let apiaSaturday = "2011-12-31T12:30:00+14:00"

  /// A task list holding `tasks` (title, instant), in a fresh folder.
  static func list(_ tasks: [(String, String)]) throws -> (folder: URL, path: String) {
    let folder = try temporaryFolder()
    let formatter = ISO8601DateFormatter()
    let entries: [[String: Any]] = tasks.map { title, instant in
      ["tache": title, "date": formatter.date(from: instant)!, "importance": "5"]
    }
    let path = folder.appending(path: "tasks.plist")
    try PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0).write(to: path)
    return (folder, path.path)
  }

  /// The titles a CSV run shows, and the subject of the same run as mail.
  static func shown(
    _ tasks: [(String, String)], zone: String = "Pacific/Apia", now: String, _ window: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (titles: [String], subject: String) {
    let (folder, path) = try list(tasks)
    defer { try? FileManager.default.removeItem(at: folder) }
    let common = [path, "-l", "en_US", "-z", zone, "--now", now] + window
    let run = expectRun(arguments: common + ["-f", "csv"], exit: .success, sourceLocation: sourceLocation)
    // date (quoted, with commas), tache, importance, description, date_utc
    let titles = run.stdout.split(separator: "\r\n").dropFirst().map { row in
      let fields = row.split(separator: ",", omittingEmptySubsequences: false)
      return String(fields[fields.count - 4])
    }
    let subject = EveningWindowTests.subject(common + EveningWindowTests.mail, sourceLocation: sourceLocation)
    return (titles, subject)
  }

  static let range = "\u{2009}–\u{2009}"

  @Test(
    "each window form at Thursday 21:00 in Apia names and shows the days the zone has",
    arguments: [
      (["--from", "tomorrow", "--to", "tomorrow"], ["dec31"], "Saturday, December 31, 2011"),
      (
        ["--from", "tomorrow", "--to", "next-workday"], ["dec31", "jan1", "jan2"],
        "Saturday, December 31, 2011\(range)Monday, January 2, 2012"
      ),
      (
        ["--to", "next-workday"], ["dec27", "dec28", "dec29", "dec31", "jan1", "jan2"],
        "Thursday, December 29, 2011\(range)Monday, January 2, 2012"
      ),
      (
        ["--from", "+1", "--to", "+2"], ["dec31", "jan1"], "Saturday, December 31, 2011\(range)Sunday, January 1, 2012"
      ),
      (["--from", "next-workday", "--to", "next-workday"], ["jan2"], "Monday, January 2, 2012"),
      (
        ["--from", "today", "--days", "2"], ["dec29", "dec31"],
        "Thursday, December 29\(range)Saturday, December 31, 2011"
      ),
      (
        ["--from", "tomorrow", "--days", "2"], ["dec31", "jan1"],
        "Saturday, December 31, 2011\(range)Sunday, January 1, 2012"
      ),
      (
        ["--from", "2011-12-28", "--to", "2012-01-01"], ["dec28", "dec29", "dec31", "jan1"],
        "Wednesday, December 28, 2011\(range)Sunday, January 1, 2012"
      ),
    ] as [([String], [String], String)])
  func apiaThursdayEvening(window: [String], titles: [String], subject: String) throws {
    let shown = try Self.shown(Self.apiaTasks, now: Self.apiaThursday, window)
    #expect(shown.titles == titles)
    #expect(shown.subject == "Agenda for " + subject)
  }

  @Test(
    "on Saturday in Apia, yesterday is Thursday and the overdue days reach back past the skipped Friday",
    arguments: [
      (["--from", "yesterday", "--to", "yesterday"], ["dec29"], "Agenda for Thursday, December 29, 2011"),
      (
        ["--from", "-2", "--to", "-1"], ["dec28", "dec29"],
        "Agenda for Wednesday, December 28\(range)Thursday, December 29, 2011"
      ),
      (["--overdue-days", "1", "--to", "today"], ["dec29", "dec31"], "Agenda for Saturday, December 31, 2011"),
      (
        ["--overdue-days", "2", "--to", "today"], ["dec28", "dec29", "dec31"], "Agenda for Saturday, December 31, 2011"
      ),
    ] as [([String], [String], String)])
  func apiaSaturday(window: [String], titles: [String], subject: String) throws {
    let shown = try Self.shown(Self.apiaTasks, now: Self.apiaSaturday, window)
    #expect(shown.titles == titles)
    #expect(shown.subject == subject)
  }

  @Test("tomorrow from Friday 30 December 1994 in Kiritimati is Sunday 1 January 1995, with its task")
  func kiritimati() throws {
    let now = "1994-12-30T21:00:00-10:00"
    let tomorrow = try Self.shown(
      Self.kiritimatiTasks, zone: "Pacific/Kiritimati", now: now, ["--from", "tomorrow", "--to", "tomorrow"])
    #expect(tomorrow.titles == ["jan1"])
    #expect(tomorrow.subject == "Agenda for Sunday, January 1, 1995")
    let next = try Self.shown(
      Self.kiritimatiTasks, zone: "Pacific/Kiritimati", now: now, ["--from", "+1", "--to", "+2"])
    #expect(next.titles == ["jan1", "jan2"])
    let yesterday = try Self.shown(
      Self.kiritimatiTasks, zone: "Pacific/Kiritimati", now: "1995-01-01T09:00:00+14:00",
      ["--from", "yesterday", "--to", "yesterday"])
    #expect(yesterday.titles == ["dec30"])
    #expect(yesterday.subject == "Agenda for Friday, December 30, 1994")
  }

  @Test("--skip-empty still sends tomorrow's mail: tomorrow is the 31st, which has a task")
  func skipEmpty() throws {
    let (folder, path) = try Self.list(Self.apiaTasks)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = expectRun(
      arguments: [
        path, "-l", "en_US", "-z", "Pacific/Apia", "--now", Self.apiaThursday, "--from", "tomorrow", "--to",
        "tomorrow", "--skip-empty",
      ] + EveningWindowTests.mail, exit: .success)
    #expect(run.stdout.contains("\r\nSubject: Agenda for Saturday, December 31, 2011\r\n"))
  }

  @Test("the 31st's section is tomorrow's on the 29th")
  func relativeHeading() throws {
    let (folder, path) = try Self.list(Self.apiaTasks)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = expectRun(
      arguments: [
        path, "-l", "en_US", "-z", "Pacific/Apia", "--now", Self.apiaThursday, "--from", "today", "--to",
        "+2", "-f", "text",
      ], exit: .success)
    #expect(run.stdout.contains("Today — Thursday, December 29, 2011\n"))
    #expect(run.stdout.contains("Tomorrow — Saturday, December 31, 2011\n"))
    #expect(run.stdout.contains("\nSunday, January 1, 2012\n"))
  }

  @Test("a skipped date given as a date is refused, naming it and the zone")
  func skippedDateGiven() throws {
    let (folder, path) = try Self.list(Self.apiaTasks)
    defer { try? FileManager.default.removeItem(at: folder) }
    expectRun(
      arguments: [path, "-l", "en_US", "-z", "Pacific/Apia", "--now", Self.apiaThursday, "--from", "2011-12-30"],
      exit: .usage,
      error: "posttim-report: error: --from/--to: 2011-12-30 is not a day in Pacific/Apia: the zone skipped that date")
  }

  @Test("a roster reader at 23:30 in Apia on the 29th gets Saturday 31 to Monday 2 January")
  func rosterReader() throws {
    let fixture = try RosterFixture(
      """
      id,list,at,locale,time-zone,mail-to,from,to
      ana,tasks.plist,23:30,en_US,Pacific/Apia,ana@example.org,tomorrow,next-workday

      """)
    defer { fixture.remove() }
    let (folder, path) = try Self.list(Self.apiaTasks)
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.removeItem(atPath: fixture.folder.appending(path: "tasks.plist").path)
    try FileManager.default.copyItem(atPath: path, toPath: fixture.folder.appending(path: "tasks.plist").path)
    let (status, run) = fixture.send(at: "2011-12-30T09:35:00Z")
    #expect(status == .success, "\(run.stderr)")
    let message = try #require(fixture.messages.first)
    let text = decodedText(message)
    #expect(text.contains("Tomorrow — Saturday, December 31, 2011"))
    #expect(text.contains("Monday, January 2, 2012"))
    #expect(!text.contains("jan3") && !text.contains("dec29"))
  }

  @Test("a roster reader due at 23:15 on the 29th is still served at 00:10 on the 31st, the next day of the zone")
  func rosterLateOverSkippedDate() throws {
    let fixture = try RosterFixture(
      """
      id,list,at,locale,time-zone,mail-to,from,to
      ana,tasks.plist,23:15,en_US,Pacific/Apia,ana@example.org,tomorrow,tomorrow

      """)
    defer { fixture.remove() }
    // 00:10 on the 31st at UTC+14.
    let (status, run) = fixture.send(at: "2011-12-30T10:10:00Z")
    #expect(status == .success, "\(run.stderr)")
    let message = try #require(fixture.messages.first)
    #expect(header("Date", in: message) == "Thu, 29 Dec 2011 23:15:00 -1000")
    #expect(run.stdout.contains("(2011-12-29, 23:15 Pacific/Apia)"))
  }
}
