/// The exit statuses as documented (help, man page), from one table.
enum ExitStatusDocumentation {
  static let entries: [(code: ExitCode, name: String, meaning: String)] = [
    (.success, "ok", "the report was written (also --help, --version)"),
    (.usage, "usage", "unknown option, bad value, invalid locale, time zone, skeleton or pattern"),
    (.dataError, "bad task list", "an input is not a valid task list"),
    (
      .noInput, "missing input or template",
      "an input file or a template is missing or unreadable, or is a directory or a device"
    ),
    (
      .unavailable, "mail not sent",
      "--send could not hand the message to sendmail, sendmail failed, or the sendmail program is not trusted (another "
        + "user's, or in a folder others may change); nothing was sent"
    ),
    (.software, "internal (ICU) error", "an ICU call failed; please report it"),
    (
      .osError, "system limit",
      "too few file descriptors (ulimit -n); a memory limit (ulimit -v, ulimit -d) too low for the task lists, the "
        + "templates and catalogs or a roster; no memory to hold an input read from a pipe; or no process or "
        + "descriptor to start sendmail"
    ),
    (
      .osFile, "broken system zone file",
      "a file of the system's tz database (TZDIR) for the zone is there but cannot be used, or TZ is a POSIX TZ "
        + "string this tool cannot follow as the C library does"
    ),
    (
      .cannotCreate, "cannot create output",
      "the output file cannot be created, its name is a loop of links, or a symbolic link on the way is neither "
        + "yours nor root's (not followed)"
    ),
    (
      .ioError, "write error",
      "writing the output failed, including a reader that went away, a FIFO no reader opened or emptied within "
        + "--write-timeout, and the ulimit -f file-size limit (also --send's copy of the message)"
    ),
    (
      .temporaryFailure, "send timed out",
      "sendmail ran past --send-timeout and was killed; nothing was sent. roster: some due readers failed (each "
        + "named on its line; the next run retries them), the journal is in use by another run, or the state folder "
        + "by a run with another --shard N"
    ),
    (
      .configuration, "template, catalog or config file error",
      "a template, a message catalog or the config file cannot be used: it does not parse, is larger than 1 MiB "
        + "(what a report loads from a --template-dir: 4 MiB in all), or (a template) renders past its work budget; a --config file that does not exist; a config file, a "
        + "roster --state folder or journal another "
        + "user could have written is refused, as is a journal of another roster"
    ),
  ]

  /// "0 ok, 64 usage, …" for `--help`.
  static var summary: String {
    entries.map { "\($0.code.rawValue) \($0.name)" }.joined(separator: ", ")
  }
}
