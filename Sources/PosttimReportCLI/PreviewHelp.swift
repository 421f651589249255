/// `posttim-report preview --help`. The lead links it from ``HelpText``.
enum PreviewHelp {
  static let text = """
    posttim-report preview: show how one skeleton or pattern comes out in
    several locales, formatted by the system ICU (the same code as reports).
    Without --skeleton or --pattern, the report's own time (jm) and day
    header (yMMMMEEEEd) formats side by side. With --report FILE, the first
    agenda day of that task list as each locale's report shows it.

    \(HelpText.previewUsage)

    Options:
      -l, --locale ID[,ID…]    ICU locale ID or BCP 47 tag; repeatable or comma-separated
                               (default: LC_ALL, LC_TIME, LANG, else en_US_POSIX)
          --skeleton SKEL      a UTS #35 skeleton, resolved per locale (e.g. yMMMdjm)
          --pattern PAT        a verbatim UTS #35 pattern (e.g. "yyyy.MM.dd HH:mm");
                               bidi isolates (U+2066…U+2069) copied with it are dropped
          --now DATE-TIME      ISO 8601; repeatable (default: now). Without Z or an
                               offset it is a wall time in the zone; one the zone skips
                               or repeats gets a warning naming what ICU chose
          --date DATE-TIME     the same as --now
          --report FILE        the first agenda day of task list FILE, per locale
                               (text or html; --skeleton/--pattern set task times)
      -z, --time-zone ID       IANA time zone ID (default: the device zone, as for reports)
      -f, --format NAME        text (default), markdown, csv, html
      -o, --output FILE        write FILE atomically (default: stdout)
      -h, --help               show this help

    CSV columns: locale,time_zone,date,pattern,formatted (date in ISO 8601 UTC).

    Example:
      posttim-report preview --locale fr_CA,en_US --locale ar_EG --skeleton yMMMdjm \\
          --date 2026-11-30T14:00:00Z --time-zone America/Toronto
    """
}
