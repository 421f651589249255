/// The process exit status, with the BSD sysexits.h values this tool uses
/// (documented in docs/usage.md, "Exit status").
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// 0: the report was written (also `--help`, `--version`).
  public static let success = ExitCode(rawValue: 0)
  /// 64 EX_USAGE: bad option, value, locale, zone, skeleton or pattern.
  public static let usage = ExitCode(rawValue: 64)
  /// 65 EX_DATAERR: an input is not a valid task list.
  public static let dataError = ExitCode(rawValue: 65)
  /// 66 EX_NOINPUT: an input file or a template is missing or unreadable,
  /// or names a directory or a device (a task list is a regular file or a
  /// pipe; a template is a regular file).
  public static let noInput = ExitCode(rawValue: 66)
  /// 69 EX_UNAVAILABLE: `--send` could not hand the message to sendmail
  /// (missing, or it failed), or the unnamed file holding it could not be
  /// made (the reason is named).
  public static let unavailable = ExitCode(rawValue: 69)
  /// 70 EX_SOFTWARE: ICU failed, or an internal error.
  public static let software = ExitCode(rawValue: 70)
  /// 71 EX_OSERR: the system refused what the run needs (file
  /// descriptors, memory for an input, a process for sendmail).
  public static let osError = ExitCode(rawValue: 71)
  /// 72 EX_OSFILE: a system file the run depends on is broken (a zone
  /// file of the tz database that is empty, truncated or unreadable).
  public static let osFile = ExitCode(rawValue: 72)
  /// 73 EX_CANTCREAT: the output file cannot be created: its folder is
  /// missing or not writable, it is a folder, its name is a loop of
  /// symbolic links (ELOOP), a link that is neither the caller's nor
  /// root's, or another user's file in a sticky world-writable folder
  /// (`protected_regular`, `protected_fifos`); the message names the link
  /// or the file.
  public static let cannotCreate = ExitCode(rawValue: 73)
  /// 74 EX_IOERR: writing the output failed, including past `ulimit -f`
  /// (EFBIG: SIGXFSZ is ignored); the temporary file is removed and the
  /// previous output kept.
  public static let ioError = ExitCode(rawValue: 74)
  /// 75 EX_TEMPFAIL: sendmail did not exit within `--send-timeout` and
  /// was killed; nothing was sent, a later run may succeed. For `roster`:
  /// some due readers failed (the others were delivered; the next run
  /// retries them), or the journal is in use by another run.
  public static let temporaryFailure = ExitCode(rawValue: 75)
  /// 78 EX_CONFIG: a template does not parse or render; or the config file
  /// cannot be used: not trusted (owned by another user than the caller
  /// or root, writable by group or others, or in a folder others can
  /// change), a directory or a device other than /dev/null, over 1 MiB,
  /// or bad lines (each reported: `FILE:LINE[:COLUMN]: …`, lines over
  /// 8 KiB among them).
  public static let configuration = ExitCode(rawValue: 78)

  public var description: String { String(rawValue) }
}
