import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Turns property list bytes into validated ``TaskEntry`` values.
///
/// Format: Apple property list, XML (`<?xml …><plist>`, Apple's
/// PropertyList-1.0 DTD) or binary (`bplist00`), holding an array of
/// dictionaries with `tache` (string), `date` (date), `importance` (string
/// "1"…"9", or an integer 1…9) and an optional `description` (string). Any
/// other key is kept. OpenStep text plists are refused: the app never
/// writes them.
///
/// Readers, in tiers from fast to complete (folders `XML/`, `Binary/`,
/// with `Values/` for what both share):
///
/// - XML: a long file is read in parts at once (``SplitPlistScan``);
///   otherwise, or when that gives up, ``PlistXMLScanner`` reads the whole
///   file if it stays in the narrow subset writers produce; otherwise, or
///   when that gives up, expat reads it (``XMLPlistReader``): all of XML,
///   and the reader whose error messages the user sees.
/// - Binary: a long list is read in parts at once
///   (``BinaryPlistReader``'s `tasksInParts`); otherwise, or when that
///   gives up, on one core by the same reader.
///
/// The invariant every tier keeps: same tasks or give up. A faster tier
/// returns exactly the tasks the next one would return, entry numbers and
/// origins included, or it gives up and the next one reads the input from
/// its start; it never reports an error of its own, so every message,
/// line and entry number comes from the complete reader. Differential
/// tests (scanner against expat, parts against one core, and all of them
/// against Foundation's reader in the test oracles) and the decoder fuzz
/// harness check it.
///
/// Limits shared by every tier: nesting (``depthLimit``), and for binary
/// lists the expansion of shared references (``BinaryPlistReader``).
public struct TaskListDecoder: Sendable {
  /// A decoder with no state.
  public init() {}

  /// Levels of arrays and dictionaries a task list may nest: it needs 2,
  /// its unknown keys a few more. Readers recurse or keep a stack per
  /// level; deeper input is refused before it can exhaust either.
  package static let depthLimit = 100

  /// The message (after the file name) for input nested deeper than ``depthLimit``.
  package static let tooDeepMessage = "is nested more than \(depthLimit) levels deep; not a task list"

  /// The plist keys the app writes, by field.
  public enum Key {
    /// The task's title (string).
    public static let title = "tache"
    /// The due instant (plist date, UTC).
    public static let date = "date"
    /// The importance, 1…9 (integer).
    public static let importance = "importance"
    /// The free-text description (string; optional).
    public static let details = "description"

    /// The key among the four whose UTF-8 is `bytes`, as one shared
    /// string: readers of long lists make no new string per known key.
    static func known(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
      func matches(_ key: StaticString) -> Bool {
        bytes.count == key.utf8CodeUnitCount && memcmp(bytes.baseAddress!, key.utf8Start, bytes.count) == 0
      }
      switch bytes.count {
      case 4: return matches("date") ? date : nil
      case 5: return matches("tache") ? title : nil
      case 10: return matches("importance") ? importance : nil
      case 11: return matches("description") ? details : nil
      default: return nil
      }
    }
  }

  /// Decodes and validates a whole task list.
  ///
  /// - Parameters:
  ///   - data: the file's bytes.
  ///   - file: the name used in errors and in each task's origin.
  /// - Returns: the tasks, in file order.
  /// - Throws: ``TaskListError`` (`.unreadable` or `.invalid`) naming the
  ///   file, and for a bad value the entry (from 1) and the key.
  public func decode(_ data: Data, file: String) throws(TaskListError) -> [TaskEntry] {
    try decode(data, file: file, releasePages: nil, scanning: true)
  }

