import FoundationEssentials
import PosttimICU

#if canImport(Glibc)
  import Glibc
#endif

/// Hands a finished message to the local MTA through the `sendmail`
/// interface every Unix MTA provides (`sendmail -t -oi`: recipients from
/// the `To`/`Cc` headers; a line holding only `.` does not end the input).
///
/// Nothing is half-sent: the message is complete in memory before this is
/// called, then written to a file without a name that becomes sendmail's
/// standard input (``SendmailInput``). Even if this process is killed while
/// sendmail runs, sendmail reads the whole message from that file, never a
/// prefix.
/// A sendmail that does not exit in time is killed with its process group
/// (``ChildProcess``).
public enum SendmailDelivery {
  /// `/usr/sbin/sendmail`, where Debian's MTAs (exim4, postfix) put it.
  public static let defaultPath = "/usr/sbin/sendmail"
  /// How long sendmail may run before it is killed: 120 s.
  public static let defaultTimeout = 120

  /// The remedy a missing program's message ends with, in the library's
  /// words; a command line names its own way to choose the program.
  public static let otherProgramHint = "or name another sendmail program"
  /// What a timeout's message calls the limit; a command line names its option.
  public static let timeLimitPhrase = "(the time limit)"

  /// Delivery did not happen, or may not have.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// Why, which decides the CLI's exit status.
    public enum Kind: Sendable, Hashable {
      /// sendmail is missing, cannot start or failed (exit 69, EX_UNAVAILABLE).
      case unavailable
      /// sendmail did not exit in time and was killed (exit 75, EX_TEMPFAIL).
      case timedOut
      /// The system refused a descriptor, memory or a process (exit 71, EX_OSERR).
      case systemLimit
      /// The message's copy for sendmail reached the file-size limit
      /// (`ulimit -f`), as a report written to a file would (exit 74, EX_IOERR).
      case fileSizeLimit
    }

    public let kind: Kind
    /// What went wrong, one line.
    public let message: String
    public var description: String { message }

