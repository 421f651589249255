import FoundationEssentials
import Glibc
import PosttimICU
import PosttimReport

extension RunPlan {
  /// An e-mail with no `--mail-to` anywhere.
  static let noRecipient = UsageError("--format email needs at least one recipient: --mail-to ADDRESS")

  /// The e-mail options of one run (`--mail-from`, `--mail-to`, `--mail-cc`,
  /// `--reply-to`, `--subject`, `--send`, `--sendmail`, `--send-timeout`,
  /// `--skip-empty`),
  /// each checked once, here.
  struct Mailing {
    /// The envelope and subject pattern, for `--format email`; nil for
    /// other formats.
    let message: EmailReportWriter.Options?
    /// `--send`: the sendmail program the message is handed to.
    let sendmail: String?
    /// `--send-timeout`: seconds sendmail may run before it is killed.
    let sendTimeout: Int
    /// `--skip-empty`: an empty window writes (and sends) nothing.
    let skipsEmpty: Bool

    /// - Parameters:
    ///   - locale: the first locale, in which `--subject` must format.
    ///   - timeZone: the zone the message's `Date` is written in.
    ///   - now: the message's `Date`.
    init(
      resolving options: ParsedOptions, format: String, locale: LocaleIdentifier, timeZone: TimeZoneIdentifier,
      environment: [String: String], now: Date
    ) throws {
      skipsEmpty = options.isSet(MailOptions.skipEmpty)
      let send = options.isSet(MailOptions.send)
      let sendmailPath = try options.value(MailOptions.sendmail) ?? SendmailDelivery.defaultPath
      sendTimeout = try options.value(MailOptions.sendTimeout) ?? SendmailDelivery.defaultTimeout
      // Alarms live in a calendar: --format ics, or the mail's attached one.
      if options.has(ReportOptions.remind.spec), options.origin(of: ReportOptions.remind.spec) == .commandLine,
        format != "ics", !(format == "email" && options.isSet(MailOptions.attachICS))
      {
        throw UsageError("--remind applies to --format ics and to e-mail with --attach-ics, not '\(format)'")
      }
      guard format == "email" else {
        // The config file may hold mail settings for the nightly job; only
        // what this command line says is a mistake for another format.
        let needsEmail = "--send needs --format email (or no --format), not '\(format)'"
        if send, options.origin(of: MailOptions.send.spec) == .commandLine { throw UsageError(needsEmail) }
        // Both in the file contradict each other (a command-line --format
        // replaces the file's send instead).
        if send, case .configFile? = options.origin(of: ReportOptions.format.spec) {
          throw options.conflict([MailOptions.send.spec, ReportOptions.format.spec], needsEmail)
        }
        if let option = MailOptions.messageOnly.first(where: {
          options.has($0) && options.origin(of: $0) == .commandLine
        }) {
          throw UsageError("--\(option.name) applies to --format email, not '\(format)'")
        }
        (message, sendmail) = (nil, nil)
        return
      }
      // RFC 5322 §3.3 has no year before 1900 (nor an era) for the Date header.
      let year = try MailDate.year(now, timeZone: timeZone)
      if year < MailDate.earliestYear {
        throw UsageError(
          "--now \(ISO8601.utcString(now)) is in the year \(year) in \(timeZone.id): an e-mail's Date header "
            + "needs a year from \(MailDate.earliestYear) on (RFC 5322)")
      }
      if sendmailPath.isEmpty { throw UsageError("option '--sendmail' needs a program path") }
      // Where the message goes, said twice in one layer (the command line
      // replaces the config file's: ParsedOptions.alternatives).
      for other in [ReportOptions.output.spec, ReportOptions.dumpContext.spec] where send && options.has(other) {
        throw options.conflict([MailOptions.send.spec, other], "use --send or --\(other.name), not both")
      }
      sendmail = send ? sendmailPath : nil
      let to = try options.resolveAll(MailOptions.to) { try MailAddress.list($0, what: "--mail-to") }
      guard !to.isEmpty else { throw RunPlan.noRecipient }
      let cc = try options.resolveAll(MailOptions.cc) { try MailAddress.list($0, what: "--mail-cc") }
      let replyTo = try options.resolveAll(MailOptions.replyTo) { try MailAddress.list($0, what: "--reply-to") }
      let from =
        try options.resolve(MailOptions.from) { try MailAddress($0, what: "--mail-from") }
        ?? Self.defaultSender(environment)
      let subject = try options.resolve(MailOptions.subject) { pattern in
        try MailError.checkHeaderSafe(pattern, what: "--subject")
        // The pattern shortened: the reason must survive any cap on the message.
        let shown = TerminalText.echo(pattern, limit: 80)
        switch MailWords.problem(inSubject: pattern, locale: locale) {
        case .invalidPattern(let reason)?:
          throw MailError(.invalidSubject, "--subject '\(shown)' is not a valid message pattern: \(reason)")
        case .unknownPlaceholders(let reason)?, .quotedPlaceholders(let reason)?:
          throw MailError(.invalidSubject, "--subject '\(shown)': \(reason)")
        case nil: break
        }
        return pattern
      }
      let calendar =
        options.isSet(MailOptions.attachICS)
        ? ICalendarReportWriter.Options(reminders: try options.value(ReportOptions.remind) ?? []) : nil
      message = EmailReportWriter.Options(
        envelope: MailSettings(from: from, to: to, cc: cc, replyTo: replyTo, date: now), subject: subject,
        calendar: calendar)
    }

    /// `LOGNAME@host` (as mail(1) does) when `--mail-from` is not given.
    static func defaultSender(_ environment: [String: String]) throws -> MailAddress {
      // Cron and `env -i` may set neither variable: the user's own name from
      // the password database then, as mail(1) does.
      let user =
        [environment["LOGNAME"], environment["USER"]].compactMap { $0 }.first { !$0.isEmpty }
        ?? getpwuid(geteuid()).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
        ?? "posttim-report"
      let host = MessageID.hostName ?? "localhost"
      do {
        return try MailAddress("\(user)@\(host)", what: "the default sender")
      } catch {
        throw UsageError("\(error); give the sender with --mail-from ADDRESS")
      }
    }
  }
}
