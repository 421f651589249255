import PosttimParallel

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
/// templates (CSV).
package enum ChunkedRendering {
  /// Items per chunk: large enough that handing chunks to threads costs
  /// little, small enough that a few chunks in memory stay small. Each
  /// chunk copies the renderer's loaded partials for its thread, compiles
  /// its row program and hands its text over through a semaphore: at 512
  /// rows that was about 2% of a long HTML report's instructions.
  package static let chunkSize = 1_024

  /// The next chunk: up to ``chunkSize`` items, in order; `nil` when
  /// `iterator` is exhausted.
  // Specialized for streams: unspecialized, each item's append looked up
  // the array's type metadata (3% of a long HTML report).
  @_specialize(where Items == AnyIterator<TemplateValue>)
  package static func nextChunk<Items: IteratorProtocol>(_ iterator: inout Items) -> [Items.Element]? {
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
  /// ones are read. A short list is rendered here.
  package static func write<Items: IteratorProtocol>(
    chunksOf items: inout Items, _ render: @escaping @Sendable ([Items.Element]) -> TextBuffer,
    to output: inout some TextOutputStream
  ) where Items.Element: Sendable {
    guard let first = nextChunk(&items) else { return }
    guard first.count == chunkSize else { return render(first).write(to: &output) }
    let pipeline = RenderPipeline()
    pipeline.submit(first, then: &items, into: &output) { rows, _ in
      RenderPipeline.Chunk { _ in .init(text: render(rows), error: nil, endsAtLineStart: false) }
    }
    _ = pipeline.drain(into: &output)
  }
}
