import FoundationEssentials
import Glibc
import Synchronization

/// Texts by 64-bit key, each added once and then read by every thread with
/// no lock: a long report's rows are formatted on every core, and a lock
/// (with its table lookup) per value was a tenth of a row, with the cores
/// waiting on each other.
///
/// Open addressing over a fixed number of slots, each holding a pointer to
/// an immutable entry, set once with compare-and-exchange and never
/// changed or freed before the table is. A key whose few probed slots are
/// all taken by other keys is not kept: the caller formats it each time,
/// as it does before a text is kept.
final class PublishedTexts: @unchecked Sendable {
  private final class Entry {
    let key: UInt64
    let text: String
    /// The text's UTF-8, lent in place: every thread reads the same kept
    /// texts, and a retain of one is an atomic write to a line both cores
    /// read (the same day's text, row after row, on both cores).
    let utf8: UnsafeMutableBufferPointer<UInt8>
    /// ``OrdinaryText/isOrdinary(_:)`` of the text, found once.
    let isOrdinary: Bool

    init(key: UInt64, text: String) {
      self.key = key
      self.text = text
      utf8 = .allocate(capacity: text.utf8.count)
      _ = utf8.initialize(from: text.utf8)
      isOrdinary = OrdinaryText.isOrdinary(text)
    }

    deinit { utf8.deallocate() }
  }

  /// Each slot: 0, or the address of a retained ``Entry``.
  private let slots: UnsafeMutablePointer<Atomic<UInt>>
  private let mask: Int
  /// Slots tried for one key before giving up.
  private static let probes = 8

  /// - Parameter capacity: the number of slots, rounded up to a power of two.
  init(capacity: Int) {
    var count = 16
    while count < capacity { count *= 2 }
    // Zeroed pages from calloc: every slot starts empty (an atomic word's
    // representation is the word), and pages never touched cost nothing.
    slots = calloc(count, MemoryLayout<Atomic<UInt>>.stride)!.bindMemory(to: Atomic<UInt>.self, capacity: count)
    mask = count - 1
  }

  deinit {
    for index in 0...mask {
      let bits = slots[index].load(ordering: .acquiring)
      if bits != 0 { Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).release() }
    }
    free(slots)
  }

  private func firstSlot(_ key: UInt64) -> Int {
    // Fibonacci hashing: nearby keys (times of day) spread over the table.
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
  }

  /// The text kept for `key`, or nil.
  func text(for key: UInt64) -> String? {
    var slot = firstSlot(key)
    for _ in 0..<Self.probes {
      let bits = slots[slot].load(ordering: .acquiring)
      if bits == 0 { return nil }
      let entry = Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
      if entry.key == key { return entry.text }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The UTF-8 of the text kept for `key`, or nil. Valid while this table
  /// lives: a kept text is never dropped before.
  func utf8(for key: UInt64) -> KeptUTF8? {
    var slot = firstSlot(key)
    for _ in 0..<Self.probes {
      let bits = slots[slot].load(ordering: .acquiring)
      if bits == 0 { return nil }
      let found = Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
      if let kept = found._withUnsafeGuaranteedRef({
        $0.key == key ? KeptUTF8(bytes: UnsafeBufferPointer($0.utf8), isOrdinary: $0.isOrdinary) : nil
      }) {
        return kept
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// The text kept for `key`, else `make()`'s, kept for the next caller.
  func text(for key: UInt64, making make: () -> String) -> String {
    if let text = text(for: key) { return text }
    let text = make()
    keep(text, for: key)
    return text
  }

  /// ``utf8(for:)``, keeping `make()`'s text first when none is kept; nil
  /// when the text cannot be kept (its slots are taken).
  func utf8(for key: UInt64, making make: () -> String) -> KeptUTF8? {
    if let bytes = utf8(for: key) { return bytes }
    keep(make(), for: key)
    return utf8(for: key)
  }

  /// Keeps `text` for `key`, unless a text is kept for it already (the
  /// same one: callers keep what the formatter gives) or its slots are taken.
  func keep(_ text: String, for key: UInt64) {
    let entry = Unmanaged.passRetained(Entry(key: key, text: text))
    let bits = UInt(bitPattern: entry.toOpaque())
    var slot = firstSlot(key)
    for _ in 0..<Self.probes {
      let (exchanged, found) = slots[slot].compareExchange(
        expected: 0, desired: bits, successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
      if exchanged { return }
      if Unmanaged<Entry>.fromOpaque(UnsafeRawPointer(bitPattern: found)!).takeUnretainedValue().key == key { break }
      slot = (slot + 1) & mask
    }
    entry.release()
  }
}

/// A kept text's UTF-8, lent in place, and whether it is ordinary
/// (``OrdinaryText``).
public struct KeptUTF8 {
  public let bytes: UnsafeBufferPointer<UInt8>
  public let isOrdinary: Bool
}
