import Dispatch
import Foundation

/// How a long stream section is rendered on several cores: its items are
/// taken in chunks, each chunk is rendered into a buffer by a copy of the
/// renderer on another thread while the renderer goes on, and the buffers
/// are written in order (``RenderPipeline``). Output is byte for byte the
/// sequential rendering's (see ``TemplateRenderer``'s `renderChunked`).
///
/// Why only streams: a stream's items are ``TemplateValue``s whose lazy
/// members are `@Sendable` closures, so computing them on another thread is
/// part of their contract, and a stream is the shape long reports take.
///
/// ``write(chunksOf:_:to:)`` does the same for writers that are not
/// templates (CSV). ``map(_:_:)`` and ``width`` also serve the loaders,
/// which read a long task list in two halves at once, and the agenda
/// builder.
public enum ChunkedRendering {
  /// Items per chunk: large enough that handing chunks to threads costs
  /// little, small enough that a few chunks in memory stay small.
  public static let chunkSize = 512

  /// Cores to use: the ones this process may run on, at most 8. Read only
  /// for long lists: it reads the cgroup quota files.
  public static let width = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))

  /// The next chunk: up to ``chunkSize`` items, in order; `nil` when
  /// `iterator` is exhausted.
  // Specialized for streams: unspecialized, each item's append looked up
  // the array's type metadata (3% of a long HTML report).
  @_specialize(where Items == AnyIterator<TemplateValue>)
  public static func nextChunk<Items: IteratorProtocol>(_ iterator: inout Items) -> [Items.Element]? {
    var chunk: [Items.Element] = []
    while chunk.count < chunkSize, let item = iterator.next() {
      if chunk.isEmpty { chunk.reserveCapacity(chunkSize) }
      chunk.append(item)
    }
    return chunk.isEmpty ? nil : chunk
  }

  /// Writes `render(chunk)` for each chunk of `items`, in order, to
  /// `output`. From one full chunk on, chunks are rendered on
  /// other threads, a few at a time (``RenderPipeline``), while the next
  /// ones are read; `render` must be safe to call from several threads at
  /// once. A short list is rendered here.
  public static func write<Items: IteratorProtocol>(
    chunksOf items: inout Items, _ render: @escaping ([Items.Element]) -> TextBuffer,
    to output: inout some TextOutputStream
  ) {
    guard let first = nextChunk(&items) else { return }
    guard first.count == chunkSize else { return render(first).write(to: &output) }
    let pipeline = RenderPipeline()
    pipeline.submit(first, then: &items, into: &output) { rows, _ in
      RenderPipeline.Chunk { _ in .init(text: render(rows), error: nil, endsAtLineStart: false) }
    }
    _ = pipeline.drain(into: &output)
  }

  /// Runs `body(0) … body(count - 1)` on up to ``width`` threads and
  /// returns their results in index order. `body` must be safe to call
  /// from several threads at once.
  public static func map<Result>(_ count: Int, _ body: (Int) -> Result) -> [Result] {
    guard count > 1 else { return (0..<count).map(body) }
    let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
      // Deinitialized first: the slots own their results (a chunk's text).
      _ = results.deinitialize()
      results.deallocate()
    }
    // Each index writes its own slot only; the results are read after all finish.
    nonisolated(unsafe) let slots = results
    withoutActuallyEscaping(body) { body in
      nonisolated(unsafe) let body = body
      DispatchQueue.concurrentPerform(iterations: count) { index in slots[index] = body(index) }
    }
    return results.map { $0! }
  }
}
