import Dispatch
import FoundationEssentials
import PosttimParallel
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Frees a staging file's pages once they are copied, on a helper
/// thread, while the copy goes on: the pages of a long report (73 MB for
/// 100,000 tasks in HTML) were freed when the stage was closed, on one
/// core after the copy, with the other idle.
///
/// The range freed is always below what was copied (a hole reads as
/// zeros, and the copy and its fallback read only from where they are).
/// ``finish()`` must be called before the stage is closed: it waits for
/// the frees a helper took and does the others.
final class StagedPagesRelease: Sendable {
  /// Pages are freed this many bytes at a time.
  static let pieceLength = 8 << 20

  /// One range to free, taken by a helper or by ``finish()``.
  private final class Piece: Sendable {
    let offset: Int
    let length: Int
    private let claimed = Atomic(false)
    let done = DispatchSemaphore(value: 0)

    init(offset: Int, length: Int) {
      self.offset = offset
      self.length = length
    }

    func claim() -> Bool { !claimed.exchange(true, ordering: .acquiringAndReleasing) }
  }

  private let stage: Int32
  private let pieces = Mutex<[Piece]>([])
  /// Where the next piece starts.
  private let released = Atomic(0)

  /// Frees the pages copied from `start` on (none lie below it).
  init(stage: Int32, from start: Int = 0) {
    self.stage = stage
    released.store(start, ordering: .relaxed)
  }

  /// Hands the whole pieces below `copied` not yet handed over to a helper.
  func release(below copied: Int) {
    guard let fallocate = Self.fallocate else { return }
    var start = released.load(ordering: .relaxed)
    while copied - start >= Self.pieceLength {
      let piece = Piece(offset: start, length: Self.pieceLength)
      pieces.withLock { $0.append(piece) }
      Parallel.async { [self] in
        guard piece.claim() else { return }
        punch(piece, with: fallocate)
        piece.done.signal()
      }
      start += Self.pieceLength
    }
    released.store(start, ordering: .relaxed)
  }

  /// Frees the pieces no helper took (as closing the stage would), and
  /// waits for those a helper is freeing.
  func finish() {
    guard let fallocate = Self.fallocate else { return }
    for piece in pieces.withLock({ $0 }) {
      if piece.claim() { punch(piece, with: fallocate) } else { piece.done.wait() }
    }
  }

  private func punch(_ piece: Piece, with fallocate: Fallocate) {
    _ = fallocate(stage, Self.punchHole, off_t(piece.offset), off_t(piece.length))
  }

  /// glibc's `fallocate`, looked up at run time: Glibc's module does not
  /// import it (it is declared under `_GNU_SOURCE`).
  private typealias Fallocate = @convention(c) (Int32, Int32, off_t, off_t) -> Int32
  private static let fallocate: Fallocate? = dlsym(nil, "fallocate").map {
    unsafeBitCast($0, to: Fallocate.self)
  }
  /// `FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE` (Linux's values; not imported).
  private static let punchHole: Int32 = 0x02 | 0x01
}