    public init(_ kind: Kind = .unavailable, message: String) {
      self.kind = kind
      self.message = message
    }
  }

  /// Runs `path -t -oi` with `message` on standard input and waits at most
  /// `timeout` seconds.
  /// - Parameters:
  ///   - untrusted: why the program at a path may not be run, or nil:
  ///     the caller's trust rule, asked of the path given and, for a bare
  ///     name, of each `PATH` entry's candidate looked at.
  ///   - hook: hears of the sendmail process while it runs, so a signal
  ///     handler can kill it.
  /// - Throws: ``Failure``: `.unavailable` when `path` is not an executable
  ///   file, cannot be started, exits with a non-zero status or is killed
  ///   by a signal, or is not trusted; `.timedOut` past `timeout`; `.systemLimit` when the
  ///   system refuses a descriptor, memory or a process.
  public static func send(
    _ message: String, sendmail path: String, timeout: Int = defaultTimeout,
    untrusted: (_ program: String) -> String?, hook: any ChildProcessHook = NoChildProcessHook()
  ) throws(Failure) {
    let path = try programPath(path, untrusted: untrusted)
    // Trust first: what is beyond a link refused (found or not) is not looked at.
    if let reason = untrusted(path) { throw refusal(path, reason) }
    try checkProgram(at: path)
    let input = try SendmailInput.holding(Array(message.utf8))
    defer { close(input) }
    let deadline = ContinuousClock.now + .seconds(timeout)
    let child: ChildProcess
    switch ChildProcess.spawn(path, arguments: ["-t", "-oi"], input: input, hook: hook) {
    case .success(let started): child = started
    case .failure(let error):
      throw Failure(
        [EMFILE, ENFILE, ENOMEM, EAGAIN].contains(error.code) ? .systemLimit : .unavailable,
        message: "cannot send: \(path) cannot be started: \(ExecFailureReason.explain(error.code, program: path)); "
          + "nothing was sent")
    }
    let command = "\(path) -t -oi"
    switch child.wait(until: deadline, hook: hook) {
    case .exited(0): return
    case .exited(let status):
      throw Failure(
        message: "cannot send: \(command) exited with status \(status)\(lowDescriptorLimitNote()); "
          + "the message may not have been delivered")
    case .killed(let signal):
      let name = strsignal(signal).map { " (\(String(cString: $0)))" } ?? ""
      throw Failure(
        message: "cannot send: \(command) was killed by signal \(signal)\(name)\(lowDescriptorLimitNote()); "
          + "the message may not have been delivered")
    case .timedOut:
      throw Failure(
        .timedOut,
        message: "cannot send: \(command) did not exit within \(timeout) second\(timeout == 1 ? "" : "s") "
          + "\(timeLimitPhrase), so it and its process group were killed; nothing was sent")
    case .unknown:
      throw Failure(
        message: "cannot send: the exit status of \(command) was lost (another part of the process reaped it); "
          + "the message may not have been delivered")
    }
  }

  /// Below this many descriptors (`ulimit -n`), a failed sendmail's
  /// message says it ran under the limit: sendmail inherits it, and an MTA
  /// such as exim needs more than a report run does.
  static let lowDescriptorLimit = 64

  /// " (it ran under the limit of N file descriptors, ulimit -n)" when the
  /// limit is below ``lowDescriptorLimit``, else "".
  static func lowDescriptorLimitNote() -> String {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0,
      limit.rlim_cur < rlim_t(lowDescriptorLimit)
    else { return "" }
    return " (it ran under the limit of \(limit.rlim_cur) file descriptors, ulimit -n)"
  }

  /// The program a bare name (`sendmail`) names: looked up on `PATH`
  /// (unset: `/bin:/usr/bin`), the first executable regular file. Unlike
  /// execvp(3), empty and relative entries are skipped: they name the
  /// current folder, where a root cron job may stand in another user's
  /// folder. Each entry's candidate is put to `untrusted` before it is
  /// looked at: one it refuses (another user's link or folder on the way)
  /// is refused whether the name lies beyond it or not, since skipping it
  /// would answer "not found" through that link and tell what lies beyond
  /// it. Entries after the one holding the program are not looked at. A
  /// name with a `/` is used as it is.
  /// - Throws: ``Failure`` when an entry is refused or none has it.
  static func programPath(
    _ name: String, untrusted: (_ program: String) -> String? = { _ in nil },
    environment: [String: String] = ProcessEnvironment.variables()
  ) throws(Failure) -> String {
    guard !name.isEmpty, !name.contains("/") else { return name }
    let search = environment["PATH"] ?? "/bin:/usr/bin"
    for folder in search.split(separator: ":") where folder.hasPrefix("/") {
      let candidate = String(folder) + "/" + name
      if let reason = untrusted(candidate) { throw refusal(candidate, reason) }
      var info = stat()
      if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
        return candidate
      }
    }
    throw Failure(
      message: "cannot send: no program named \(name) on PATH (\(search)); give its full path, e.g. "
        + "\(defaultPath), \(otherProgramHint); nothing was sent")
  }

  /// The program at `path` may not be run: `reason` says why.
  private static func refusal(_ path: String, _ reason: String) -> Failure {
    Failure(message: "cannot send: the sendmail program \(path) is not trusted: \(reason); nothing was sent")
  }

  /// Refuses a `path` that is missing, a directory (which `access(X_OK)`
  /// alone would accept) or not executable, before it is started.
  static func checkProgram(at path: String) throws(Failure) {
    var info = stat()
    let problem: String
    if stat(path, &info) != 0 {
      problem = errno == ENOENT ? "no sendmail program at \(path)" : "\(path): \(String(cString: strerror(errno)))"
    } else if info.st_mode & S_IFMT == S_IFDIR {
      problem = "\(path) is a directory, not a sendmail program"
    } else if access(path, X_OK) != 0 {
      // Installing an MTA would not help: this file is the one to fix.
      throw Failure(
        message: "cannot send: \(path) is not executable (chmod +x \(path), \(otherProgramHint)); nothing was sent")
    } else {
      return
    }
    throw Failure(
      message: "cannot send: \(problem) (install a mail transfer agent, e.g. "
        + "apt-get install exim4-daemon-light, \(otherProgramHint)); nothing was sent")
  }
}
