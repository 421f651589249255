import Foundation
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
/// The plain-text part is the terminal format without colour: aligned
/// columns that read in any text-only mail reader with a fixed-width font,
/// the same text `--format text` writes. Readers with HTML show the HTML
/// part, which holds the full text of every task.
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
    /// `date` (today) and `count` (``MailWords/subject(pattern:)``); nil
    /// for the catalog's `mail.subject`.
    public var subject: String?
    /// The `Message-ID` (with its angle brackets); nil for a new one each
    /// message (``MessageID/make(domain:now:)``). A sender that may send one
    /// message twice (a retry after a crash) fixes it, so mail clients fold
    /// the copies.
    public var messageID: String?

    /// A message to `envelope`'s recipients, titled `subject`.
    public init(envelope: MailSettings, subject: String? = nil, messageID: String? = nil) {
      self.envelope = envelope
      self.subject = subject
      self.messageID = messageID
    }
  }

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
    text = TextReportWriter(options: textOptions)
    html = try TemplateReportWriter.html(options: options)
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
    return MIMEMessage(headers: headers, body: .alternative([.text("plain", plain), .text("html", page)]))
  }

  /// RFC 3282 `Language-List`: tags separated by ", " (header words
  /// are joined by spaces, so every tag but the last carries its comma).
  static func languageList(_ tags: [String]) -> [String] {
    tags.enumerated().map { $0.offset < tags.count - 1 ? $0.element + "," : $0.element }
  }

  /// The note as the first paragraph of the body, so a clipped view still
  /// shows it.
  static func insertingNote(_ note: String, into page: String) -> String {
    let paragraph =
      "<p role=\"note\" style=\"margin:0 0 1em;padding:.5em;border:1px solid #c90;\">"
      + HTMLEscaping.escape(note) + "</p>\n"
    guard let body = page.range(of: "<body"), let close = page[body.upperBound...].firstIndex(of: ">") else {
      return paragraph + page
    }
    var result = page
    result.insert(contentsOf: "\n" + paragraph, at: page.index(after: close))
    return result
  }
}
