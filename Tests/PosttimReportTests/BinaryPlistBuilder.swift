import Foundation

/// A minimal `bplist00` writer for tests, written from CoreFoundation's
/// format description (CFBinaryPList.c): objects in order, 4-byte object
/// references, 8-byte offsets, the 32-byte trailer. Unlike Foundation's
/// writer it can point many references at one object and write what no
/// well-behaved writer would (duplicate keys, 128-bit integers).
struct BinaryPlistBuilder {
  private(set) var objects: [[UInt8]] = []

  private static func header(_ kind: UInt8, _ count: Int) -> [UInt8] {
    if count < 15 { return [kind << 4 | UInt8(count)] }
    return [kind << 4 | 0x0F, 0x13] + bigEndian(UInt64(count), 8)
  }

  static func bigEndian(_ value: UInt64, _ size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * UInt64(size - 1 - $0))) }
  }

  mutating func add(_ bytes: [UInt8]) -> Int {
    objects.append(bytes)
    return objects.count - 1
  }

  /// Replaces object `index` (a placeholder added before its references).
  mutating func replace(_ index: Int, with bytes: [UInt8]) { objects[index] = bytes }

  /// An ASCII string object when every scalar is ASCII, else UTF-16BE.
  mutating func string(_ text: String) -> Int {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return add(Self.header(0x5, text.utf8.count) + Array(text.utf8)) }
    let units = Array(text.utf16)
    return add(Self.header(0x6, units.count) + units.flatMap { Self.bigEndian(UInt64($0), 2) })
  }

  mutating func integer(_ value: Int64) -> Int { add([0x13] + Self.bigEndian(UInt64(bitPattern: value), 8)) }

  /// CoreFoundation's 128-bit integer: high then low 64 bits.
  mutating func integer128(high: UInt64, low: UInt64) -> Int {
    add([0x14] + Self.bigEndian(high, 8) + Self.bigEndian(low, 8))
  }

  /// Seconds since 2001-01-01T00:00:00Z.
  mutating func date(_ seconds: Double) -> Int { add([0x33] + Self.bigEndian(seconds.bitPattern, 8)) }

  mutating func array(_ references: [Int]) -> Int {
    add(Self.header(0xA, references.count) + references.flatMap { Self.bigEndian(UInt64($0), 4) })
  }

  mutating func dictionary(_ pairs: [(key: Int, value: Int)]) -> Int { add(Self.dictionaryBytes(pairs)) }

  static func dictionaryBytes(_ pairs: [(key: Int, value: Int)]) -> [UInt8] {
    header(0xD, pairs.count) + pairs.flatMap { bigEndian(UInt64($0.key), 4) }
      + pairs.flatMap { bigEndian(UInt64($0.value), 4) }
  }

  /// A task dictionary with the app's three required keys plus `extra`.
  mutating func task(title: String = "t", importance: String = "5", extra: [(String, Int)] = []) -> Int {
    let fields = [("tache", string(title)), ("date", date(817_000_000)), ("importance", string(importance))] + extra
    return dictionary(fields.map { (key: string($0.0), value: $0.1) })
  }

  /// The file, with `top` as its root object.
  func data(top: Int) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes += Self.bigEndian(UInt64(offset), 8) }
    bytes += [0, 0, 0, 0, 0, 0, 8, 4]
    bytes +=
      Self.bigEndian(UInt64(objects.count), 8) + Self.bigEndian(UInt64(top), 8) + Self.bigEndian(UInt64(table), 8)
    return Data(bytes)
  }
}

extension BinaryPlistBuilder {
  /// `references` entries that all name one task whose description is
  /// `length` bytes: a small file that expands a lot (the reader's budget).
  static func sharedDescription(length: Int, references: Int) -> Data {
    var plist = BinaryPlistBuilder()
    let description = plist.string(String(repeating: "d", count: length))
    let task = plist.task(extra: [("description", description)])
    let root = plist.array(Array(repeating: task, count: references))
    return plist.data(top: root)
  }

  /// One task (title "t", importance "5") whose dictionary then gives
  /// `key` again, as the string "7".
  static func taskWithDuplicate(_ key: String) -> Data {
    var plist = BinaryPlistBuilder()
    let task = plist.dictionary(
      [
        ("tache", plist.string("t")), ("date", plist.date(0)), ("importance", plist.string("5")),
        (key, plist.string("7")),
      ]
      .map { (key: plist.string($0.0), value: $0.1) })
    let root = plist.array([task])
    return plist.data(top: root)
  }
}
