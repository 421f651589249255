/// A fixed list of member names, and the position of a name in it found
/// without hashing: a template looks a name up for every tag of every row,
/// and hashing it (SipHash) cost more than the rest of the lookup.
///
/// A lookup compares the key with the names of its UTF-8 length (the
/// length is read from the string's header; `==` on two small strings
/// compares two words). A name equal byte for byte has the same length, so
/// an ASCII key none of them equals is missing; a non-ASCII one is then
/// compared with every name (canonical equivalence, as a dictionary of
/// names would: `\u{212A}` is `K`). Names must be distinct byte for byte.
package final class TemplateKeys: Sendable {
  /// The names, in order: position `i` is ``index(of:)``'s answer for `names[i]`.
  package let names: [String]
  /// The lookup tables (``Table``), read with no reference counting.
  /// Internal: the table is valid only while this object lives.
  let table: Table

  /// The names again, read without bounds checks or reference counting
  /// (memory a ``TemplateKeys`` owns and never changes), and their
  /// positions sorted by UTF-8 length: `byLength[n]..<byLength[n + 1]` are
  /// the slots in `order` of the names of length n.
  ///
  /// A value, so a lookup retains nothing: the rendering threads share
  /// one table per kind of object, and a retain of a shared object is a
  /// write to one cache line from every core (on 100k HTML rows, the
  /// retains and releases of this table were 15% of all of them).
  /// Valid while its ``TemplateKeys`` lives.
  struct Table: @unchecked Sendable {
    fileprivate let stored: UnsafeMutableBufferPointer<String>
    fileprivate let order: UnsafeMutableBufferPointer<Int>
    fileprivate let byLength: UnsafeMutableBufferPointer<Int>

    /// The position of `key` in the names, or nil.
    func index(of key: String) -> Int? {
      let count = key.utf8.count
      if count < byLength.count - 1 {
        for slot in byLength[count]..<byLength[count + 1] where stored[order[slot]] == key { return order[slot] }
      }
      guard key.withUTF8Bytes({ $0.contains { $0 >= 0x80 } }) else { return nil }
      return stored.firstIndex(of: key)
    }
  }

  /// - Precondition: `names` are distinct.
  package init(_ names: [String]) {
    precondition(Set(names.map { Array($0.utf8) }).count == names.count, "TemplateKeys: a name is given twice")
    self.names = names
    let stored = UnsafeMutableBufferPointer<String>.allocate(capacity: names.count)
    _ = stored.initialize(from: names)
    let sorted = names.indices.sorted { (names[$0].utf8.count, $0) < (names[$1].utf8.count, $1) }
    let order = UnsafeMutableBufferPointer<Int>.allocate(capacity: names.count)
    _ = order.initialize(from: sorted)
    let longest = names.map(\.utf8.count).max() ?? 0
    let byLength = UnsafeMutableBufferPointer<Int>.allocate(capacity: longest + 2)
    for length in 0...(longest + 1) { byLength[length] = names.filter { $0.utf8.count < length }.count }
    table = Table(stored: stored, order: order, byLength: byLength)
  }

  deinit {
    _ = table.stored.deinitialize()
    table.stored.deallocate()
    table.order.deallocate()
    table.byLength.deallocate()
  }

  /// The position of `key` in ``names``, or nil.
  package func index(of key: String) -> Int? { table.index(of: key) }
}
