import Foundation

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
/// of several locales) or ``perLocaleStreamed`` for one written in chunks,
/// plus ``headroom`` beyond what the process has mapped when it checks.
/// Measured (debug build, peak VmPeak growth over a 20-task run, per byte
/// of XML list): markdown, CSV, text, iCalendar 3.0 for one locale and 3–5
/// for three; e-mail 10.3 (100,000 tasks) to 11.6 (20,000) for one locale
/// and 35.5 for three; JSON 12.6 for three; HTML 3.1 for one locale and 53
/// for four. Standard input read from a pipe has no size to check; its
/// reading stops at its limit (InputReader).
public enum MemoryReserve {
  static let bytesPerInputByte = 3
  static let perLocaleHeldWhole = 14
  static let perLocaleStreamed = 1
  static let headroom = 32 << 20

  /// Under an address-space or data limit, one malloc arena: each thread's
  /// own arena reserves 64 MiB of address space (128 MiB while it is
  /// being aligned), which ended runs under `ulimit -v 250000` whose data
  /// took a fraction of that. Called before any thread starts.
  public static func limitArenas() {
    guard limit(RLIMIT_AS) != nil || limit(RLIMIT_DATA) != nil else { return }
    _ = mallopt(-8, 1)  // M_ARENA_MAX
  }

  // glibc's, from <malloc.h>, which the Glibc module leaves out.
  @_silgen_name("mallopt")
  private static func mallopt(_ parameter: Int32, _ value: Int32) -> Int32

  /// - Throws: ``SystemLimitError`` when the inputs at `paths` (`-`:
  ///   standard input, if a file), rendered in `locales` locales, need more
  ///   memory than a limit leaves.
  static func check(inputs paths: [String], locales: Int, heldWhole: Bool) throws(SystemLimitError) {
    let needed = need(inputs: paths, locales: locales, heldWhole: heldWhole) + headroom
    guard let short = shortfall(needed) else { return }
    throw SystemLimitError(
      "not enough memory for the task lists: they need about \(needed >> 20) MiB, and " + short.text
        + "; raise the limit")
  }

  /// The estimate for reading and rendering these inputs, without
  /// ``headroom``.
  static func need(inputs paths: [String], locales: Int, heldWhole: Bool) -> Int {
    let size = paths.reduce(0) { $0 + inputSize($1) }
    return size * (bytesPerInputByte + max(1, locales) * (heldWhole ? perLocaleHeldWhole : perLocaleStreamed))
  }

  /// The first limit that leaves less than `needed` bytes beyond what the
  /// process has mapped, or nil (always nil without limits).
  /// - Returns: `text`, "the limit of … KiB (ulimit -v) leaves … MiB".
  static func shortfall(_ needed: Int) -> (left: Int, text: String)? {
    for (resource, name, field) in [(RLIMIT_AS, "-v", "VmSize"), (RLIMIT_DATA, "-d", "VmData")] {
      guard let limit = limit(resource) else { continue }
      let left = limit - (mapped(field) ?? 0)
      guard needed > left else { continue }
      return (left, "the limit of \(limit >> 10) KiB (ulimit \(name)) leaves \(max(0, left) >> 20) MiB")
    }
    return nil
  }

  /// The soft limit on `resource` in bytes, or nil when there is none.
  private static func limit(_ resource: __rlimit_resource) -> Int? {
    var value = rlimit()
    guard getrlimit(__rlimit_resource_t(resource.rawValue), &value) == 0, value.rlim_cur != rlim_t.max else {
      return nil
    }
    return Int(clamping: value.rlim_cur)
  }

  /// A `Vm…` line of /proc/self/status, in bytes.
  private static func mapped(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
      let kilobytes = line.dropFirst(field.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
      return kilobytes.map { $0 << 10 }
    }
    return nil
  }

  /// A regular file's size; 0 for anything else (checked when read).
  private static func inputSize(_ path: String) -> Int {
    var info = stat()
    let found = path == "-" ? fstat(0, &info) == 0 : stat(path, &info) == 0
    return found && info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
  }
}
