/// A text output stream that keeps UTF-8 bytes: what a chunk of rows is
/// rendered into before it is written in order.
///
/// A chunk is many short writes (a row of HTML is ten or so): appending a
/// `String` to a `String` cost about 360 instructions a write in the
/// profile, a copy of the bytes into an array about 50. The bytes are the
/// concatenated UTF-8 of `String`s, so valid; ``write(to:)`` hands them as
/// they are to a ``UTF8TextOutputStream`` and validates them only for
/// other outputs (making a `String` of them).
public struct TextBuffer: TextOutputStream {
  private var bytes: [UInt8] = []

  /// An empty buffer.
  public init() {}

  /// Appends `string`'s UTF-8 bytes.
  public mutating func write(_ string: String) {
    let copied: Void? = string.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if copied == nil { bytes.append(contentsOf: string.utf8) }
  }

  /// The text written, as a string.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Writes the text to `output`: its bytes, when `output` takes bytes.
  public func write<Output: TextOutputStream>(to output: inout Output) {
    guard let byteStream = Output.self as? any UTF8TextOutputStream.Type else { return output.write(text) }
    func forward<Stream: UTF8TextOutputStream>(_: Stream.Type) {
      withUnsafeMutablePointer(to: &output) { pointer in
        UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Stream.self).pointee.write(validUTF8: bytes)
      }
    }
    forward(byteStream)
  }
}

/// An output stream that also takes text as UTF-8 bytes, valid as given
/// (no `String` is made of them).
public protocol UTF8TextOutputStream: TextOutputStream {
  /// Appends `bytes`, which are valid UTF-8.
  mutating func write(validUTF8 bytes: [UInt8])
}
