import CHeapPages
import FoundationEssentials
import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// The memory a run needs, checked against `ulimit -v` (RLIMIT_AS) and
/// `ulimit -d` (RLIMIT_DATA) before any task list is read: an allocation
/// that fails midway ends a Swift program (exit 134), so a run that would
/// not fit is refused up front (exit 71) and the old output is kept.
///
/// The need is an estimate: the inputs' size times ``bytesPerInputByte``
/// (reading) plus, for each locale, ``perLocaleHeldWhole`` for a product
/// held whole in memory (an e-mail, JSON, a `--dump-context`, an HTML page
/// of several locales; ``perLocaleEmailDetails`` more for an e-mail with
/// `--details`) or ``perLocaleStreamed`` for one written in chunks, plus
/// ``emailCalendar`` once for an e-mail with `--attach-ics`, plus
/// ``headroom`` beyond what the process has mapped when it checks.
/// Measured (debug build, peak VmPeak growth over a 20-task run, per byte
/// of XML list): markdown, CSV, text, iCalendar 3.0 for one locale and 3–5
/// for three; e-mail 10.3 (100,000 tasks) to 11.6 (20,000) for one locale
/// and 35.5 for three; JSON 12.6 for three; HTML 3.1 for one locale and 53
/// for four. Between 20,000 and 60,000 tasks (VmPeak; peak RSS in
/// brackets): e-mail 9.2 (10.5) for one locale, 15.1 (17.8) with
/// `--details`; 33.2 (28.2) for three, 52.1 (49.8) with `--details`; 13.8
/// (12.6) for one with `--attach-ics`. A stream (a pipe, `-`, `<(…)`, a FIFO) has no size to check:
/// it is checked as it is read, by the same sum (``StreamMemoryGuard``).
public enum MemoryReserve {
  static let bytesPerInputByte = 3
  static let perLocaleHeldWhole = 14
  static let perLocaleStreamed = 1
  static let perLocaleEmailDetails = 8
  static let emailCalendar = 6
  static let headroom = 32 << 20
  /// Per byte of template or catalog while it is parsed (measured, ulimit
  /// -v: a template dense with tags 45, a catalog of many short messages 20).
  static let perTemplateByte = 64

  /// How malloc serves the run, set before any thread starts.
  ///
  /// Under an address-space or data limit, one arena: each thread's own
  /// arena reserves 64 MiB of address space (128 MiB while it is being
  /// aligned), which ended runs under `ulimit -v 250000` whose data took a
  /// fraction of that.
  ///
  /// Without a limit, each heap keeps ``heapTopPad`` free at its top, and
  /// for a long list (``adviseHugePages(forReading:)``) the main heap's
  /// first pad and each helper thread's heap are backed by transparent
  /// huge pages (CHeapPages). glibc otherwise grows a helper
  /// thread's heap a few pages at a time and gives back its freed top at
  /// once: a 100k-task report made 1,430 `mprotect` calls and 15,000 page
  /// faults, 1,800 with the pad in huge pages (peak RSS 70 → 74 MiB). The
  /// pad is address space; only what is touched is resident. Setting it
  /// fixes glibc's mmap threshold at 128 KiB, which a pad this large makes
  /// harmless (at 4 or 8 MiB, large arrays took fresh mappings each time).
  /// An environment that tunes malloc itself (`GLIBC_TUNABLES`, `MALLOC_…`)
  /// is left as it is.
  public static func configureAllocator() {
    if MemoryLimit.isSet {
      heap_pages_limit_arenas()
    } else {
      _ = heap_pages_configure(heapTopPad)
    }
  }

  /// The free space a heap keeps at its top when no memory limit is set.
  static let heapTopPad = 64 << 20

  /// Lists of at least this many bytes in all (about 15,000 tasks as XML)
  /// are read into heaps backed by huge pages. A shorter run touches less
  /// than the 2 MiB that the first touch of a huge page zeroes.
  static let hugePageListBytes = 4 << 20

  /// Before `paths` are read and before any helper thread starts (a
  /// helper's heap is advised when it starts, or never): advises the
  /// heaps for huge pages when the lists are long (``hugePageListBytes``)
  /// or of unknown length (a stream), after ``configureAllocator()`` set
  /// the pad.
  static func adviseHugePages(forReading paths: [String]) {
    var bytes = 0
    for path in paths {
      guard let info = status(path) else { continue }
      // A stream (a pipe, a FIFO, a terminal) has no length to go by.
      guard info.st_mode & S_IFMT == S_IFREG else { return heap_pages_advise() }
      bytes += Int(info.st_size)
    }
    if bytes >= hugePageListBytes { heap_pages_advise() }
  }