  /// `scanning`: XML goes through ``PlistXMLScanner`` first, expat only if it gives up.
  private func decode(
    _ data: Data, file: String, releasePages: (@Sendable () -> Void)?, scanning: Bool
  ) throws(TaskListError) -> [TaskEntry] {
    do {
      return try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws(TaskListError) -> [TaskEntry] in
        let bytes = raw.bindMemory(to: UInt8.self)
        try Self.checkStart(bytes, file: file)
        if bytes.starts(with: "bplist".utf8) {
          var reader = try BinaryPlistReader(bytes, file: file)
          reader.releasePages = releasePages
          return try reader.tasks()
        }
        let scanned = XMLPlistReader(file: file)
        if scanning, PlistXMLScanner.scan(bytes, into: scanned) { return scanned.tasks }
        let reader = XMLPlistReader(file: file)
        try reader.parse(raw, final: true)
        return reader.tasks
      }
    } catch let error as TaskListError {
      throw error
    } catch {
      throw TaskListError(.unreadable, file: file, message: "not a property list")
    }
  }

  /// The same as ``decode(_:file:)``, but XML is read by expat alone, never
  /// by the tiers in front of it: the reference the differential checks
  /// (tests, the fuzz harness) compare ``decode(_:file:)`` with. Binary
  /// property lists are read as by ``decode(_:file:)``.
  /// - Throws: ``TaskListError``, as ``decode(_:file:)``.
  package func decodeWithExpat(_ data: Data, file: String) throws(TaskListError) -> [TaskEntry] {
    try decode(data, file: file, releasePages: nil, scanning: false)
  }

  /// Decodes the file open at `descriptor` (a regular file, read from its
  /// start). XML is read in chunks, by ``PlistXMLScanner`` when it is in the
  /// common subset, else by expat, and never held whole. Binary is mapped
  /// whole (its offset table is at the end), through ``CutProofMapping``.
  /// - Parameters:
  ///   - size: the file's size when it was opened.
  ///   - modified: its modification time then (`st_mtim`), when known: a
  ///     list rewritten in place at the same size while it is read (its
  ///     tasks then mixed from both versions) is refused too.
  /// - Throws: as ``decode(_:file:)``; `.notFound` when a read fails;
  ///   `.unreadable` when a binary list (or any list in its first 64
  ///   bytes) no longer holds `size` bytes (``checkUnchanged(descriptor:size:read:file:)``).
  ///   A file whose first 64 bytes are short of its unchanged size is
  ///   read whole (``contentShorterThanItsSize(descriptor:size:file:)``).
  public func decode(descriptor: Int32, size: Int, modified: timespec? = nil, file: String) throws(TaskListError)
    -> [TaskEntry]
  {
    let tasks = try decodeContent(descriptor: descriptor, size: size, file: file)
    if let modified { try Self.checkNotModified(descriptor: descriptor, since: modified, size: size, file: file) }
    return tasks
  }

  private func decodeContent(descriptor: Int32, size: Int, file: String) throws(TaskListError) -> [TaskEntry] {
    var head = [UInt8](repeating: 0, count: min(size, 64))
    let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard count >= 0 else {
      throw TaskListError(.notFound, file: file, message: "cannot be read (\(String(cString: strerror(errno))))")
    }
    if count < head.count {
      if let content = try Self.contentShorterThanItsSize(descriptor: descriptor, size: size, file: file) {
        return try decode(content, file: file)
      }
      try Self.checkUnchanged(descriptor: descriptor, size: size, read: count, file: file)
    }
    if size < 64 { return try decode(Data(head), file: file) }
    if head.starts(with: "bplist".utf8) { return try decode(binary: descriptor, size: size, file: file) }
    try head.withUnsafeBufferPointer { (bytes) throws(TaskListError) in try Self.checkStart(bytes, file: file) }
    // A long list: in parts at once, when all are in the subset.
    if let tasks = SplitPlistScan.tasks(descriptor: descriptor, size: size, file: file) { return tasks }
    // The scanner reads through a window; where it gives up, expat reads
    // the file again from its start.
    let scanned = XMLPlistReader(file: file)
    if PlistXMLScanner.scan(descriptor: descriptor, range: 0..<size, into: scanned) { return scanned.tasks }
    guard lseek(descriptor, 0, SEEK_SET) == 0 else {
      throw TaskListError(.notFound, file: file, message: "cannot be read (\(String(cString: strerror(errno))))")
    }
    let reader = XMLPlistReader(file: file)
    try reader.parse(descriptor: descriptor, limit: InputReader.limit)
    return reader.tasks
  }

  /// A binary list, mapped (the reader jumps around the offset table) by
  /// ``CutProofMapping``; read into memory when it cannot be mapped. A file
  /// cut or grown while it is read is refused, whatever the reader made of
  /// its bytes.
  private func decode(binary descriptor: Int32, size: Int, file: String) throws(TaskListError) -> [TaskEntry] {
    let mapped = CutProofMapping.read(descriptor: descriptor, size: size) { bytes, releasePages in
      Result { () throws(TaskListError) in
        try decode(
          Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: size, deallocator: .none),
          file: file, releasePages: releasePages, scanning: true)
      }
    }
    guard let (result, cut) = mapped else {
      return try decode(Self.readWhole(descriptor: descriptor, size: size, file: file), file: file)
    }
    try Self.checkUnchanged(descriptor: descriptor, size: size, read: cut ? 0 : size, file: file)
    return try result.get()
  }

  /// Refuses an empty file and text that cannot be XML (an OpenStep plist,
  /// white space only) before a reader sees it.
  static func checkStart(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(TaskListError) {
    guard !bytes.isEmpty else { throw TaskListError(.unreadable, file: file, message: "is empty, not a property list") }
    if bytes.starts(with: "bplist".utf8) { return }
    if isUTF32(bytes) { throw XMLPlistReader.encodingNotRead("\"UTF-32\"", file: file) }
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    // '<', or a UTF-16 text (with a byte order mark, or "<" next to a NUL);
    // two NULs (UTF-32, or /dev/zero) are neither.
    guard index < bytes.count, [0x3C, 0x00, 0xFE, 0xFF].contains(bytes[index]),
      bytes[index] != 0 || index + 1 == bytes.count || bytes[index + 1] != 0
    else { throw notXMLOrBinary(file) }
  }

  /// UTF-32 as XML's appendix F tells it from the first four bytes: its
  /// byte order mark (`FF FE 00 00` would be UTF-16 with a NUL, which XML
  /// forbids), or `<` or white space with three NULs on one side.
  static func isUTF32(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count >= 4 else { return false }
    let head = (bytes[0], bytes[1], bytes[2], bytes[3])
    let start: Set<UInt8> = [0x3C, 0x20, 0x09, 0x0A, 0x0D]
    switch head {
    case (0xFF, 0xFE, 0, 0), (0, 0, 0xFE, 0xFF): return true
    case (let first, 0, 0, 0): return start.contains(first)
    case (0, 0, 0, let last): return start.contains(last)
    default: return false
    }
  }

  package static func notXMLOrBinary(_ file: String) -> TaskListError {
    TaskListError(.unreadable, file: file, message: "not an XML or binary property list")
  }
}
