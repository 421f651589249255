import FoundationEssentials
import PosttimICU
import PosttimTemplating

/// One RFC 5322 message ready for `sendmail -t` (`--format email`):
/// `multipart/alternative` with the `text` writer's output as `text/plain`
/// and the `html` writer's output as `text/html`, both UTF-8: the writer
/// composes those two writers (``TextReportWriter``, the HTML
/// ``TemplateReportWriter``), for one locale or several.
///
/// Headers: `Date` (RFC 5322 §3.3, in the report's zone), `From`, `To`,
/// `Cc`, `Reply-To`, `Subject` (the report's ``MailWords/subject``, RFC 2047
/// encoded words where not ASCII), `Message-ID`, `Content-Language` (RFC
/// 3282, the report's BCP 47 tag), `Auto-Submitted: auto-generated` (RFC
/// 3834: vacation responders stay quiet) and Microsoft's
/// `X-Auto-Response-Suppress: All` for the same purpose.
///
/// The plain-text part is the terminal format without colour, always in
/// blocks (``TextReportWriter/Layout/blocks``: time and importance, then
/// title and description indented below), one layout whatever the tasks,
/// which reads in any text-only mail reader at any width. Readers with HTML
/// show the HTML part, which holds the full text of every task; its details
/// part is left out unless ``WriterOptions/showDetails`` asks for it.
///
/// Gmail clips a message whose HTML is over about 102 KB: then the HTML
/// part starts with the localized ``MailWords/clippedNote`` (the rest is
/// the HTML writer's output unchanged), and the plain-text part stays
/// complete.
public struct EmailReportWriter: ReportWriter {
  /// The e-mail writer's own options: the envelope and the subject.
  public struct Options: Sendable {
    /// Sender, recipients and date.
    public var envelope: MailSettings
    /// The Subject as an ICU MessageFormat pattern with the arguments
    /// `date` (the days shown), `from`, `to` and `count`
    /// (``MailWords/subject(pattern:)``); nil
    /// for the catalog's `mail.subject`.
    public var subject: String?
    /// The calendar the message carries (`--attach-ics`), nil for none.
    public var calendar: ICalendarReportWriter.Options?
    /// The `Message-ID` (with its angle brackets); nil for a new one each
    /// message (``MessageID/make(domain:now:)``). A sender that may send one
    /// message twice (a retry after a crash) fixes it, so mail clients fold
    /// the copies.
    public var messageID: String?

    /// A message to `envelope`'s recipients, titled `subject`, carrying
    /// `calendar` when given.
    public init(
      envelope: MailSettings, subject: String? = nil, calendar: ICalendarReportWriter.Options? = nil,
      messageID: String? = nil
    ) {
      self.envelope = envelope
      self.subject = subject
      self.calendar = calendar
      self.messageID = messageID
    }
  }

  /// The calendar attachment's file name.
  public static let calendarFileName = "agenda.ics"

  public let format = "email"
  private(set) var options: Options
  /// The `text/plain` part's writer (never in colour).
  let text: TextReportWriter
  /// The `text/html` part's writer.
  let html: TemplateReportWriter

  /// HTML larger than this (UTF-8 bytes, before transfer encoding) gets
  /// ``MailWords/clippedNote``: Gmail clips HTML over about 102 KB.
  public static let gmailClipBytes = 102_000

  /// A writer of messages per `mail`, whose parts are written with
  /// `options` (templates, width, details).
  /// - Throws: a `TemplateError` from the HTML templates.
  public init(_ mail: Options, options: WriterOptions = WriterOptions()) throws {
    self.options = mail
    var textOptions = options
    textOptions.useColor = false
    text = TextReportWriter(options: textOptions, layout: .blocks)
    // A mail is read once, on a phone as often as not: no details part
    // unless asked (`showDetails`), and then no task title links to one.
    html = try TemplateReportWriter.html(options: options, detailsByDefault: false)
  }

  /// The writer for a run's ``Options``.
  /// - Throws: ``MailError`` (`.noEnvelope`) when `options` has none, a
  ///   `TemplateError` from the HTML templates.
  public init(options: WriterOptions) throws {
    guard let mail = options[Options.self] else {
      throw MailError(.noEnvelope, "an e-mail needs a sender and at least one recipient (EmailReportWriter.Options)")
    }
    try self.init(mail, options: options)
  }

  /// This writer for another message (envelope, subject, Message-ID),
  /// sharing its parts' writers: many messages alike but for their
  /// recipients (a roster's readers) parse the templates once.
  /// Whether the HTML part holds each task's details (`--details`), and
  /// whether an iCalendar file is attached: parts the message holds whole,
  /// which the memory check before reading counts.
  public var holdsDetails: Bool { html.showDetails }
  public var attachesCalendar: Bool { options.calendar != nil }
  /// The HTML part's details link to task IDs; the calendar's UIDs are them.
  public var showsTaskIDs: Bool { html.showsTaskIDs || attachesCalendar }

