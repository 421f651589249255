import PosttimICU
import PosttimReport

/// The report command's options (`posttim-report [options] FILE...`).
/// Adding an option is one declaration here plus its use.
enum ReportOptions {
  // Output
  static let format = Option(
    spec: OptionSpec(
      "format", short: "f", value: "NAME", default: "markdown",
      help: WriterRegistry.standard.formats.dropLast().joined(separator: ", ") + " or "
        + WriterRegistry.standard.formats.last!,
      discussion: "markdown (GitHub Flavored Markdown), html (one HTML5 document, inline CSS), "
        + "csv (RFC 4180), json (one JSON document: the report's words, sections and tasks), "
        + "ics (iCalendar, RFC 5545, stable UIDs), text (aligned columns for terminals), "
        + "email (one RFC 5322 MIME message, text and HTML parts); --list-formats lists them.",
      group: .output, completion: .choices(WriterRegistry.standard.formats),
      seeAlso: "docs/json-schema.md (json), docs/nightly-email.md (email)"),
    convert: OptionValues.choice("format", WriterRegistry.standard.formats))
  static let output = Option(
    OptionSpec(
      "output", short: "o", value: "FILE", default: "stdout",
      help: "write FILE atomically (temporary file, then rename)",
      discussion:
        "A FILE the run reads (a task list, the config file, a template or catalog) is refused; '-' is standard output. {locale} in FILE "
        + "(report only) writes one file per --locale, named with its BCP 47 tag (agenda-fr-CA.html).",
      group: .output, commands: .all, completion: .file))
  static let writeTimeout = Option(
    spec: OptionSpec(
      "write-timeout", value: "SECONDS", default: "120",
      help: "the longest the whole write to a FIFO or device at -o may take, from its open to the last byte",
      discussion:
        "A reader too slow to take the whole report in that time (or none opening it) ends the run: exit 74 naming "
        + "the output. Raise it for a slow consumer. A regular file and standard output are not bounded this way.",
      group: .output, commands: [.report, .preview]),
    convert: OptionValues.integer("write-timeout", in: 1...86_400))
  static let template = Option(
    OptionSpec(
      "template", value: "FILE",
      help: "the report's layout (markdown, html): a full Mustache template or one inheriting {{<agenda}}",
      group: .output, completion: .file))
  static let templateDirectory = Option(
    OptionSpec(
      "template-dir", value: "DIR",
      help: "look for templates and message catalogs in DIR first (DIR/html/, DIR/markdown/, DIR/messages/)",
      group: .output, completion: .directory))
  static let dumpContext = Flag(
    OptionSpec(
      "dump-context", help: "print the data templates receive, as JSON (to -o FILE when given), and exit",
      group: .output))
  static let csvDelimiter = Option(
    spec: OptionSpec(
      "csv-delimiter", value: "C", default: ",", help: "CSV field separator: , ; | or \\t",
      group: .output, completion: .choices([",", ";", "|", "\\t"])),
    convert: { text throws -> Character in
      let allowed: [String: Character] = [",": ",", ";": ";", "\\t": "\t", "\t": "\t", "|": "|"]
      guard let character = allowed[text] else {
        throw UsageError("--csv-delimiter takes , ; | or \\t, got '\(OptionValues.quoted(text))'")
      }
      return character
    })
  static let csvByteOrderMark = Flag(
    OptionSpec("csv-bom", help: "start CSV with a UTF-8 byte order mark (for Excel)", group: .output))
  static let csvRawFormulas = Flag(
    OptionSpec(
      "csv-raw-formulas", help: "keep CSV title and description cells starting with = + - @ tab or CR as they are",
      discussion:
        "By default a ' is put in front of such cells so a spreadsheet does not run them as formulas (OWASP). The "
        + "date cells are the date pattern's output and are never changed (a --pattern that starts with an offset "
        + "gives -05:00 …).",
      group: .output))
  static let details = Flag(
    OptionSpec(
      "details", help: "add the task details part (the default for html)",
      discussion: "Details add only what an agenda row lacks: the exact time with its UTC offset, the source "
        + "entry and keys the tool does not know.", group: .output))
  static let noDetails = Flag(
    OptionSpec(
      "no-details", help: "leave the task details part out (the default for email: phones, Gmail's 102 KB clip)",
      group: .output))
  static let width = Option(
    spec: OptionSpec(
      "width", value: "N", default: "COLUMNS, else the terminal's, else 80",
      help: "text format: lines of at most N columns; long text wraps", group: .output),
    convert: OptionValues.integer("width", in: 20...1000))
  static let remind = Option(
    spec: OptionSpec(
      "remind", value: "LIST",
      help: "ics and --attach-ics: alarms this long before each task (15m, 2h, 1d, PT15M; comma-separated)",
      discussion:
        "Each lead time is one VALARM (ACTION:DISPLAY) on each event whose alarm time is still ahead of "
        + "now (a passed one would pop up, stale, on import), its text from the catalog's calendar.reminder; "
        + "a lead time given twice counts once.", group: .output),
    convert: { text in
      do {
        return try ReminderLeadTime.list(text)
      } catch {
        throw UsageError("--remind: \(error)")
      }
    })
  static let listFormats = Flag(
    OptionSpec("list-formats", help: "list the output formats and exit", group: .output, configurable: false))
  static let listLocales = Flag(
    OptionSpec(
      "list-locales", help: "list the message catalogs, how complete they are and their plural categories, and exit",
      discussion: "Each line gives messages found without English fallback (22/22), the language's CLDR plural "
        + "categories and its name; with --locale, the catalogs that locale uses, in fallback order. A "
        + "--template-dir catalog a report would refuse (a message that does not parse, a plural without `other`, "
        + "a placeholder its key is not given, a message that cannot be formatted with its arguments; exit-status "
        + "table, 78) is listed as `invalid` with the reason "
        + "under it, and the listing then ends with the report's own error and exit 78. With --locale, the "
        + "catalogs all its locales read from --template-dir are loaded as a report loads them: past the 4 MiB "
        + "one report may load, the listing ends with the report's error too.",
      group: .output, configurable: false))

