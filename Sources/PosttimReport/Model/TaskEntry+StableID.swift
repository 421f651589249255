import FoundationEssentials
import PosttimICU
import PosttimTemplating

extension TaskEntry {
  /// An ID derived from the task's content (date, title, importance,
  /// description), the same on every run: HTML anchors and iCalendar UIDs
  /// use it, so a subscribed calendar updates instead of duplicating.
  /// FNV-1a, 64 bits, as 16 hex digits prefixed "task-".
  public var stableID: String { TaskAnchorText.anchor(stableHash, twin: 1) }

  /// The 64-bit FNV-1a hash behind ``stableID``: the date (ISO 8601, UTC),
  /// title, importance (decimal) and description, joined by U+001F (unit
  /// separator), as UTF-8. Hashed field by field, with no joined string.
  var stableHash: UInt64 { Self.stableHash(date: date, title: title, importance: importance, details: details) }

  /// ``stableHash`` of these fields: a caller reading them in place in an
  /// array copies no entry (a copy retains each of its references).
  static func stableHash(date: Date, title: String, importance: Int, details: String) -> UInt64 {
    var hash = FNV1a()
    title.withUTF8Bytes { title in
      details.withUTF8Bytes {
        mixHashedFields(date: date, title: title, importance: importance, details: $0, into: &hash)
      }
    }
    return hash.value
  }

  /// ``stableHash`` of the entry at `entry`.
  static func stableHash(at entry: UnsafePointer<TaskEntry>) -> UInt64 {
    var hash = FNV1a()
    mixHashedFields(at: entry, into: &hash)
    return hash.value
  }

  /// The ``stableHash`` of each of `rows` of `entries`, given to `body`
  /// with its row, in no set order. Four entries are hashed at once
  /// (``FNV1a/hashes(_:_:_:_:)``), their bytes first copied to a lane of
  /// a scratch buffer each; an entry whose bytes outgrow a lane is hashed
  /// on its own.
  static func forEachStableHash(
    in entries: UnsafeBufferPointer<TaskEntry>, rows: some Sequence<Int>, _ body: (_ row: Int, _ hash: UInt64) -> Void
  ) {
    let laneCapacity = 512
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * laneCapacity) { scratch in
      var lanes: [(row: Int, count: Int)] = []
      lanes.reserveCapacity(4)
      func bytes(_ lane: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: scratch.baseAddress! + lane * laneCapacity, count: lanes[lane].count)
      }
      for row in rows {
        var lane = LaneBytes(start: scratch.baseAddress! + lanes.count * laneCapacity, capacity: laneCapacity)
        mixHashedFields(at: entries.baseAddress! + row, into: &lane)
        guard let count = lane.count else {
          body(row, stableHash(at: entries.baseAddress! + row))
          continue
        }
        lanes.append((row, count))
        guard lanes.count == 4 else { continue }
        let hashes = FNV1a.hashes(bytes(0), bytes(1), bytes(2), bytes(3))
        body(lanes[0].row, hashes.0)
        body(lanes[1].row, hashes.1)
        body(lanes[2].row, hashes.2)
        body(lanes[3].row, hashes.3)
        lanes.removeAll(keepingCapacity: true)
      }
      for lane in lanes.indices {
        var hash = FNV1a()
        hash.mix(bytes(lane))
        body(lanes[lane].row, hash.value)
      }
    }
  }

  /// The hashed fields of the entry at `entry` given to `input`, its texts
  /// read in place where they are stored out of line: passing them on,
  /// even borrowed, retains each (an atomic write to a line not yet in the
  /// cache).
  private static func mixHashedFields(at entry: UnsafePointer<TaskEntry>, into input: inout some HashInput) {
    let (date, importance) = (entry.pointee.date, entry.pointee.importance)
    guard let title = entry.pointee.title.storedUTF8, let details = entry.pointee.details.storedUTF8 else {
      return entry.pointee.title.withUTF8Bytes { title in
        entry.pointee.details.withUTF8Bytes {
          mixHashedFields(date: date, title: title, importance: importance, details: $0, into: &input)
        }
      }
    }
    mixHashedFields(date: date, title: title, importance: importance, details: details, into: &input)
  }

  /// The fields ``stableHash`` hashes, the texts as UTF-8, in their order.
  private static func mixHashedFields(
    date: Date, title: UnsafeBufferPointer<UInt8>, importance: Int, details: UnsafeBufferPointer<UInt8>,
    into input: inout some HashInput
  ) {
    ISO8601.withUTCUTF8(date) { input.mix($0) }
    input.mix(0x1F)
    input.mix(title)
    input.mix(0x1F)
    input.mix(decimal: importance)
    input.mix(0x1F)
    input.mix(details)
  }
}

/// An entry's hashed bytes, kept in a lane of scratch memory for
/// ``FNV1a/hashes(_:_:_:_:)``.
private struct LaneBytes: HashInput {
  let start: UnsafeMutablePointer<UInt8>
  let capacity: Int
  private var written = 0

  init(start: UnsafeMutablePointer<UInt8>, capacity: Int) {
    (self.start, self.capacity) = (start, capacity)
  }

  /// The bytes' count, or nil when they outgrew the lane (then not all kept).
  var count: Int? { written <= capacity ? written : nil }

  mutating func mix(_ byte: UInt8) {
    if written < capacity { start[written] = byte }
    written += 1
  }

  mutating func mix(_ bytes: UnsafeBufferPointer<UInt8>) {
    if written + bytes.count <= capacity, let base = bytes.baseAddress {
      (start + written).update(from: base, count: bytes.count)
    }
    written += bytes.count
  }
}

/// The text of an anchor: "task-" and 16 lowercase hex digits, then "-2",
/// "-3"… for the later twins of a task (``TaskAnchors``).
enum TaskAnchorText {
  /// Bytes an anchor takes at most: "task-" 5 + 16 hex digits + "-" + at most 19 digits.
  static let maximumLength = 41

  static func anchor(_ hash: UInt64, twin: Int) -> String {
    String(unsafeUninitializedCapacity: maximumLength) { write(hash, twin: twin, into: $0) }
  }

  /// Writes the anchor's ASCII at the start of `buffer` (at least
  /// ``maximumLength`` bytes); returns its length.
  static func write(_ hash: UInt64, twin: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var count = 0
    for byte in "task-".utf8 {
      buffer[count] = byte
      count += 1
    }
    for index in 0..<16 {
      let nibble = UInt8(truncatingIfNeeded: hash >> (60 - 4 * index)) & 0xF
      buffer[count] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
      count += 1
    }
    guard twin > 1 else { return count }
    buffer[count] = UInt8(ascii: "-")
    count += 1
    var divisor = 1
    while twin / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      buffer[count] = UInt8(ascii: "0") + UInt8(twin / divisor % 10)
      count += 1
      divisor /= 10
    }
    return count
  }
}
