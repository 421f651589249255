enum HelpText {
  static let usage = "Usage: posttim-report [options] FILE... (- for stdin)"
  static let previewUsage = "Usage: posttim-report preview [--locale ID[,ID…]]… (--skeleton SKEL | --pattern PAT) [options]"

  static let full = """
    posttim-report: turn Post'TIM task lists (listeDesTaches.plist) into a
    localized agenda: Markdown, HTML, CSV, JSON, iCalendar or text.

    \(usage)
    \(previewUsage)

    Input:
      FILE...                  XML or binary property lists; - reads stdin

    Output:
      -f, --format NAME        markdown (default), html, csv, json, ics, text (see --list-formats)
      -o, --output FILE        write FILE atomically (default: stdout)
          --template FILE      the report's layout (full, or inheriting {{<agenda}})
          --template-dir DIR   look for templates and messages in DIR first
          --dump-context       print the data templates receive, as JSON, and exit
          --csv-delimiter C    , (default) ; | or \\t
          --csv-bom            start CSV with a UTF-8 byte order mark (Excel)
          --csv-raw-formulas   keep cells starting with = + - @ as they are
          --details            add the task details part (default for html)
          --no-details         leave it out (default for email)
          --width N            text: lines of at most N columns (default: the terminal's)
          --list-formats       list the output formats and exit
          --list-locales       list the message catalogs (with --locale: the fallback chain)

    Locale and time zone:
      -l, --locale ID          ICU locale ID or BCP 47 tag (fr_CA, ja-JP-u-ca-japanese);
                               default from LC_ALL, LC_TIME, LANG; C/POSIX = en_US_POSIX
      -z, --time-zone ID       IANA time zone ID; default TZ, then /etc/localtime,
                               then /etc/timezone, then UTC

    Dates (UTS #35):
          --skeleton SKEL      task times from a skeleton (default jm)
          --pattern PAT        task times from a verbatim pattern (e.g. "yyyy.MM.dd HH:mm")
          --day-skeleton SKEL  day headers from a skeleton (default yMMMMEEEEd)
          --day-pattern PAT    day headers from a verbatim pattern
          --no-relative        no "Today"/"Tomorrow"/"Yesterday" in day headers

    Agenda:
          --now DATE-TIME      ISO 8601 instant taken as now (default: the clock)
          --from DATE          first day shown (ISO 8601 date); earlier tasks are left out
          --to DATE            last day shown
          --days N             show N days from today (today included)
          --min-importance N   leave out tasks below importance N (1…9)
          --group-by day|week  one section per day (default) or per week

    Other:
      -h, --help               show this help
          --version            show the version and the ICU, CLDR and tz data versions

    Exit status: 0 ok, 64 usage, 65 bad task list, 66 missing input or template,
    70 internal (ICU) error, 73 cannot create output, 74 write error,
    78 template error.
    """
}
