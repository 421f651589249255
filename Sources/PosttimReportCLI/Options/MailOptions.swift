/// The e-mail options (`--format email`, docs/nightly-email.md).
/// Address options take one address or a comma-separated list; the list
/// is split by ``MailAddress/list(_:what:)``, which knows that a quoted
/// display name may hold a comma.
enum MailOptions {
  static let from = Option(
    OptionSpec(
      "mail-from", value: "ADDR", default: "LOGNAME@host name",
      help: "the From address; 'Zoë Tremblay <z@example.org>' works", group: .mail))
  static let to = Option(
    OptionSpec(
      "mail-to", value: "ADDR", repeatable: true, help: "To: an address or a comma-separated list; repeatable",
      discussion: "At least one is required with --format email.", group: .mail))
  static let cc = Option(
    OptionSpec(
      "mail-cc", value: "ADDR", repeatable: true, help: "Cc: an address or a comma-separated list; repeatable",
      group: .mail))
  static let replyTo = Option(
    OptionSpec(
      "reply-to", value: "ADDR", repeatable: true,
      help: "Reply-To: an address or a comma-separated list; repeatable", group: .mail))
  static let subject = Option(
    OptionSpec(
      "subject", value: "TEXT", default: "the catalog's mail.subject",
      help: "the subject, an ICU MessageFormat pattern that may use {date}, {from}, {to} and {count}",
      discussion: "{date} is the first day shown, or the range of days shown (\"1–3 décembre 2026\"); {from} and "
        + "{to} are the first and last days shown, each alone.",
      group: .mail))
  static let send = Flag(
    OptionSpec(
      "send", help: "deliver with sendmail -t -oi instead of printing (implies --format email)",
      discussion: "A missing sendmail or one that fails is exit 69; nothing is half-sent.", group: .mail))
  static let sendmail = Option(
    OptionSpec(
      "sendmail", value: "PATH", default: "/usr/sbin/sendmail",
      help: "the sendmail program --send runs; a name without / is looked up in PATH's absolute folders",
      discussion: "Empty and relative PATH entries are skipped.",
      group: .mail, completion: .file))
  static let sendTimeout = Option(
    spec: OptionSpec(
      "send-timeout", value: "SECONDS", default: "120", help: "kill sendmail (and its process group) if it runs longer",
      discussion: "The run then exits 75 (EX_TEMPFAIL) and says nothing was sent: a later run may succeed.",
      group: .mail),
    convert: OptionValues.integer("send-timeout", in: 1...86_400))
  static let attachICS = Flag(
    OptionSpec(
      "attach-ics",
      help: "attach the days shown as a calendar (agenda.ics, text/calendar; method=PUBLISH)",
      discussion:
        "One event per task of the days shown (days before today too, when --from reaches back), with the UIDs of "
        + "--format ics, so importing the next day's calendar updates the events instead of copying them; the "
        + "overdue section stays out. --remind adds alarms whose time is still ahead.",
      group: .mail))
  static let skipEmpty = Flag(
    OptionSpec(
      "skip-empty", help: "when the window holds no task, write and send nothing and exit 0", group: .mail))

  /// Options that only a message uses (``skipEmpty`` applies to every format).
  static let messageOnly: [OptionSpec] = [
    from.spec, to.spec, cc.spec, replyTo.spec, subject.spec, send.spec, sendmail.spec, sendTimeout.spec,
    attachICS.spec,
  ]

  static let all: [OptionSpec] = messageOnly + [skipEmpty.spec]
}
