import Dispatch
import Foundation

/// How a long stream section is rendered on several cores: its items are
/// taken in chunks, each chunk is rendered into a string by a copy of the
/// renderer on its own core, and the strings are written in order. Output is
/// byte for byte the sequential rendering's (see ``TemplateRenderer``'s
/// `renderChunked`).
///
/// Why only streams: a stream's items are ``TemplateValue``s whose lazy
/// members are `@Sendable` closures, so computing them on another thread is
/// part of their contract, and a stream is the shape long reports take.
///
/// ``map(_:_:)`` and ``width`` also serve the loaders, which read a long
/// task list in two halves at once.
public enum ChunkedRendering {
  /// Items per chunk: large enough that handing chunks to threads costs
  /// little, small enough that a few chunks in memory stay small.
  public static let chunkSize = 512

  /// Chunks rendered at once: one per core, at most 8.
  public static let width = max(1, min(8, ProcessInfo.processInfo.activeProcessorCount))

  /// The next chunks to render at once: up to ``width`` arrays of up to
  /// ``chunkSize`` items, in order; `nil` when `iterator` is exhausted.
  public static func nextWave<Items: IteratorProtocol>(_ iterator: inout Items) -> [[Items.Element]]? {
    var chunks: [[Items.Element]] = []
    // `width` is read only once a chunk is full: a short list (the nightly
    // mail's) never asks how many cores there are, which reads the cgroup
    // quota files.
    repeat {
      var chunk: [Items.Element] = []
      chunk.reserveCapacity(chunkSize)
      while chunk.count < chunkSize, let item = iterator.next() { chunk.append(item) }
      if chunk.isEmpty { break }
      chunks.append(chunk)
      if chunk.count < chunkSize { break }
    } while chunks.count < width
    return chunks.isEmpty ? nil : chunks
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