  // Locale and time zone
  static let locale = Option(
    spec: OptionSpec(
      "locale", short: "l", value: "ID", repeatable: true, commaList: true, default: "LC_ALL, LC_TIME, LANG",
      help: "ICU locale ID or BCP 47 tag (fr_CA, fr-CA, ja-JP-u-ca-japanese, en-US-u-hc-h23)",
      discussion: "Default: LC_ALL, then LC_TIME, then LANG (fr_CA.UTF-8 gives fr_CA); C and POSIX mean en_US_POSIX. "
        + "Several locales (-l fr_CA,ar_EG -l ja_JP) give one report per locale in one output, or one file "
        + "each with -o 'NAME-{locale}.EXT'.",
      group: .locale, seeAlso: "docs/usage.md, \"Several locales in one run\""),
    convert: { try LocaleIdentifier(userInput: $0) })
  static let timeZone = Option(
    OptionSpec(
      "time-zone", short: "z", value: "ID", default: "the device zone",
      help:
        "IANA time zone ID (America/Toronto), a zone file's path, or POSIX TZ rules (AEST-10AEDT,M10.1.0,M4.1.0/3), "
        + "as TZ takes them; or an ISO 8601 offset (+05:30, -03:00: east of Greenwich positive; Z: UTC)",
      discussion: "Also :America/Toronto; a path is a file in the zoneinfo folder, a copy of one of its "
        + "zone files or a link to one (read as that zone; any other file is refused). "
        + "GMT+5 and GMT+05:00 are refused: TZ reads them as UTC−5, ICU as UTC+5. "
        + "Default: TZ (America/Toronto, :America/Toronto, a zoneinfo path, EST5EDT, a POSIX rule), "
        + "else /etc/localtime, else /etc/timezone, else UTC.",
      group: .locale, commands: .all, completion: .timeZones))

  // Dates
  static let skeleton = Option(
    OptionSpec(
      "skeleton", value: "SKEL", default: "jm",
      help: "task times from a UTS #35 skeleton, laid out the locale's way by ICU",
      discussion: "ICU's DateTimePatternGenerator keeps only the skeleton's fields and ignores its punctuation "
        + "and spaces, so the app's \"yyyy.MM.dd HH:mm\" adapts to the locale; --pattern keeps a layout verbatim.",
      group: .dates, commands: .all))
  static let pattern = Option(
    OptionSpec(
      "pattern", value: "PAT", help: "task times from a verbatim UTS #35 pattern (\"yyyy.MM.dd HH:mm\")",
      group: .dates, commands: .all))
  static let daySkeleton = Option(
    OptionSpec("day-skeleton", value: "SKEL", default: "yMMMMEEEEd", help: "day headers from a skeleton", group: .dates)
  )
  static let dayPattern = Option(
    OptionSpec("day-pattern", value: "PAT", help: "day headers from a verbatim pattern", group: .dates))
  static let noRelative = Flag(
    OptionSpec("no-relative", help: "no \"Today\", \"Tomorrow\" or \"Yesterday\" in day headers", group: .dates))

