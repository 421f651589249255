import FoundationEssentials
import PosttimReport

/// `posttim-report.1`, the man page in roff (man(7) macros), generated from
/// the option declarations: `posttim-report --generate-manpage`.
enum ManPage {
  static var text: String {
    var page = """
      .TH POSTTIM-REPORT 1 "" "posttim-report \(PosttimReportVersion.current)" "User Commands"
      .SH NAME
      posttim-report \\- turn Post'TIM task lists into localized agenda reports
      .SH SYNOPSIS
      .B posttim-report
      [\\fIoptions\\fR] \\fIFILE\\fR...
      .br
      .B posttim-report preview
      [\\fIoptions\\fR]
      .br
      .B posttim-report roster
      [\\fIoptions\\fR] \\fIROSTER.csv\\fR (\\fB\\-\\-send\\fR | \\fB\\-o\\fR \\fIDIR\\fR)
      .SH DESCRIPTION
      .B posttim-report
      reads Post'TIM task lists (listeDesTaches.plist: Apple property lists, XML or binary; \\fB\\-\\fR
      reads standard input) and writes an agenda grouped by local day, with dates formatted by the
      system ICU in any locale and IANA time zone.
      .PP
      .B preview
      shows how one UTS #35 skeleton or pattern comes out in several locales.
      .PP
      .B roster
      mails (or writes) each reader of a roster their own agenda, in their language and time zone, once a
      day from their local hour. The roster is RFC 4180 CSV with a header row: \\fBid\\fR (the reader's
      unique key), \\fBlist\\fR (the task list, relative to the roster's folder), \\fBat\\fR (local
      HH:MM, default 06:00) and any option a config file may set, but format, output, send, sendmail,
      now, template and dump\\-context. An empty cell means the command line's value, then the config
      file's. A reader is due when its local time has reached \\fBat\\fR and the journal holds no
      delivery for it and its local date. It prints one line per reader and a summary, and exits 75
      when a due reader failed (the next run retries it).

      """
    page += section("OPTIONS", ReportOptions.all)
    page += section("PREVIEW OPTIONS", PreviewOptions.all)
    page += section("ROSTER OPTIONS", RosterOptions.own)
    page += ".PP\nThe roster also takes the report's options but the other formats' and the information modes.\n"
    page += """
      .SH FILES
      .TP
      .I $XDG_CONFIG_HOME/posttim-report/config
      (else \\fI~/.config/posttim-report/config\\fR) default option values, read when it exists or
      named by \\fB\\-\\-config\\fR: one \\fIname\\fR = \\fIvalue\\fR per line, names as the long
      options, \\fBtrue\\fR or \\fBfalse\\fR for flags, \\fB#\\fR for comments. Options given on the
      command line override it.
      .TP
      .I $XDG_STATE_HOME/posttim-report/ROSTER.journal
      (else \\fI~/.local/state/posttim-report/\\fR, or \\fB\\-\\-state\\fR) the roster's deliveries,
      one line each, synced before the next reader; \\fIROSTER\\fR.shard\\-\\fIK\\fR\\-of\\-\\fIN\\fR.journal
      with \\fB\\-\\-shard\\fR.
      .SH ENVIRONMENT
      .TP
      .B LC_ALL, LC_TIME, LANG
      the default locale, in that order.
      .TP
      .B TZ
      the default time zone (else /etc/localtime, else /etc/timezone, else UTC).
      .TP
      .B TZDIR
      the tz database folder (default /usr/share/zoneinfo).
      .TP
      .B NO_COLOR
      no colour in the text format.
      .SH EXIT STATUS

      """
    for entry in ExitStatusDocumentation.entries {
      page += ".TP\n.B \(entry.code.rawValue)\n\(escape(entry.meaning))\n"
    }
    page += ".SH EXAMPLES\n"
    for example in examples {
      page += ".PP\n\(escape(example.text))\n.PP\n.RS 4\n.nf\n"
      page += example.lines.map { escape($0) }.joined(separator: "\n") + "\n.fi\n.RE\n"
    }
    page += """
      .SH SEE ALSO
      UTS #35 (Unicode Locale Data Markup Language: date field symbols and skeletons),
      RFC 4180 (CSV), RFC 5545 (iCalendar).

      """
    return page
  }

  /// The EXAMPLES section: what each does, then its lines as typed.
  static let examples: [(text: String, lines: [String])] = [
    (
      "An HTML agenda in French, in Toronto's local days:",
      [
        "posttim-report --locale fr_CA --time-zone America/Toronto --format html \\",
        "    -o agenda.html listeDesTaches.plist",
      ]
    ),
    (
      "The nightly e-mail: a crontab line (one line) that mails today's and tomorrow's tasks at 06:00 through the "
        + "local MTA (sendmail -t). Errors go to stderr, which cron mails to the crontab's owner (MAILTO), so "
        + "a missing or damaged list is reported, never silent:",
      [
        "0 6 * * * /usr/local/bin/posttim-report --send --days 2 --locale fr_CA --time-zone America/Toronto "
          + "--mail-to zoe@example.org $HOME/listeDesTaches.plist"
      ]
    ),
    (
      "The evening mail: at 21:00, tomorrow's tasks, and on the evening before the weekend every day up to "
        + "the next working day (the locale's week: Saturday to Monday for fr_CA, Friday to Sunday for ar_EG); "
        + "the subject names the days shown:",
      [
        "0 21 * * * /usr/local/bin/posttim-report --send --from tomorrow --to next-workday --locale fr_CA "
          + "--time-zone America/Toronto --mail-to zoe@example.org $HOME/listeDesTaches.plist"
      ]
    ),
    (
      "Debian's cron runs every job at the system zone's hours (it ignores CRON_TZ). To mail at 21:00 in "
        + "Toronto whatever the system zone, use a systemd user timer instead of the crontab line; its "
        + "errors go to the journal (journalctl --user -u posttim-report):",
      ["[Timer]", "OnCalendar=*-*-* 21:00:00 America/Toronto", "Persistent=true"]
    ),
    (
      "A roster: every hour, mail each reader whose local hour (the at column) has come and who has had no "
        + "mail today; four shards at once with GNU parallel:",
      [
        "0 * * * * /usr/local/bin/posttim-report roster /srv/agenda/roster.csv --send",
        "0 * * * * parallel -j4 posttim-report roster /srv/agenda/roster.csv --send --shard {}/4 ::: 0 1 2 3",
      ]
    ),
  ]

  static func section(_ title: String, _ specs: [OptionSpec]) -> String {
    var text = ".SH \(title)\n"
    for spec in specs {
      let long = "\\fB\\-\\-\(escape(spec.name))\\fR" + (spec.valueName.map { " \\fI\(escape($0))\\fR" } ?? "")
      text += ".TP\n" + (spec.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + long + "\n"
      text += escape(OptionsMarkdown.sentence(spec)) + "\n"
    }
    return text
  }

  /// Text safe in a roff line: backslashes and dashes escaped, non-ASCII
  /// as roff's `\[uXXXX]` escapes (groff reads its input as Latin-1), no
  /// line starting with a control character (`.` or `'`).
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case _ where !scalar.isASCII:
        escaped += "\\[u" + PaddedDigits.hex(Int(scalar.value), width: 4, uppercase: true) + "]"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }

}