  /// Advises the heaps for huge pages whatever the lists: a roster reads
  /// its readers' lists on helper threads started before any is read.
  static func adviseHugePages() { heap_pages_advise() }

  /// - Returns: the check each stream among `paths` passes as it is read
  ///   (``StreamMemoryGuard``), with the files' need reserved; nil
  ///   without a limit.
  /// - Throws: ``SystemLimitError`` when the inputs at `paths` (`-`:
  ///   standard input, if a file), rendered in `locales` locales of
  ///   `perLocale` bytes per byte (and `once` more for all of them), need
  ///   more memory than a limit leaves.
  static func check(inputs paths: [String], locales: Int, perLocale: Int, once: Int = 0) throws(SystemLimitError)
    -> StreamMemoryGuard?
  {
    guard MemoryLimit.isSet else { return nil }
    let size = inputBytes(paths)
    let rendering = max(1, locales) * perLocale + once
    let needed = size * (bytesPerInputByte + rendering) + headroom
    if let short = shortfall(needed) {
      throw SystemLimitError(
        "not enough memory for the task lists: they need about \(needed >> 20) MiB for \(named(paths)), and "
          + short.text + "; raise the limit")
    }
    return StreamMemoryGuard(
      perByteReading: bytesPerInputByte, perByteAfterReading: rendering, reserved: needed - headroom,
      headroom: headroom)
  }

  /// Templates and catalogs are parsed whole (each within
  /// ``TemplateFileCap``): under a limit, parsing `files` must fit beside
  /// what the process has mapped, or the run is refused before they are.
  /// - Throws: ``SystemLimitError`` (71) naming the largest file.
  static func checkParsing(_ files: [(path: String, bytes: Int)]) throws(SystemLimitError) {
    guard MemoryLimit.isSet, let largest = files.max(by: { $0.bytes < $1.bytes }) else { return }
    let needed = files.reduce(0) { $0 + $1.bytes } * perTemplateByte + headroom
    guard let short = shortfall(needed) else { return }
    let others = files.count > 1 ? " with \(files.count - 1) more templates and catalogs" : ""
    throw SystemLimitError(
      "'\(largest.path)': not enough memory to parse this template or catalog (\(largest.bytes >> 10) KiB)\(others): "
        + "it needs about \(needed >> 20) MiB, and \(short.text); raise the limit")
  }

  /// The estimate for reading and rendering these inputs, without
  /// ``headroom``.
  static func need(inputs paths: [String], locales: Int, heldWhole: Bool) -> Int {
    let size = inputBytes(paths)
    return size * (bytesPerInputByte + max(1, locales) * (heldWhole ? perLocaleHeldWhole : perLocaleStreamed))
  }

  /// The first limit that leaves less than `needed` bytes beyond what the
  /// process has mapped, or nil (always nil without limits).
  /// - Returns: `text`, "the limit of … KiB (ulimit -v) leaves … MiB".
  static func shortfall(_ needed: Int) -> (left: Int, text: String)? {
    for limit in MemoryLimit.current() where needed > limit.left {
      return (
        limit.left,
        "the limit of \(limit.bytes >> 10) KiB (ulimit \(limit.option)) leaves \(max(0, limit.left) >> 20) MiB"
      )
    }
    return nil
  }

  /// The inputs as a message names them: `'a.plist', standard input`.
  static func named(_ paths: [String]) -> String {
    paths.map { $0 == "-" ? "standard input" : "'\($0)'" }.joined(separator: ", ")
  }

  /// The size of the regular files among `paths` together.
  static func inputBytes(_ paths: [String]) -> Int {
    paths.reduce(0) { $0 + inputSize($1) }
  }

  /// A regular file's size; 0 for anything else (checked when read).
  private static func inputSize(_ path: String) -> Int {
    status(path).map { $0.st_mode & S_IFMT == S_IFREG ? Int($0.st_size) : 0 } ?? 0
  }

  /// `stat` of `path` (`-`: standard input); nil when it is not there.
  private static func status(_ path: String) -> stat? {
    var info = stat()
    return (path == "-" ? fstat(0, &info) : stat(path, &info)) == 0 ? info : nil
  }
}
