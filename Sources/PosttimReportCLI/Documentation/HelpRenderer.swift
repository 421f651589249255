/// `--help` and `preview --help`, laid out from the option declarations.
enum HelpRenderer {
  static let usage = "Usage: posttim-report [options] FILE... (- for stdin)"
  static let previewUsage = "Usage: posttim-report preview [options]"
  static let rosterUsage = "Usage: posttim-report roster [options] ROSTER.csv (--send | -o DIR)"

  /// The report command's help.
  static var report: String {
    """
    posttim-report: turn Post'TIM task lists (listeDesTaches.plist) into a
    localized agenda: Markdown, HTML, CSV, JSON, iCalendar or text.

    \(usage)
    \(previewUsage)   (see 'posttim-report preview --help')
    \(rosterUsage)
                             (see 'posttim-report roster --help')

    Input:
      FILE...                  XML or binary property lists; - reads stdin

    \(options(ReportOptions.all))

    Config file: name = value lines, names as the long options above (--config).
    \(wrap("Exit status: " + ExitStatusDocumentation.summary + ".", width: 80).joined(separator: "\n"))
    """
  }

  /// `posttim-report preview --help`.
  static var preview: String {
    """
    posttim-report preview: show how one skeleton or pattern comes out in
    several locales, formatted by the system ICU (the same code as reports).
    Without --skeleton or --pattern, the report's own time (jm) and day
    header (yMMMMEEEEd) formats side by side. With --report FILE, the first
    agenda day of that task list as each locale's report shows it.

    \(previewUsage)

    \(options(PreviewOptions.all))

    CSV columns: locale,time_zone,date,pattern,formatted (date in ISO 8601 UTC).

    Example:
      posttim-report preview --locale fr_CA,en_US --locale ar_EG --skeleton yMMMdjm \\
          --now 2026-11-30T14:00:00Z --time-zone America/Toronto
    """
  }

  /// `posttim-report roster --help`.
  static var roster: String {
    """
    posttim-report roster: every reader of a roster their own agenda by
    e-mail, in their language and time zone, once a day from their local
    hour (docs/roster.md). Run it hourly: 0 * * * * posttim-report roster …

    \(rosterUsage)

    The roster: RFC 4180 CSV (UTF-8), a header row, one row per reader.
    Columns: id (required: the file name ID.eml, the journal and shard
    key), list (required: the task list, relative to the roster's folder),
    at (HH:MM local, default 06:00), and any option a config file may set
    (locale, time-zone, mail-to, subject, days, …) but format, output,
    send, sendmail, now, template and dump-context. An empty cell means
    the value below (command line, then config file; the config file's
    mail-to and mail-cc are the nightly report's and are not taken).

    \(options(RosterOptions.all))

    Output: one line per reader of the shard (sent, written, not due until
    HH:MM, already sent at …, failed: why), then a summary; with --quiet,
    nothing, and each failed reader's line on standard error.
    Exit status: 0 every due reader delivered; 75 some failed (the next run
    retries them) or the journal is in use (or its folder by another N);
    64, 65, 66 or 78 for a roster, option or config file refused whole,
    before anything is sent; 65 a damaged journal; 78 an untrusted one or
    another roster's.
    """
  }

  /// The options by group, each as `  -f, --format NAME   help (default: x)`,
  /// wrapped to 100 columns with a hanging indent.
  static func options(_ specs: [OptionSpec]) -> String {
    OptionGroup.allCases.compactMap { group -> String? in
      let members = specs.filter { $0.group == group }
      guard !members.isEmpty else { return nil }
      return group.rawValue + ":\n" + members.map(line).joined(separator: "\n")
    }.joined(separator: "\n\n")
  }

  static func line(_ spec: OptionSpec) -> String {
    let left = "  " + (spec.short == nil ? "    " : "") + spec.synopsis
    let text = spec.help + (spec.defaultValue.map { " (default: \($0))" } ?? "")
    let indent = 27
    let lines = wrap(text, width: 100 - indent)
    let first =
      left.count < indent - 1
      ? left + String(repeating: " ", count: indent - left.count)
      : left + "\n" + String(repeating: " ", count: indent)
    return first + lines.joined(separator: "\n" + String(repeating: " ", count: indent))
  }

  /// Greedy word wrap by character count (help text is ASCII-only).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty, current.count + 1 + word.count > width {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
