/// A fixed list of member names, and the position of a name in it found
/// without hashing: a template looks a name up for every tag of every row,
/// and hashing it (SipHash) cost more than the rest of the lookup.
///
/// A lookup compares the key with the names of its UTF-8 length (the
/// length is read from the string's header; `==` on two small strings
/// compares two words). A key none of them equals goes to a table
/// open-addressed on its length and its first, middle and last bytes,
/// confirmed byte by byte; a non-ASCII key the table misses too is then
/// compared with every name as a `String` (canonical equivalence, as a
/// dictionary of names would: `\u{212A}` is `K`). Names must be distinct
/// byte for byte.
public final class TemplateKeys: Sendable {
  /// The names, in order: position `i` is ``index(of:)``'s answer for `names[i]`.
  public let names: [String]
  /// Every name's UTF-8, one after another; name `i` is bytes
  /// `starts[i]..<starts[i + 1]`. Kept in memory this object owns and
  /// never changes, read without bounds checks or reference counting.
  private nonisolated(unsafe) let utf8: UnsafeMutableBufferPointer<UInt8>
  private nonisolated(unsafe) let starts: UnsafeMutableBufferPointer<Int>
  /// Slot → position + 1 (0: empty); the count is a power of two.
  private nonisolated(unsafe) let slots: UnsafeMutableBufferPointer<Int>

  /// The names again, and their positions sorted by UTF-8 length, with
  /// `byLength[n]..<byLength[n + 1]` the slots of the names of length n.
  private nonisolated(unsafe) let stored: UnsafeMutableBufferPointer<String>
  private nonisolated(unsafe) let order: UnsafeMutableBufferPointer<Int>
  private nonisolated(unsafe) let byLength: UnsafeMutableBufferPointer<Int>

  /// - Precondition: `names` are distinct.
  public init(_ names: [String]) {
    precondition(Set(names.map { Array($0.utf8) }).count == names.count, "TemplateKeys: a name is given twice")
    self.names = names
    stored = .allocate(capacity: names.count)
    _ = stored.initialize(from: names)
    let sorted = names.indices.sorted { (names[$0].utf8.count, $0) < (names[$1].utf8.count, $1) }
    order = .allocate(capacity: names.count)
    _ = order.initialize(from: sorted)
    let longest = names.map(\.utf8.count).max() ?? 0
    byLength = .allocate(capacity: longest + 2)
    for length in 0...(longest + 1) { byLength[length] = names.filter { $0.utf8.count < length }.count }
    let bytes = names.flatMap(\.utf8)
    utf8 = .allocate(capacity: max(1, bytes.count))
    _ = utf8.initialize(from: bytes)
    starts = .allocate(capacity: names.count + 1)
    starts[0] = 0
    for (position, name) in names.enumerated() { starts[position + 1] = starts[position] + name.utf8.count }
    var size = 8
    while size < 4 * max(1, names.count) { size *= 2 }
    slots = .allocate(capacity: size)
    slots.initialize(repeating: 0)
    for (position, name) in names.enumerated() {
      var slot = Array(name.utf8).withUnsafeBufferPointer(Self.hash) & (size - 1)
      while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
      slots[slot] = position + 1
    }
  }

  deinit {
    _ = stored.deinitialize()
    stored.deallocate()
    order.deallocate()
    byLength.deallocate()
    utf8.deallocate()
    starts.deallocate()
    slots.deallocate()
  }

  /// The position of `key` in ``names``, or nil.
  public func index(of key: String) -> Int? {
    // By UTF-8 length (read from the string's header), then `==` with the
    // names of that length: asking a small string for contiguous UTF-8
    // cost more than the rest of the lookup.
    let count = key.utf8.count
    if count < byLength.count - 1 {
      for slot in byLength[count]..<byLength[count + 1] where stored[order[slot]] == key { return order[slot] }
    }
    // A miss: the table, then (for a non-ASCII key) canonical equivalence.
    let found =
      key.utf8.withContiguousStorageIfAvailable { lookUp($0) } ?? Array(key.utf8).withUnsafeBufferPointer { lookUp($0) }
    guard found == -1 else { return found }
    return names.firstIndex(of: key)
  }

  /// The position of `key`, nil when it is missing and ASCII, -1 when it is missing and not.
  private func lookUp(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
    if let found = index(ofUTF8: key) { return found }
    return key.allSatisfy({ $0 < 0x80 }) ? nil : -1
  }

  private func index(ofUTF8 key: UnsafeBufferPointer<UInt8>) -> Int? {
    let mask = slots.count - 1
    var slot = Self.hash(key) & mask
    while true {
      let entry = slots[slot]
      if entry == 0 { return nil }
      let start = starts[entry - 1]
      if starts[entry] - start == key.count, Self.equal(utf8.baseAddress! + start, key.baseAddress, key.count) {
        return entry - 1
      }
      slot = (slot + 1) & mask
    }
  }

  private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
    guard let b else { return count == 0 }
    for offset in 0..<count where a[offset] != b[offset] { return false }
    return true
  }

  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let first = bytes.first, let last = bytes.last else { return 0 }
    return bytes.count &* 31 &+ Int(first) &* 7 &+ Int(last) &* 3 &+ Int(bytes[bytes.count / 2])
  }
}
