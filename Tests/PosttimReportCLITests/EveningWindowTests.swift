import Foundation
import PosttimReportCLI
import Testing
import TestSupport

/// The evening mail: `--from tomorrow --to next-workday` (command line or
/// config file) resolved in the report's zone with the first locale's CLDR
/// working days, and a subject naming the days shown. Each `--now` is 21:00
/// local time, written in UTC (in Toronto already the next day there).
/// Expected days by hand: 2026-12-04 is a Friday; fr_CA rests
/// Saturday–Sunday, ar_EG Friday–Saturday, fa_IR Friday (CLDR 42). ICU's
/// French ranges put thin spaces (U+2009) around the en dash.
@Suite("CLI: the evening window and its subject")
struct EveningWindowTests {
  static let mail = ["-f", "email", "--mail-to", "prof@example.org", "--mail-from", "agenda@example.org"]
  static let evening = ["--from", "tomorrow", "--to", "next-workday"]

  /// The run's decoded Subject header (RFC 2047 base64 words joined).
  static func subject(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
    let run = expectRun(arguments: arguments, exit: .success, sourceLocation: sourceLocation)
    let header = run.stdout.components(separatedBy: "\r\n\r\n")[0].replacingOccurrences(of: "\r\n ", with: " ")
    guard let line = header.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("Subject: ") }) else {
      return ""
    }
    var words: [(text: String, encoded: Bool)] = []
    for word in line.dropFirst("Subject: ".count).split(separator: " ", omittingEmptySubsequences: false) {
      if word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?="),
        let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2))),
        let text = String(data: data, encoding: .utf8)
      {
        words.append((text, true))
      } else {
        words.append((String(word), false))
      }
    }
    // The space between two encoded words is not part of the text (RFC 2047 §6.2).
    var text = ""
    for (index, word) in words.enumerated() {
      if index > 0, !(word.encoded && words[index - 1].encoded) { text += " " }
      text += word.text
    }
    return text
  }

  static func run(_ locale: String, _ zone: String, now: String, _ extra: [String] = []) -> [String] {
    [TestPaths.example.path, "-l", locale, "-z", zone, "--now", now] + mail + extra
  }

  @Test(
    "tomorrow … next-workday on a Friday or Thursday evening: the days of each locale's weekend",
    arguments: [
      ("fr_CA", "America/Toronto", "2026-12-05T02:00:00Z", "samedi 5 décembre 2026|lundi 7 décembre 2026"),
      ("ar_EG", "Africa/Cairo", "2026-12-03T19:00:00Z", "الجمعة، ٤ ديسمبر ٢٠٢٦|الأحد، ٦ ديسمبر ٢٠٢٦"),
      ("fa_IR", "Asia/Tehran", "2026-12-03T17:30:00Z", "۱۴۰۵ آذر ۱۳, جمعه|۱۴۰۵ آذر ۱۴, شنبه"),
      // English words, Egypt's week (the rg override).
      (
        "en_US@rg=egzzzz", "America/Toronto", "2026-12-04T02:00:00Z",
        "Friday, December 4, 2026|Sunday, December 6, 2026"
      ),
      // A Monday evening: tomorrow is the next working day.
      ("fr_CA", "America/Toronto", "2026-12-01T02:00:00Z", "mardi 1 décembre 2026|mardi 1 décembre 2026"),
    ])
  func eveningDays(locale: String, zone: String, now: String, days: String) {
    #expect(Self.subject(Self.run(locale, zone, now: now, Self.evening + ["--subject", "{from}|{to}"])) == days)
  }

  @Test(
    "the default subject names the days shown, a range through ICU's date-interval formatter",
    arguments: [
      ("fr_CA", "America/Toronto", "2026-12-05T02:00:00Z", "Agenda du samedi 5\u{2009}–\u{2009}lundi 7 décembre 2026"),
      ("ar_EG", "Africa/Cairo", "2026-12-03T19:00:00Z", "جدول أعمال الجمعة، ٤ – الأحد، ٦ ديسمبر، ٢٠٢٦"),
      ("fa_IR", "Asia/Tehran", "2026-12-03T17:30:00Z", "برنامهٔ جمعه ۱۳ آذر تا شنبه ۱۴ آذر ۱۴۰۵"),
      // Monday 21:00: one day, tomorrow's date, not the day the job runs.
      ("fr_CA", "America/Toronto", "2026-12-01T02:00:00Z", "Agenda du mardi 1 décembre 2026"),
    ])
  func defaultSubject(locale: String, zone: String, now: String, subject: String) {
    #expect(Self.subject(Self.run(locale, zone, now: now, Self.evening)) == subject)
  }

  @Test("without a window the subject is today's date; {date} in --subject is the range")
  func todayAndPattern() {
    let morning = Self.run("fr_CA", "America/Toronto", now: "2026-11-30T14:00:00Z")
    #expect(Self.subject(morning) == "Agenda du lundi 30 novembre 2026")
    #expect(
      Self.subject(morning + ["--days", "3", "--subject", "{count} tâches : {date}"])
        == "15 tâches : lundi 30 novembre\u{2009}–\u{2009}mercredi 2 décembre 2026")
  }

  @Test("from = tomorrow and to = next-workday in the config file, with an evening crontab's command line")
  func configFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "config")
    try "locale = fr_CA\ntime-zone = America/Toronto\nfrom = tomorrow\nto = next-workday\n"
      .write(to: config, atomically: true, encoding: .utf8)
    let arguments = [TestPaths.example.path, "--config", config.path, "--now", "2026-12-05T02:00:00Z"] + Self.mail
    #expect(Self.subject(arguments) == "Agenda du samedi 5\u{2009}–\u{2009}lundi 7 décembre 2026")
    try "from = tomorow\n".write(to: config, atomically: true, encoding: .utf8)
    expectRun(
      arguments: [TestPaths.example.path, "--config", config.path], exit: .configuration,
      error: "posttim-report: error: \(config.path):1:8: --from: 'tomorow' is not a day; did you mean 'tomorrow'?")
  }

  @Test(
    "an unusable day is refused with exit 64, naming the option and the text",
    arguments: [
      (["--from", "tomorow"], "--from: 'tomorow' is not a day; did you mean 'tomorrow'?"),
      (["--to", "+9999999"], "--to: '+9999999' is too far: +N and -N count at most 36600 days"),
      (["--from", "+3", "--to", "yesterday"], "--to (yesterday: 2026-11-29) is before --from (+3: 2026-12-03)"),
      (
        ["--from", "someday"],
        "--from: 'someday' is not a day: use a date (YYYY-MM-DD), today, tomorrow, "
          + "yesterday, +N or -N (days from today) or next-workday"
      ),
    ])
  func refused(arguments: [String], message: String) {
    expectRun(
      arguments: [TestPaths.example.path, "-z", "America/Toronto", "--now", "2026-11-30T14:00:00Z"] + arguments,
      exit: .usage, error: "posttim-report: error: \(message)")
  }
}
