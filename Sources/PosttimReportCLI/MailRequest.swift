import Foundation
import PosttimICU
import PosttimReport

/// The e-mail options of one run (`--mail-from`, `--mail-to`, `--mail-cc`,
/// `--reply-to`, `--subject`, `--send`, `--sendmail`, `--skip-empty`),
/// checked before any input is read.
struct MailRequest {
  /// The envelope, for `--format email`; nil for other formats.
  var settings: MailSettings?
  /// The `--subject` pattern, checked to format with ICU.
  var subjectPattern: String?
  /// `--send`: pipe the message to ``sendmailPath`` instead of writing it.
  var send: Bool
  var sendmailPath: String
  /// `--skip-empty`: an empty window writes (and sends) nothing.
  var skipEmpty: Bool

  init(
    _ parsed: ParsedOptions, format: String, locale: LocaleIdentifier, environment: [String: String],
    now: Date
  ) throws {
    skipEmpty = parsed.isSet(MailOptions.skipEmpty)
    send = parsed.isSet(MailOptions.send)
    sendmailPath = try parsed.value(MailOptions.sendmail) ?? SendmailDelivery.defaultPath
    guard format == "email" else {
      if send { throw UsageError("--send needs --format email (or no --format), not '\(format)'") }
      if let option = MailOptions.messageOnly.first(where: parsed.has) {
        throw UsageError("--\(option.name) applies to --format email, not '\(format)'")
      }
      return
    }
    if sendmailPath.isEmpty { throw UsageError("option '--sendmail' needs a program path") }
    if send, parsed.has(ReportOptions.output.spec) {
      throw UsageError("use --send or --output, not both")
    }
    let to = try parsed.values(MailOptions.to).flatMap { try MailAddress.list($0, what: "--mail-to") }
    guard !to.isEmpty else {
      throw UsageError("--format email needs at least one recipient: --mail-to ADDRESS")
    }
    let cc = try parsed.values(MailOptions.cc).flatMap { try MailAddress.list($0, what: "--mail-cc") }
    let replyTo = try parsed.values(MailOptions.replyTo).flatMap { try MailAddress.list($0, what: "--reply-to") }
    let from = try parsed.resolve(MailOptions.from) { try MailAddress($0, what: "--mail-from") }
      ?? Self.defaultSender(environment)
    if let pattern = try parsed.value(MailOptions.subject) {
      try MailError.checkHeaderSafe(pattern, what: "--subject")
      do {
        _ = try ICUMessageFormat(pattern, locale: locale).format(["date": .string("1"), "count": .number(1)])
      } catch {
        throw MailError(.invalidSubject, "--subject '\(pattern)' is not a valid message pattern: \(error)")
      }
      subjectPattern = pattern
    }
    settings = MailSettings(from: from, to: to, cc: cc, replyTo: replyTo, date: now)
  }

  /// `LOGNAME@host` (as mail(1) does) when `--mail-from` is not given.
  static func defaultSender(_ environment: [String: String]) throws -> MailAddress {
    let user = [environment["LOGNAME"], environment["USER"]].compactMap { $0 }.first { !$0.isEmpty } ?? "posttim-report"
    let host = MessageID.hostName ?? "localhost"
    do {
      return try MailAddress("\(user)@\(host)", what: "the default sender")
    } catch {
      throw UsageError("\(error); give the sender with --mail-from ADDRESS")
    }
  }
}
