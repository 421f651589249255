import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The first part of a staged report, kept in anonymous memory backed by
/// transparent huge pages; what does not fit goes on to the staging file
/// at the same offsets.
///
/// A memfd takes each 4 KiB page through the page cache twice (written in,
/// then spliced out): for a 73 MB HTML report that was about 68 ms of
/// kernel time, 37 of them after rendering with the other core idle,
/// against about 27 ms from huge pages. The memory is counted in the
/// resident set, so it is bounded: with 64 MiB, a 1M-task HTML report
/// renders below the peak its list reached while it was read. It is used
/// only where neither `ulimit -v` (the address space a memfd spares) nor
/// `ulimit -f` (the limit the staging file is held to, which the memory
/// is not) is set.
package final class StagingMemory: @unchecked Sendable {
  /// The most a stage holds by default.
  package static let defaultCapacity = 64 << 20
  /// Pages from here on are asked to be huge: a short report (the nightly
  /// 22 tasks) touches only small ones, as a 2 MiB page costs its zeroing.
  private static let hugePageSize = 2 << 20

  /// The most it holds.
  package let capacity: Int
  private let mapping: UnsafeMutableRawPointer
  private let mappedLength: Int
  /// Where the bytes start (the mapping rounded up to a huge page).
  private let base: UnsafeMutableRawPointer
  /// Bytes held, from `base`; written by one output only (no lock).
  package private(set) var count = 0

  private init(capacity: Int, mapping: UnsafeMutableRawPointer, mappedLength: Int) {
    self.capacity = capacity
    self.mapping = mapping
    self.mappedLength = mappedLength
    let aligned = (Int(bitPattern: mapping) + Self.hugePageSize - 1) & ~(Self.hugePageSize - 1)
    base = UnsafeMutableRawPointer(bitPattern: aligned)!
  }

  deinit { munmap(mapping, mappedLength) }

  /// A new empty stage of `capacity` bytes, or nil where a limit is set
  /// or no memory is mapped.
  package static func make(capacity: Int = defaultCapacity) -> StagingMemory? {
    guard unlimited(RLIMIT_AS), unlimited(RLIMIT_FSIZE) else { return nil }
    let length = capacity + hugePageSize
    guard let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      mapping != MAP_FAILED
    else { return nil }
    let stage = StagingMemory(capacity: capacity, mapping: mapping, mappedLength: length)
    if capacity > hugePageSize { _ = madvise(stage.base + hugePageSize, capacity - hugePageSize, MADV_HUGEPAGE) }
    return stage
  }

  private static func unlimited(_ resource: __rlimit_resource) -> Bool {
    var limit = rlimit()
    return getrlimit(__rlimit_resource_t(resource.rawValue), &limit) == 0 && limit.rlim_cur == rlim_t.max
  }

  /// Copies in as much of `bytes` as fits; returns how many it took.
  package func append(_ bytes: UnsafeRawBufferPointer) -> Int {
    let taken = min(bytes.count, capacity - count)
    if taken > 0 {
      (base + count).copyMemory(from: bytes.baseAddress!, byteCount: taken)
      count += taken
    }
    return taken
  }

  /// The bytes held.
  package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  /// Writes the bytes held to `output` a piece at a time, handing each
  /// piece's pages back once written: the page cache taking the copy
  /// reuses them, where fresh pages (on a virtual machine, pages the host
  /// may have reclaimed) made one run in four 80 ms slower.
  package func write(to output: inout FileDescriptorOutput, pieceLength: Int) {
    var start = 0
    while start < count {
      let end = min(start + pieceLength, count)
      let piece = UnsafeBufferPointer(start: (base + start).assumingMemoryBound(to: UInt8.self), count: end - start)
      output.write(validUTF8: piece)
      output.flush()
      _ = madvise(base + start, (end - start + 4_095) & ~4_095, MADV_DONTNEED)
      start = end
    }
  }
}
