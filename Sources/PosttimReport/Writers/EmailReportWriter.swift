import Foundation
import PosttimICU
import PosttimTemplating

/// One RFC 5322 message ready for `sendmail -t` (`--format email`):
/// `multipart/alternative` with the `text` writer's output as `text/plain`
/// and the `html` writer's output as `text/html`, both UTF-8.
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
  public let format = "email"
  let settings: MailSettings
  let text: TextReportWriter
  let html: TemplateReportWriter

  /// HTML larger than this (UTF-8 bytes, before transfer encoding) gets
  /// ``MailWords/clippedNote``: Gmail clips HTML over about 102 KB.
  public static let gmailClipBytes = 102_000

  /// - Throws: ``MailError`` when `options.mail` is missing (no `--mail-to`),
  ///   a `TemplateError` from the HTML templates.
  public init(options: WriterOptions) throws {
    guard let settings = options.mail else {
      throw MailError(.invalidAddress, "--format email needs at least one recipient (--mail-to)")
    }
    self.settings = settings
    var textOptions = options
    textOptions.useColor = false
    text = TextReportWriter(options: textOptions)
    html = try TemplateReportWriter.html(options: options)
  }

  public func write<Output: TextOutputStream>(_ report: ReportView, to output: inout Output) throws {
    output.write(try message(for: report).rendered(boundary: MIMEMessage.makeBoundary()))
  }

  /// The message, before it is serialized.
  /// - Throws: ``MailError`` for a subject with CR, LF or NUL; ``ICUError``;
  ///   a `TemplateError`.
  public func message(for report: ReportView) throws -> MIMEMessage { try message(for: [report]) }

  /// One message for several locales' reports of one agenda (`-l
  /// fr_CA,ar_EG`): both parts hold every locale (``LocaleReports``),
  /// `Subject`, `Date` and the clipping note follow the first locale, and
  /// `Content-Language` lists every locale's tag (RFC 3282 §2: "fr-CA,
  /// ar-EG"). One message, because the recipients are the same for every
  /// locale: N messages would put N copies of one agenda in each inbox.
  /// - Precondition: `reports` is not empty.
  public func message(for reports: [ReportView]) throws -> MIMEMessage {
    let report = reports[0]
    var plain = ""
    try LocaleReports.write(reports, with: text, to: &plain)
    var page = ""
    try LocaleReports.write(reports, with: html, to: &page)
    if page.utf8.count > Self.gmailClipBytes {
      page = Self.insertingNote(report.mail.clippedNote, into: page)
    }
    let zone = try TimeZoneIdentifier(report.timeZoneID)
    var headers = [
      HeaderField(
        name: "Date", words: try MailDate.string(settings.date, timeZone: zone).split(separator: " ").map(String.init)),
      MailSettings.addressField("From", [settings.from]),
      MailSettings.addressField("To", settings.to),
    ]
    if !settings.cc.isEmpty { headers.append(MailSettings.addressField("Cc", settings.cc)) }
    if !settings.replyTo.isEmpty { headers.append(MailSettings.addressField("Reply-To", settings.replyTo)) }
    headers += [
      try HeaderField.unstructured("Subject", report.mail.subject),
      HeaderField(name: "Message-ID", words: [MessageID.make(domain: settings.messageIDDomain, now: settings.date)]),
      HeaderField(name: "Content-Language", words: Self.languageList(reports.map(\.languageTag))),
      HeaderField(name: "Auto-Submitted", words: ["auto-generated"]),
      HeaderField(name: "X-Auto-Response-Suppress", words: ["All"]),
    ]
    return MIMEMessage(
      headers: headers, parts: [.init(subtype: "plain", text: plain), .init(subtype: "html", text: page)])
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
