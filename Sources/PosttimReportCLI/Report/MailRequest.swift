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
      // The config file may hold mail settings for the nightly job; only
      // what this command line says is a mistake for another format.
      if send, parsed.origin(of: MailOptions.send.spec) == .commandLine {
        throw UsageError("--send needs --format email (or no --format), not '\(format)'")
      }
      if let option = MailOptions.messageOnly.first(where: { parsed.has($0) && parsed.origin(of: $0) == .commandLine })
      {
        throw UsageError("--\(option.name) applies to --format email, not '\(format)'")
      }
      send = false
      return
    }
    if sendmailPath.isEmpty { throw UsageError("option '--sendmail' needs a program path") }
    if send, parsed.has(ReportOptions.output.spec) {
      let hint = parsed.origin(of: MailOptions.send.spec) == .commandLine ? "" : "; --no-send turns it off"
      throw UsageError("use \(parsed.source(of: MailOptions.send.spec)) or --output, not both\(hint)")
    }
    let to = try parsed.resolveAll(MailOptions.to) { try MailAddress.list($0, what: "--mail-to") }
    guard !to.isEmpty else {
      throw UsageError("--format email needs at least one recipient: --mail-to ADDRESS")
    }
    let cc = try parsed.resolveAll(MailOptions.cc) { try MailAddress.list($0, what: "--mail-cc") }
    let replyTo = try parsed.resolveAll(MailOptions.replyTo) { try MailAddress.list($0, what: "--reply-to") }
    let from =
      try parsed.resolve(MailOptions.from) { try MailAddress($0, what: "--mail-from") }
      ?? Self.defaultSender(environment)
    subjectPattern = try parsed.resolve(MailOptions.subject) { pattern in
      try MailError.checkHeaderSafe(pattern, what: "--subject")
      do {
        _ = try ICUMessageFormat(pattern, locale: locale).format(["date": .string("1"), "count": .number(1)])
      } catch {
        throw MailError(.invalidSubject, "--subject '\(pattern)' is not a valid message pattern: \(error)")
      }
      return pattern
    }
    settings = MailSettings(from: from, to: to, cc: cc, replyTo: replyTo, date: now)
  }

  /// `LOGNAME@host` (as mail(1) does) when `--mail-from` is not given.
  static func defaultSender(_ environment: [String: String]) throws -> MailAddress {
    let user =
      [environment["LOGNAME"], environment["USER"]].compactMap { $0 }.first { !$0.isEmpty } ?? "posttim-report"
    let host = MessageID.hostName ?? "localhost"
    do {
      return try MailAddress("\(user)@\(host)", what: "the default sender")
    } catch {
      throw UsageError("\(error); give the sender with --mail-from ADDRESS")
    }
  }
}
