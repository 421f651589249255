#if canImport(Glibc)
  import Glibc
#endif

/// The memory a roster needs, checked against `ulimit -v`/`-d`
/// (``MemoryReserve``) before it is read and again, by its rows, before
/// they are parsed: an allocation that fails midway ends the run (exit
/// 134), so a roster the limit cannot hold is refused whole (exit 71),
/// naming it, before anything is sent.
enum RosterFileMemory {
  /// Reading: the file's bytes, held twice while they are read.
  static let bytesPerFileByte = 2
  /// Kept a row for the run: its offsets, row and `at`, its ID while
  /// duplicates are looked for, its schedule entry, with room for the
  /// arrays' growth. Measured (release build, peak RSS, 200,000 rows of
  /// the benchmark's 65 bytes against 20,000): about 330 bytes a row,
  /// the file's own bytes included.
  static let bytesPerRow = 512

  /// Before the file is read.
  /// - Throws: ``RosterError`` (71) when reading it would not fit.
  static func checkReading(_ path: String) throws(RosterError) {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
    try check(path, needed: Int(info.st_size) * bytesPerFileByte)
  }

  /// With the file's bytes read: its rows (at most one a line) and their
  /// cells, kept beside the bytes while they are parsed.
  /// - Throws: ``RosterError`` (71) when they would not fit.
  static func checkRows(_ path: String, bytes: [UInt8]) throws(RosterError) {
    var lineFeeds = 0
    var returns = 0
    for byte in bytes {
      if byte == 0x0A { lineFeeds += 1 } else if byte == 0x0D { returns += 1 }
    }
    try check(path, needed: bytes.count + (max(lineFeeds, returns) + 1) * bytesPerRow)
  }

  private static func check(_ path: String, needed bytes: Int) throws(RosterError) {
    let needed = bytes + MemoryReserve.headroom
    guard let short = MemoryReserve.shortfall(needed) else { return }
    throw RosterError(
      exitCode: .osError, path: path, row: 0, column: nil,
      message: "not enough memory to read the roster: it needs about \(needed >> 20) MiB, and \(short.text); "
        + "raise the limit or split the roster")
  }
}
