import FoundationEssentials
import PosttimTemplating

#if canImport(Glibc)
  import Glibc
#endif

/// A buffered `TextOutputStream` over a file descriptor: writers stream
/// into it and it writes in 64 KiB chunks, so output never sits whole in
/// memory. The first write error is kept and reported by ``finish()``
/// (`TextOutputStream.write` cannot throw).
public struct FileDescriptorOutput: UTF8TextOutputStream, Sendable {
  /// The open file descriptor written to.
  public let descriptor: Int32
  /// The name used in error messages ("standard output").
  public let name: String
  /// For a non-blocking descriptor (a FIFO, device or socket at `-o`):
  /// when the whole write must have ended; a reader too slow to take it
  /// all by then fails the write. Nil for a blocking descriptor (a file,
  /// standard output: one left non-blocking is waited for without limit).
  public let deadline: WriteWait.Deadline?
  /// Where the first bytes go instead of the descriptor (a staged
  /// report's ``StagingMemory``); once it is full, the rest is written.
  let head: StagingMemory?
  /// Told of each write to the descriptor (``WriteProgress``).
  package var progress: (any WriteProgress)?
  private var buffer: [UInt8] = []
  private(set) var failure: String?
  static let chunkSize = 1 << 16

  /// Writes to `descriptor`, named `name` in errors; the descriptor is not
  /// closed. `deadline`: see ``deadline``.
  public init(descriptor: Int32, name: String, deadline: WriteWait.Deadline? = nil) {
    self.init(descriptor: descriptor, name: name, deadline: deadline, head: nil)
  }

  /// Writes into `head` until it is full, then to `descriptor`.
  package init(descriptor: Int32, name: String, deadline: WriteWait.Deadline? = nil, head: StagingMemory?) {
    self.descriptor = descriptor
    self.name = name
    self.deadline = deadline
    self.head = head
    buffer.reserveCapacity(Self.chunkSize * 2)
  }

  public mutating func write(_ string: String) {
    // One copy of the UTF-8 bytes (a native string's storage, or a small
    // string's inline bytes), not a byte-by-byte walk of the view.
    var string = string
    string.withUTF8 { write(validUTF8: $0) }
  }

  /// Appends UTF-8 bytes as they are (a chunk of rendered rows). A chunk
  /// of a buffer's size or more is written as it is, after what is
  /// buffered, not copied into the buffer first.
  public mutating func write(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count < Self.chunkSize else {
      flush()
      return writeAll(UnsafeRawBufferPointer(bytes))
    }
    buffer.append(contentsOf: bytes)
    if buffer.count >= Self.chunkSize { flush() }
  }

  mutating func flush() {
    buffer.withUnsafeBytes { writeAll($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes `bytes` whole (retrying short and interrupted writes), unless
  /// a write has failed: the first failure is kept for ``finish()``.
  private mutating func writeAll(_ bytes: UnsafeRawBufferPointer) {
    guard failure == nil else { return }
    var offset = head?.append(bytes) ?? 0
    while offset < bytes.count {
      progress?.writing(bytes.count - offset)
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      progress?.wrote(max(written, 0))
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN, let deadline {
          guard WriteWait.ready(descriptor, until: deadline) else {
            failure =
              "its reader took too long: not all written within \(deadline.seconds) s \(WriteWait.timeLimitPhrase)"
            return
          }
          continue
        }
        if errno == EAGAIN {
          // A standard output another program left non-blocking: waited
          // for as a blocking one would be, not cut short.
          WriteWait.ready(descriptor)
          continue
        }
        failure = String(cString: strerror(errno))
        return
      }
      offset += written
    }
  }

  /// Writes what is buffered.
  /// - Throws: ``OutputError`` (`.writeFailed`) for the first failed write.
  public mutating func finish() throws(OutputError) {
    flush()
    if let failure { throw OutputError(.writeFailed, path: name, reason: failure) }
  }
}