  // Agenda
  static let now = Option(
    OptionSpec(
      "now", value: "DATE-TIME", default: "the clock",
      help: "ISO 8601 instant taken as now (2026-11-30T09:00:00-05:00, …Z)", group: .agenda))
  static let from = Option(
    OptionSpec(
      "from", value: "DAY",
      help: "first local day shown: YYYY-MM-DD, today, tomorrow, yesterday, +N, -N or next-workday",
      discussion: "Days count from today in the report's zone (--now's local day), over the days the zone has "
        + "(Pacific/Apia skipped 2011-12-30: tomorrow from the 29th is the 31st); next-workday is the first "
        + "working day after today by the first locale's CLDR week (fr_CA rests Saturday-Sunday, ar_EG "
        + "Friday-Saturday, fa_IR Friday; en_US@rg=egzzzz takes Egypt's).",
      group: .agenda, completion: .choices(RelativeDay.keywords)))
  static let to = Option(
    OptionSpec(
      "to", value: "DAY", help: "last local day shown (inclusive), in the same words as --from",
      group: .agenda, completion: .choices(RelativeDay.keywords)))
  static let days = Option(
    spec: OptionSpec(
      "days", value: "N", help: "show N days from today (or from --from), today included", group: .agenda),
    convert: OptionValues.integer("days", in: 1...36_600))
  static let overdueDays = Option(
    spec: OptionSpec(
      "overdue-days", value: "N", help: "show only the overdue tasks of the last N days; 0 leaves them out",
      discussion: "Default: every overdue task. Only where there is an overdue section (no --from).",
      group: .agenda),
    convert: OptionValues.integer("overdue-days", in: 0...36_600))
  static let minimumImportance = Option(
    spec: OptionSpec(
      "min-importance", value: "N", default: "1", help: "leave out tasks below importance N (1…9)", group: .agenda),
    convert: OptionValues.integer("min-importance", in: 1...9))
  static let groupBy = Option(
    spec: OptionSpec(
      "group-by", value: "UNIT", default: "day",
      help:
        "one section per day or per week (weeks start on the locale's first weekday, or on the day its fw keyword"
        + " names: en-US-u-fw-mon)",
      group: .agenda, completion: .choices(["day", "week"])),
    convert: OptionValues.choice("grouping", ["day", "week"]))

  // Other
  static let config = Option(
    OptionSpec(
      "config", value: "FILE", default: "$XDG_CONFIG_HOME/posttim-report/config",
      help: "read default option values from FILE (name = value lines)",
      discussion: "Default: $XDG_CONFIG_HOME/posttim-report/config, else ~/.config/posttim-report/config, "
        + "when it exists. Command-line options override it.",
      group: .other, commands: .all, completion: .file, configurable: false))
  static let help = Flag(
    OptionSpec("help", short: "h", help: "show this help and exit", group: .other, commands: .all, configurable: false))
  static let version = Flag(
    OptionSpec(
      "version", help: "show the version and the ICU, CLDR and tz data versions, and exit", group: .other,
      configurable: false))
  static let generateManPage = Flag(
    OptionSpec(
      "generate-manpage", help: "print the man page (roff) and exit", group: .other, configurable: false))
  static let generateCompletionScript = Option(
    spec: OptionSpec(
      "generate-completion-script", value: "SHELL", help: "print the bash, zsh or fish completion script and exit",
      group: .other, completion: .choices(["bash", "zsh", "fish"]), configurable: false),
    convert: OptionValues.choice("shell", ["bash", "zsh", "fish"]))

  /// Every report option, in help order within each group.
  static let all: [OptionSpec] =
    [
      format.spec, output.spec, writeTimeout.spec, template.spec, templateDirectory.spec, dumpContext.spec,
      csvDelimiter.spec,
      csvByteOrderMark.spec, csvRawFormulas.spec, details.spec, noDetails.spec, width.spec, remind.spec,
      listFormats.spec,
      listLocales.spec,
    ] + MailOptions.all + [
      locale.spec, timeZone.spec,
      skeleton.spec, pattern.spec, daySkeleton.spec, dayPattern.spec, noRelative.spec,
      now.spec, from.spec, to.spec, days.spec, overdueDays.spec, minimumImportance.spec, groupBy.spec,
      config.spec, help.spec, version.spec, generateManPage.spec, generateCompletionScript.spec,
    ]
}
