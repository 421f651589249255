import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// `posttim-report roster`, in-process, with real files and a real
/// sendmail program (a shell script that keeps what it is handed).
@Suite("Roster command")
struct RosterCommandTests {
  /// Six readers: three due at 12:00Z, Jerusalem due at 21:00 local with
  /// tomorrow's agenda, Los Angeles due at 06:00 local, one list missing.
  static let sixReaders = """
    id,list,at,locale,time-zone,mail-to,from,to
    zoe,tasks.plist,06:00,fr_CA,America/Toronto,zoe@example.org,,
    amira,tasks.plist,07:30,ar_EG,Africa/Cairo,amira@example.org,,
    ken,tasks.plist,,ja_JP,Asia/Tokyo,ken@example.org,,
    noa,tasks.plist,21:00,he_IL,Asia/Jerusalem,noa@example.org,tomorrow,tomorrow
    sam,tasks.plist,,en_US,America/Los_Angeles,sam@example.org,,
    max,missing.plist,,en_US,Europe/Paris,max@example.org,,

    """

  @Test(
    "six readers at 12:00Z: three mailed in their language and zone, the missing list named, exit 75; none again that hour; Jerusalem's tomorrow at 19:30Z"
  )
  func sixReadersThroughTheDay() throws {
    let fixture = try RosterFixture(Self.sixReaders)
    defer { fixture.remove() }
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(status.rawValue == 75)
    #expect(
      run.stdout == """
        zoe: sent \(fixture.messageID("zoe", "20261201")) (2026-12-01, 06:00 America/Toronto)
        amira: sent \(fixture.messageID("amira", "20261201")) (2026-12-01, 07:30 Africa/Cairo)
        ken: sent \(fixture.messageID("ken", "20261201")) (2026-12-01, 06:00 Asia/Tokyo)
        noa: not due until 21:00 (Asia/Jerusalem)
        sam: not due until 06:00 (America/Los_Angeles)
        max: failed: row 7: \(fixture.folder.path)/missing.plist: no such file
        roster: 3 sent, 2 not due, 0 already sent, 1 failed

        """)
    #expect(
      run.stderr == [
        RosterMissingListTests.warning(fixture, row: 7, id: "max", list: "missing.plist"),
        RosterFixture.newJournalNote(fixture.state),
        "posttim-report: error: 1 reader failed (named above); the next run retries it",
      ])
    let messages = fixture.messages
    #expect(messages.map { header("To", in: $0) } == ["zoe@example.org", "amira@example.org", "ken@example.org"])
    #expect(messages.map { header("Content-Language", in: $0) } == ["fr-CA", "ar-EG", "ja-JP"])
    #expect(
      messages.map { header("Date", in: $0) } == [
        "Tue, 01 Dec 2026 07:00:00 -0500", "Tue, 01 Dec 2026 14:00:00 +0200", "Tue, 01 Dec 2026 21:00:00 +0900",
      ])
    #expect(
      messages.map { header("Message-ID", in: $0) }
        == ["zoe", "amira", "ken"].map { fixture.messageID($0, "20261201") })
    // Each in its language: the French subject, the Japanese day header.
    #expect(header("Subject", in: messages[0]) == "Agenda du mardi 1 =?UTF-8?B?ZMOpY2VtYnJl?= 2026")
    #expect(decodedText(messages[2]).contains("2026年12月1日火曜日"))
    #expect(decodedText(messages[1]).contains("الثلاثاء"))

    let (again, second) = fixture.send(at: "2026-12-01T12:40:00Z")
    #expect(again.rawValue == 75)
    #expect(fixture.messages.count == 3)
    #expect(second.stdout.split(separator: "\n").prefix(3).allSatisfy { $0.contains(": already sent at ") })
    #expect(second.stdout.hasSuffix("roster: 0 sent, 2 not due, 3 already sent, 1 failed\n"))

    let (evening, third) = fixture.send(at: "2026-12-01T19:30:00Z")
    #expect(evening.rawValue == 75)
    let lines = third.stdout.split(separator: "\n").map(String.init)
    #expect(lines[3] == "noa: sent \(fixture.messageID("noa", "20261201")) (2026-12-01, 21:00 Asia/Jerusalem)")
    // Tokyo's next local day has begun and its 06:00 is not yet reached.
    #expect(lines[2] == "ken: not due until 06:00 (Asia/Tokyo)")
    let noa = try #require(fixture.messages.first { header("To", in: $0) == "noa@example.org" })
    #expect(header("Content-Language", in: noa) == "he-IL")
    let body = decodedText(noa)
    // Tomorrow (2 December in Jerusalem) only: its 06:59, not today's bill.
    #expect(body.contains("Sauvegarder le portable"))
    #expect(!body.contains("Payer la facture"))
  }

  @Test("shards 0/3, 1/3 and 2/3 together send each due reader exactly once; the whole roster then finds them sent")
  func shardsTogether() throws {
    var csv = "id,list,at,locale,time-zone,mail-to\n"
    for index in 0..<30 {
      let (locale, zone) = [("fr_CA", "America/Toronto"), ("ja_JP", "Asia/Tokyo"), ("en_US", "America/Los_Angeles")][
        index % 3]
      csv += "r\(index),tasks.plist,,\(locale),\(zone),r\(index)@example.org\n"
    }
    let fixture = try RosterFixture(csv)
    defer { fixture.remove() }
    var shardLines: [String] = []
    for shard in ["0/3", "1/3", "2/3"] {
      let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z", ["--shard", shard])
      #expect(status == .success, "\(run.stderr)")
      shardLines += run.stdout.split(separator: "\n").dropLast().map(String.init)
    }
    // Toronto and Tokyo are due (20 readers), Los Angeles (05:00 there) is not.
    let sentTo = fixture.messages.compactMap { header("To", in: $0) }
    #expect(sentTo.count == 20)
    #expect(Set(sentTo).count == 20)
    #expect(Set(sentTo) == Set((0..<30).filter { $0 % 3 != 2 }.map { "r\($0)@example.org" }))
    #expect(shardLines.count == 30)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.state).sorted() == [
        "roster.lock", "roster.shard-0-of-3.journal", "roster.shard-1-of-3.journal", "roster.shard-2-of-3.journal",
      ])
    // Unsharded (N changed), it reads the shards' journals: nothing again.
    let (status, whole) = fixture.send(at: "2026-12-01T12:30:00Z")
    #expect(status == .success)
    #expect(whole.stdout.hasSuffix("roster: 0 sent, 10 not due, 20 already sent, 0 failed\n"))
    #expect(fixture.messages.count == 20)
  }

  @Test(
    "a bad roster is refused whole, naming row and column, before anything is sent",
    arguments: [
      ("list,locale\ntasks.plist,fr_CA\n", 65, "roster 'ROSTER', row 1: no 'id' column"),
      ("id,mail-to\na,a@example.org\n", 65, "roster 'ROSTER', row 1: no 'list' column"),
      (
        "id,list,mail-to,lcoale\na,tasks.plist,a@example.org,fr_CA\n", 65,
        "roster 'ROSTER', row 1, column 'lcoale': not a roster column: id, list, at or an option a config file may set "
          + "(did you mean 'locale'?)"
      ),
      (
        "id,list,mail-to,sendmail\na,tasks.plist,a@example.org,/bin/true\n", 65,
        "roster 'ROSTER', row 1, column 'sendmail': is set for the whole roster, on the command line, not per reader"
      ),
      (
        "id,list,mail-to\na,tasks.plist,a@example.org\nb,tasks.plist,b@example.org\na,tasks.plist,c@example.org\n", 65,
        "roster 'ROSTER', row 4, column 'id': 'a' is also the ID of row 2"
      ),
      (
        "id,list,mail-to\n../a,tasks.plist,a@example.org\n", 65,
        "roster 'ROSTER', row 2, column 'id': '../a' starts with '.'"
      ),
      (
        "id,list,mail-to\na/b,tasks.plist,a@example.org\n", 65,
        "roster 'ROSTER', row 2, column 'id': 'a/b' may hold only letters, digits and . _ - @ +"
      ),
      (
        "id,list,mail-to,at\na,tasks.plist,a@example.org,6:00:30\n", 65,
        "roster 'ROSTER', row 2, column 'at': '6:00:30' is not a wall time HH:MM (00:00 to 23:59; "
          + "H:MM and HH:MM:00 are read too)"
      ),
      (
        "id,list,mail-to,time-zone\na,tasks.plist,a@example.org,UTC\nb,tasks.plist,b@example.org,Mars/Olympus\n", 65,
        "roster 'ROSTER', row 3, column 'time-zone': unknown time zone \"Mars/Olympus\" (expected an IANA time zone ID"
      ),
      (
        "id,list,mail-to,locale\na,tasks.plist,a@example.org,xx_NOPE_1234567\n", 65,
        "roster 'ROSTER', row 2, column 'locale': "
      ),
      ("id,list\na,tasks.plist\n", 64, "roster 'ROSTER', row 2: --format email needs at least one recipient"),
      (
        "id,list,mail-to\na,tasks.plist,\"a@example.org\n", 65,
        "roster 'ROSTER', row 2, column 'mail-to': a quote that is never closed"
      ),
    ])
  func refusedWhole(csv: String, status: Int32, error: String) throws {
    let fixture = try RosterFixture(csv)
    defer { fixture.remove() }
    let (code, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(code.rawValue == status, "\(run.stderr)")
    let first = try #require(run.stderr.first)
    #expect(first.hasPrefix("posttim-report: error: " + error.replacingOccurrences(of: "ROSTER", with: fixture.roster)))
    #expect(run.stdout == "")
    #expect(fixture.messages.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: fixture.state))
  }

  @Test("every bad row is named, one line each")
  func everyBadRow() throws {
    let fixture = try RosterFixture(
      "id,list,mail-to,at\na,tasks.plist,a@example.org,25:00\n,tasks.plist,b@example.org,\nc,,c@example.org,\n")
    defer { fixture.remove() }
    let (code, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(code == .dataError)
    let roster = fixture.roster
    #expect(
      run.stderr == [
        "posttim-report: error: roster '\(roster)', row 2, column 'at': '25:00' is not a wall time HH:MM (00:00 to 23:59; "
          + "H:MM and HH:MM:00 are read too)",
        "posttim-report: error: roster '\(roster)', row 3, column 'id': empty: every reader needs an ID",
        "posttim-report: error: roster '\(roster)', row 4, column 'list': empty: name the reader's task list",
      ])
  }

  @Test("usage: one roster, --send or -o DIR (not both), a K/N shard; exit 64 with the roster's usage line")
  func usage() throws {
    let fixture = try RosterFixture("id,list,mail-to\na,tasks.plist,a@example.org\n")
    defer { fixture.remove() }
    for (arguments, message) in [
      (["roster", fixture.roster], "say how to deliver: --send, or -o DIR to write DIR/ID.eml"),
      (["roster", fixture.roster, "--send", "-o", fixture.folder.path], "use --send or -o DIR, not both"),
      (["roster", "--send"], "no roster given (name a ROSTER.csv)"),
      (
        ["roster", fixture.roster, "--send", "--shard", "3/3"],
        "--shard takes K/N with 0 <= K < N <= 1000000, got '3/3'"
      ),
      (
        ["roster", fixture.roster, "--send", "--shard", "0/1000001"],
        "--shard takes K/N with 0 <= K < N <= 1000000, got '0/1000001'"
      ),
      (["roster", fixture.roster, "--send", "--format", "html"], "unknown option '--format'"),
    ] {
      expectRun(
        arguments: arguments, exit: .usage,
        stderr: [
          "posttim-report: error: " + message, "Usage: posttim-report roster [options] ROSTER.csv (--send | -o DIR)",
          "See 'posttim-report roster --help' for more information.",
        ])
    }
  }

  @Test("-o DIR writes DIR/ID.eml with the derived Message-ID; the journal keeps a re-run from writing it again")
  func folderDelivery() throws {
    let fixture = try RosterFixture(
      "id,list,locale,time-zone,mail-to\nzoë.t,tasks.plist,fr_CA,America/Toronto,z@example.org\n")
    defer { fixture.remove() }
    let out = fixture.folder.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    let arguments = [
      "roster", fixture.roster, "-o", out, "--state", fixture.state, "--mail-from", "r@example.org", "--now",
      "2026-12-01T12:00:00Z",
    ]
    let first = expectRun(arguments: arguments, exit: .success, stderr: [RosterFixture.newJournalNote(fixture.state)])
    let id = fixture.messageID("zoë.t", "20261201")
    #expect(
      first.stdout
        == "zoë.t: written \(id) (2026-12-01, 06:00 America/Toronto)\nroster: 1 written, 0 not due, 0 already written, 0 failed\n"
    )
    let path = out + "/zoë.t.eml"
    let message = try String(contentsOfFile: path, encoding: .utf8)
    #expect(header("Message-ID", in: message) == id)
    try "kept".write(toFile: path, atomically: true, encoding: .utf8)
    let second = expectRun(arguments: arguments, exit: .success, stderr: [])
    #expect(second.stdout.hasPrefix("zoë.t: already written at "))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept")
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["zoë.t.eml"])
    let journal = try String(contentsOfFile: fixture.state + "/roster.journal", encoding: .utf8)
    #expect(journal.hasPrefix("# roster: \(fixture.roster)\nzoë.t\t2026-12-01\t\(id)\t"))
    #expect(journal.hasSuffix("\twritten\n"))
  }

  @Test("a journal in use by another run: exit 75, nothing sent")
  func journalInUse() throws {
    let fixture = try RosterFixture("id,list,mail-to,time-zone\na,tasks.plist,a@example.org,UTC\n")
    defer { fixture.remove() }
    let holder = try RosterJournalHolder(folder: fixture.state, name: "roster.journal")
    defer { _ = holder }
    let (code, run) = fixture.send(at: "2026-12-01T12:00:00Z")
    #expect(code.rawValue == 75)
    #expect(
      run.stderr == [
        "posttim-report: error: journal '\(fixture.state)/roster.journal' is in use by another run; nothing was done"
      ])
    #expect(fixture.messages.isEmpty)
  }

  @Test(
    "a row's cells override the command line, which overrides the config file (but for its recipients); flags take true or false"
  )
  func layers() throws {
    let fixture = try RosterFixture(
      "id,list,mail-to,subject,skip-empty,time-zone\na,tasks.plist,,Row {count},,UTC\nb,tasks.plist,b@example.org,,,UTC\n"
        + "c,tasks.plist,c@example.org,,true,UTC\n")
    defer { fixture.remove() }
    let config = try fixture.config(
      "mail-to = config@example.org\nmail-cc = boss@example.org\nreply-to = config@example.org\nsubject = Config\n"
        + "format = html\nsend = false\n")
    let (code, run) = fixture.send(
      at: "2026-12-01T12:00:00Z",
      ["--config", config, "--mail-to", "line@example.org", "--subject", "Line", "--from", "2030-01-01", "--days", "1"])
    #expect(code == .success, "\(run.stderr)")
    let messages = fixture.messages
    #expect(messages.map { header("To", in: $0) } == ["line@example.org", "b@example.org"])
    #expect(messages.map { header("Cc", in: $0) } == [nil, nil])
    #expect(messages.map { header("Reply-To", in: $0) } == ["config@example.org", "config@example.org"])
    #expect(messages.map { header("Subject", in: $0) } == ["Row 0", "Line"])
    #expect(run.stdout.hasSuffix("roster: 2 sent, 1 empty (--skip-empty), 0 not due, 0 already sent, 0 failed\n"))
    #expect(run.stdout.contains("c: nothing to send: no tasks (--skip-empty)\n"))
  }

  @Test("the config file's mail-to is the nightly report's: a reader with no recipient of its own refuses the roster")
  func configRecipientsAreNotTheReaders() throws {
    let fixture = try RosterFixture(
      "id,list,mail-to,time-zone\nzoe,tasks.plist,zoe@example.org,UTC\nbob,tasks.plist,,UTC\n")
    defer { fixture.remove() }
    let config = try fixture.config("mail-to = nightly@example.org\nmail-cc = nightly-copy@example.org\n")
    let (code, run) = fixture.send(at: "2026-12-01T12:00:00Z", ["--config", config])
    #expect(code == .usage)
    #expect(
      run.stderr.first
        == "posttim-report: error: roster '\(fixture.roster)', row 3: --format email needs at least one recipient: "
        + "a mail-to cell, or --mail-to for every reader (a config file's mail-to is the nightly report's, not taken "
        + "by a roster)"
    )
    #expect(fixture.messages.isEmpty)
  }

  @Test("one reader's sendmail hanging past --send-timeout fails that reader only; the next run sends it")
  func hangingSendmail() throws {
    let fixture = try RosterFixture(
      "id,list,time-zone,mail-to\na,tasks.plist,UTC,a@example.org\nslow,tasks.plist,UTC,slow@example.org\n"
        + "c,tasks.plist,UTC,c@example.org\n")
    defer { fixture.remove() }
    // Hangs on the slow reader's message until the flag file exists.
    let flag = fixture.folder.appending(path: "release").path
    let hanging = fixture.folder.appending(path: "hanging.sh").path
    try """
    #!/bin/sh
    message=$(mktemp)
    cat > "$message"
    if grep -q '^To: slow@example.org' "$message" && [ ! -e '\(flag)' ]; then sleep 30; fi
    '\(fixture.sendmail)' < "$message"
    rm -f "$message"

    """.write(toFile: hanging, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hanging)
    let (status, run) = fixture.send(at: "2026-12-01T12:00:00Z", ["--send-timeout", "1"], sendmail: hanging)
    #expect(status.rawValue == 75)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines[0].hasPrefix("a: sent "))
    #expect(lines[1].hasPrefix("slow: failed: row 3: "))
    #expect(lines[2].hasPrefix("c: sent "))
    #expect(fixture.messages.compactMap { header("To", in: $0) } == ["a@example.org", "c@example.org"])
    FileManager.default.createFile(atPath: flag, contents: Data())
    let (again, second) = fixture.send(at: "2026-12-01T12:30:00Z", ["--send-timeout", "1"], sendmail: hanging)
    #expect(again == .success, "\(second.stdout)")
    #expect(
      fixture.messages.compactMap { header("To", in: $0) } == ["a@example.org", "c@example.org", "slow@example.org"])
  }
}
