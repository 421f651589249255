/// The nesting depth of a binary property list (Apple's `bplist00`:
/// objects, an offset table and a 32-byte trailer), found without
/// recursion so a hostile file cannot overflow the stack. Malformed
/// structure is mostly not judged here: Foundation's decoder reports it,
/// except a length larger than the file could hold (of a collection, a
/// string or data), on which Foundation's scanner traps for some kinds.
enum BinaryPlistDepth {
  enum Verdict: Equatable {
    /// Some path from the top object passes through more than `limit`
    /// arrays, sets or dictionaries (a cycle always does).
    case tooDeep
    /// A reachable array, set, dictionary, string or data object counts
    /// more items than the bytes after its marker hold.
    case impossibleCount
  }

  /// The first problem found walking the object graph, or nil.
  static func check(_ limit: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Verdict? {
    guard bytes.count >= 40 else { return nil }
    func number(at offset: Int, size: Int) -> Int? {
      guard size >= 1, size <= 8, offset >= 0, offset + size <= bytes.count else { return nil }
      var value: UInt64 = 0
      for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
      return value <= UInt64(Int.max) ? Int(value) : nil
    }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let referenceSize = Int(bytes[trailer + 7])
    guard let objectCount = number(at: trailer + 8, size: 8), let top = number(at: trailer + 16, size: 8),
      let tableOffset = number(at: trailer + 24, size: 8), (1...8).contains(offsetSize),
      (1...8).contains(referenceSize), objectCount <= bytes.count, top < objectCount,
      tableOffset <= trailer, objectCount <= (trailer - tableOffset) / offsetSize
    else { return nil }
    var impossible = false

    /// The object references held by object `index`, or [] for a leaf.
    func children(_ index: Int) -> [Int] {
      guard let offset = number(at: tableOffset + index * offsetSize, size: offsetSize), offset < tableOffset
      else { return [] }
      let marker = bytes[offset]
      let kind = marker >> 4
      // Bytes per counted item: data and ASCII strings, UTF-16 strings
      // (Foundation traps on one that runs past the end of the file), and
      // the references of arrays, sets and dictionaries (keys then values).
      let unit: Int
      switch kind {
      case 0x4, 0x5: unit = 1
      case 0x6: unit = 2
      case 0xA, 0xC: unit = referenceSize
      case 0xD: unit = referenceSize * 2
      default: return []
      }
      var count = Int(marker & 0x0F)
      var position = offset + 1
      if count == 0x0F {
        // The count follows as an integer object; one that is missing, cut
        // or past Int.max is refused (Foundation's scanner traps on some).
        guard position < bytes.count, bytes[position] >> 4 == 0x1 else {
          impossible = true
          return []
        }
        let size = 1 << Int(bytes[position] & 0x0F)
        guard let value = number(at: position + 1, size: size) else {
          impossible = true
          return []
        }
        count = value
        position += 1 + size
      }
      // The count comes from the file and can be anything up to Int.max:
      // bound it before multiplying.
      guard count >= 0, count <= (bytes.count - position) / unit else {
        impossible = true
        return []
      }
      guard kind >= 0xA else { return [] }
      let references = kind == 0xD ? count * 2 : count
      return (0..<references).compactMap { number(at: position + $0 * referenceSize, size: referenceSize) }
        .filter { $0 < objectCount }
    }

    // Depth-first, iterative; each object is revisited only when reached
    // by a longer path, so shared objects do not multiply the work.
    var best = [UInt16](repeating: 0, count: objectCount)
    var stack = [(top, 1)]
    while let (object, depth) = stack.popLast() {
      if depth > limit { return .tooDeep }
      guard Int(best[object]) < depth else { continue }
      best[object] = UInt16(depth)
      for child in children(object) where Int(best[child]) < depth + 1 { stack.append((child, depth + 1)) }
      if impossible { return .impossibleCount }
    }
    return nil
  }
}
