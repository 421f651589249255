/// A structural check of a binary property list (Apple's `bplist00`:
/// objects, an offset table and a 32-byte trailer) before Foundation reads
/// it. Foundation's scanner trusts declared sizes (a dictionary claiming
/// 2^62 entries traps it) and recurses per nesting level, so every
/// reachable object's size is checked against the file here, and the
/// graph is walked iteratively with a depth limit (cycles included).
enum BinaryPlistCheck {
  enum Problem: Equatable {
    case malformed(String)
    case tooDeep
  }

  static func problem(depthLimit: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Problem? {
    guard bytes.count >= 40 else { return .malformed("shorter than a trailer") }
    func number(at offset: Int, size: Int) -> Int? {
      guard size >= 1, size <= 8, offset >= 0, offset <= bytes.count - size else { return nil }
      var value: UInt64 = 0
      for i in 0..<size { value = value << 8 | UInt64(bytes[offset + i]) }
      return value <= UInt64(Int.max) ? Int(value) : nil
    }
    let trailer = bytes.count - 32
    let offsetSize = Int(bytes[trailer + 6])
    let referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
      let objectCount = number(at: trailer + 8, size: 8), let top = number(at: trailer + 16, size: 8),
      let tableOffset = number(at: trailer + 24, size: 8), tableOffset >= 8, tableOffset <= trailer,
      objectCount >= 1, objectCount <= (trailer - tableOffset) / offsetSize, top < objectCount
    else { return .malformed("bad trailer") }

    /// The object's references (for containers), or nil when its declared
    /// size does not fit before the offset table.
    func references(of index: Int) -> [Int]? {
      guard let start = number(at: tableOffset + index * offsetSize, size: offsetSize), start >= 8,
        start < tableOffset
      else { return nil }
      let marker = bytes[start]
      let kind = marker >> 4
      let info = Int(marker & 0x0F)
      var position = start + 1
      /// A count: the low nibble, or the int object that follows (0x1n).
      func count() -> Int? {
        guard info == 0x0F else { return info }
        guard position < tableOffset, bytes[position] >> 4 == 0x1 else { return nil }
        let size = 1 << Int(bytes[position] & 0x0F)
        guard size <= 8, let value = number(at: position + 1, size: size) else { return nil }
        position += 1 + size
        return value
      }
      /// True when `length` more bytes fit before the offset table.
      func fits(_ length: Int) -> Bool { length >= 0 && length <= tableOffset - position }
      switch kind {
      case 0x0: return [0x00, 0x08, 0x09, 0x0F].contains(marker) ? [] : nil
      case 0x1: return info <= 4 && fits(1 << info) ? [] : nil
      case 0x2: return (info == 2 || info == 3) && fits(1 << info) ? [] : nil
      case 0x3: return marker == 0x33 && fits(8) ? [] : nil
      case 0x4, 0x5: return count().map(fits) == true ? [] : nil
      case 0x6:
        guard let units = count(), units <= Int.max / 2 else { return nil }
        return fits(units * 2) ? [] : nil
      case 0x8: return fits(info + 1) ? [] : nil
      case 0xA, 0xC, 0xD:
        let perEntry = kind == 0xD ? 2 : 1
        guard let entries = count(), entries <= (tableOffset - position) / (referenceSize * perEntry) else {
          return nil
        }
        var children: [Int] = []
        children.reserveCapacity(entries * perEntry)
        for i in 0..<entries * perEntry {
          guard let child = number(at: position + i * referenceSize, size: referenceSize), child < objectCount
          else { return nil }
          children.append(child)
        }
        return children
      default: return nil
      }
    }

    // Depth-first, iterative; an object is revisited only when reached by
    // a longer path, so shared objects do not multiply the work.
    var best = [UInt16](repeating: 0, count: objectCount)
    var stack = [(top, 1)]
    while let (object, depth) = stack.popLast() {
      guard Int(best[object]) < depth else { continue }
      best[object] = UInt16(min(depth, Int(UInt16.max)))
      guard let children = references(of: object) else { return .malformed("object \(object) does not fit the file") }
      guard !children.isEmpty else { continue }
      if depth + 1 > depthLimit { return .tooDeep }
      for child in children where Int(best[child]) < depth + 1 { stack.append((child, depth + 1)) }
    }
    return nil
  }
}
