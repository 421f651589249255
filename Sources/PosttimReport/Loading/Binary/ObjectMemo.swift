/// Values by binary plist object index, for the objects met more than
/// once (``BinaryPlistReader``): open addressing with linear probing and
/// a multiplicative hash (Fibonacci hashing, Knuth TAOCP §6.4).
///
/// Why not a `Dictionary<Int, Value>`: it hashes every index with SipHash,
/// which cost 5% of reading a binary task list, where every task's four
/// keys are shared objects looked up once each. Indexes are not attacker
/// chosen in a way that matters here: a file's objects are at most a few
/// million, and a collision-heavy file only slows its own reading.
struct ObjectMemo<Value> {
  private var keys: [Int] = Array(repeating: -1, count: 64)  // -1: empty
  private var values: [Value?] = Array(repeating: nil, count: 64)
  private var count = 0
  private var shift = 58  // 64 - log2(capacity)

  private func slot(_ index: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
  }

  /// The value kept for object `index` (not negative), or nil.
  subscript(index: Int) -> Value? {
    var position = slot(index)
    while true {
      let key = keys[position]
      if key == index { return values[position] }
      if key < 0 { return nil }
      position = (position + 1) & (keys.count - 1)
    }
  }

  /// Keeps `value` for object `index` (not negative; replaces a kept one).
  mutating func insert(_ value: Value, for index: Int) {
    if 2 * (count + 1) > keys.count { grow() }
    var position = slot(index)
    while keys[position] >= 0 && keys[position] != index { position = (position + 1) & (keys.count - 1) }
    if keys[position] < 0 { count += 1 }
    keys[position] = index
    values[position] = value
  }

  private mutating func grow() {
    let (oldKeys, oldValues) = (keys, values)
    keys = Array(repeating: -1, count: oldKeys.count * 2)
    values = Array(repeating: nil, count: oldKeys.count * 2)
    shift -= 1
    count = 0
    for (key, value) in zip(oldKeys, oldValues) where key >= 0 { insert(value!, for: key) }
  }
}

extension ObjectMemo: Sendable where Value: Sendable {}
