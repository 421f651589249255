#if canImport(Glibc)
  import Glibc
#endif

/// The file descriptors a run holds at once, checked before it starts, so
/// that no open and no thread start fails halfway under a low `ulimit -n`
/// (libdispatch ends the process when it gets no descriptor).
enum DescriptorReserve {
  /// Beyond what is open at start. At most 6 were seen open at once (strace
  /// of file, standard input, several-locale and `--send` runs of 200,000
  /// tasks): libdispatch's three for its threads (epoll, eventfd, timerfd)
  /// and the /proc file it opens now and then to watch them, plus the input,
  /// or the output's folder and temporary file, or sendmail's message file
  /// and its script. One more to spare.
  static let needed = 7

  /// - Throws: ``SystemLimitError`` when fewer than ``needed`` are free.
  static func check() throws(SystemLimitError) {
    try check(needing: needed, for: "a run")
  }

  /// What `-o 'NAME-{locale}.EXT'` holds beyond what is open once the run
  /// is planned: every locale's file is checked and held open (its folder
  /// and temporary file) before any is replaced, so that one refused
  /// leaves them all as they were. Measured (Markdown, HTML, JSON, CSV,
  /// e-mail with calendar and details): 4 files work with 8 free then, not 7.
  static func needed(forFilesPerLocale count: Int) -> Int { 2 * count }

  /// Checked once the locales are known, before any task list is read.
  /// - Throws: ``SystemLimitError`` naming the files when too few are free.
  static func check(filesPerLocale count: Int) throws(SystemLimitError) {
    try check(needing: needed(forFilesPerLocale: count), for: "a run writing \(count) files ({locale} in -o)")
  }

  private static func check(needing count: Int, for run: String) throws(SystemLimitError) {
    let free = freeDescriptors(upTo: count)
    guard free < count else { return }
    var limit = rlimit()
    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
    throw SystemLimitError(
      "too few file descriptors: \(run) needs \(count) free, and only \(free) are free under the limit of "
        + "\(limit.rlim_cur) (ulimit -n); raise the limit")
  }

  /// Counts free descriptors by taking up to `count` of them, then gives them back.
  static func freeDescriptors(upTo count: Int) -> Int {
    let first = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard first >= 0 else { return errno == EMFILE || errno == ENFILE ? 0 : count }
    var taken = [first]
    defer { for descriptor in taken { close(descriptor) } }
    while taken.count < count {
      let next = fcntl(first, F_DUPFD_CLOEXEC, 0)
      guard next >= 0 else { break }
      taken.append(next)
    }
    return taken.count
  }
}

/// The system refused what a run needs (exit 71, EX_OSERR).
struct SystemLimitError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
