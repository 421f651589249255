/// A text output stream that keeps UTF-8 bytes: what a chunk of rows is
/// rendered into before it is written in order.
///
/// A chunk is many short writes (a row of HTML is ten or so): appending a
/// `String` to a `String` cost about 360 instructions a write in the
/// profile, `Array.append(contentsOf:)` about 190, a `memcpy` into this
/// buffer's own storage a few dozen. The bytes are the concatenated UTF-8
/// of `String`s, so valid; ``write(to:)`` hands them as they are to a
/// ``UTF8TextOutputStream`` and validates them only for other outputs
/// (making a `String` of them). Copies share nothing: a copy's first write
/// copies the bytes.
///
/// Sendable notes: a copy-on-write value, as `Array` is: a write goes to
/// storage only this buffer references (`isKnownUniquelyReferenced`, else
/// it copies first), so buffers on different threads never write the same
/// storage, and shared storage is only read. This is how a chunk's text
/// comes back from the thread that rendered it.
package struct TextBuffer: TextOutputStream, @unchecked Sendable {
  private final class Storage {
    var base: UnsafeMutablePointer<UInt8>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
      self.capacity = max(16, capacity)
      base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    func copy() -> Storage {
      let copy = Storage(capacity: capacity)
      copy.append(UnsafeBufferPointer(start: base, count: count))
      return copy
    }

    /// Inlined where the row steps write (tens of short pieces a row):
    /// only growing is a call.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
      if count + bytes.count > capacity { return grow(appending: bytes) }
      (base + count).update(from: source, count: bytes.count)
      count += bytes.count
    }

    @inline(never)
    private func grow(appending bytes: UnsafeBufferPointer<UInt8>) {
      // The new bytes are copied before the old storage is freed: they
      // may be this buffer's own (a buffer written to itself).
      capacity = max(count + bytes.count, capacity * 2)
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
      grown.update(from: base, count: count)
      (grown + count).update(from: bytes.baseAddress!, count: bytes.count)
      base.deallocate()
      base = grown
      count += bytes.count
    }
  }

  private var storage: Storage

  /// An empty buffer with room for `capacity` bytes before it grows.
  package init(capacity: Int = 1 << 12) { storage = Storage(capacity: capacity) }

  /// Appends `string`'s UTF-8 bytes.
  package mutating func write(_ string: String) {
    string.withUTF8Bytes { write($0) }
  }

  /// Appends UTF-8 bytes (a whole number of characters).
  package mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    storage.append(bytes)
  }

  /// The number of bytes written so far.
  var byteCount: Int { storage.count }

  /// Drops the bytes written after the first `count` (a row rendered
  /// again another way, ``RowProgram``).
  mutating func truncate(to count: Int) {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    storage.count = min(count, storage.count)
  }

  /// Appends one byte (an ASCII character).
  package mutating func write(byte: UInt8) {
    withUnsafePointer(to: byte) { write(UnsafeBufferPointer(start: $0, count: 1)) }
  }

  /// The bytes written so far; valid while the buffer lives and is not written to.
  var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage.base, count: storage.count) }

  /// The text written, as a string.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Writes the text to `output`: its bytes, when `output` takes bytes.
  package func write<Output: TextOutputStream>(to output: inout Output) {
    guard let byteStream = Output.self as? any UTF8TextOutputStream.Type else { return output.write(text) }
    func forward<Stream: UTF8TextOutputStream>(_: Stream.Type) {
      withUnsafeMutablePointer(to: &output) { pointer in
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Stream.self).pointee.write(validUTF8: bytes)
      }
    }
    forward(byteStream)
    withExtendedLifetime(storage) {}
  }
}

/// An output stream that also takes text as UTF-8 bytes, valid as given
/// (no `String` is made of them).
package protocol UTF8TextOutputStream: TextOutputStream {
  /// Appends `bytes`, which are valid UTF-8.
  mutating func write(validUTF8 bytes: UnsafeBufferPointer<UInt8>)
}
