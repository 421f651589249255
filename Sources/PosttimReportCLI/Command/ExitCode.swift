/// The process exit status, with the BSD sysexits.h values this tool uses
/// (documented in README, "Exit status").
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// 0: the report was written (also `--help`, `--version`).
  public static let success = ExitCode(rawValue: 0)
  /// 64 EX_USAGE: bad option, value, locale, zone, skeleton or pattern.
  public static let usage = ExitCode(rawValue: 64)
  /// 65 EX_DATAERR: an input is not a valid task list.
  public static let dataError = ExitCode(rawValue: 65)
  /// 66 EX_NOINPUT: an input file or a template is missing.
  public static let noInput = ExitCode(rawValue: 66)
  /// 69 EX_UNAVAILABLE: `--send` could not hand the message to sendmail
  /// (missing, or it failed).
  public static let unavailable = ExitCode(rawValue: 69)
  /// 70 EX_SOFTWARE: ICU failed, or an internal error.
  public static let software = ExitCode(rawValue: 70)
  /// 73 EX_CANTCREAT: the output file cannot be created.
  public static let cannotCreate = ExitCode(rawValue: 73)
  /// 74 EX_IOERR: writing the output failed.
  public static let ioError = ExitCode(rawValue: 74)
  /// 78 EX_CONFIG: a template does not parse or render.
  public static let configuration = ExitCode(rawValue: 78)

  public var description: String { String(rawValue) }
}