  public func addressed(_ mail: Options) -> EmailReportWriter {
    var writer = self
    writer.options = mail
    return writer
  }

  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) throws {
    try write(several: [report], to: &output)
  }

  /// One multi-language message (``message(for:)``).
  public func write<Output: TextOutputStream>(several reports: [ReportView], to output: inout Output) throws {
    output.write(try message(for: reports).rendered(boundary: MIMEMessage.makeBoundary()))
  }

  /// The message for one report, or for several locales' reports of one
  /// agenda (`-l fr_CA,ar_EG`), before it is serialized: both parts hold
  /// every locale (the text and HTML writers' own several-locale output),
  /// `Subject`, `Date` and the clipping note follow the first locale, and
  /// `Content-Language` lists every locale's tag (RFC 3282 §2: "fr-CA,
  /// ar-EG"). One message, because the recipients are the same for every
  /// locale: N messages would put N copies of one agenda in each inbox.
  /// - Precondition: `reports` is not empty.
  /// - Throws: ``MailError`` for a subject with CR, LF or NUL or one ICU
  ///   cannot format; ``ICUError``; a `TemplateError`.
  public func message(for reports: [ReportView]) throws -> MIMEMessage {
    let report = reports[0]
    var plain = ""
    try text.write(reports, to: &plain)
    var page = ""
    try html.write(reports, to: &page)
    let calendar = self.calendar(for: report)
    if calendar != nil {
      page = Self.insertingNote(report.mail.calendarNote(file: Self.calendarFileName), into: page)
    }
    // After the calendar's note: Gmail counts every byte of the HTML part.
    if page.utf8.count > Self.gmailClipBytes {
      page = Self.insertingNote(report.mail.clippedNote, into: page)
    }
    let envelope = options.envelope
    let zone = try TimeZoneIdentifier(report.timeZoneID)
    if let messageID = options.messageID { try MailError.checkHeaderSafe(messageID, what: "the Message-ID") }
    let subject = try options.subject.map { try report.mail.subject(pattern: $0) } ?? report.mail.subject
    var headers = [
      HeaderField(
        name: "Date", words: try MailDate.string(envelope.date, timeZone: zone).split(separator: " ").map(String.init)),
      MailSettings.addressField("From", [envelope.from]),
      MailSettings.addressField("To", envelope.to),
    ]
    if !envelope.cc.isEmpty { headers.append(MailSettings.addressField("Cc", envelope.cc)) }
    if !envelope.replyTo.isEmpty { headers.append(MailSettings.addressField("Reply-To", envelope.replyTo)) }
    headers += [
      try HeaderField.unstructured("Subject", subject),
      HeaderField(
        name: "Message-ID",
        words: [options.messageID ?? MessageID.make(domain: envelope.messageIDDomain, now: envelope.date)]),
      HeaderField(name: "Content-Language", words: Self.languageList(reports.map(\.languageTag))),
      HeaderField(name: "Auto-Submitted", words: ["auto-generated"]),
      HeaderField(name: "X-Auto-Response-Suppress", words: ["All"]),
    ]
    let alternative = MIMEMessage.Entity.alternative([.text("plain", plain), .text("html", page)])
    guard let calendar else { return MIMEMessage(headers: headers, body: alternative) }
    let attachment = MIMEMessage.Part(
      subtype: "calendar", text: calendar, parameters: ["method=PUBLISH"], fileName: Self.calendarFileName)
    return MIMEMessage(headers: headers, body: .multipart(subtype: "mixed", [alternative, .part(attachment)]))
  }

  /// The calendar part's text: the first locale's events of the days
  /// shown (overdue tasks left out, see ``ICalendarReportWriter/Options``);
  /// nil without `calendar` options or without such a task.
  func calendar(for report: ReportView) -> String? {
    guard var calendar = options.calendar,
      report.sections.contains(where: { $0.kind != "overdue" })
    else { return nil }
    calendar.includesOverdue = false
    var text = ""
    ICalendarReportWriter(calendar).write(report, to: &text)
    return text
  }

  /// RFC 3282 `Language-List`: tags separated by ", " (header words
  /// are joined by spaces, so every tag but the last carries its comma),
  /// each once: `ja_JP` and `ja-JP-u-ca-japanese` are both "ja-JP".
  static func languageList(_ tags: [String]) -> [String] {
    var seen: Set<String> = []
    let tags = tags.filter { seen.insert($0).inserted }
    return tags.enumerated().map { $0.offset < tags.count - 1 ? $0.element + "," : $0.element }
  }

  /// The note as the first paragraph of the body, so a clipped view still
  /// shows it.
  static func insertingNote(_ note: String, into page: String) -> String {
    let paragraph =
      "<p role=\"note\" style=\"margin:0 0 1em;padding:.5em;border:1px solid #c90;\">"
      + HTMLEscaping.escape(note) + "</p>\n"
    guard let body = page.firstRange(of: "<body"), let close = page[body.upperBound...].firstIndex(of: ">") else {
      return paragraph + page
    }
    var result = page
    result.insert(contentsOf: "\n" + paragraph, at: page.index(after: close))
    return result
  }
}
