import Dispatch
import PosttimParallel
@testable import PosttimTemplating
import Testing

/// While a helper thread renders the oldest chunk, the rendering thread
/// renders the chunks behind it instead of waiting idle (``RenderPipeline``).
@Suite(
  "Render pipeline: the rendering thread takes later chunks",
  .enabled(if: Parallel.width > 1, "with one core there is no helper thread to wait for"))
struct RenderPipelineHelpTests {
  static func rendered(_ text: String) -> RenderPipeline.Chunk.Rendered {
    var buffer = TextBuffer()
    buffer.write(text)
    return .init(text: buffer, error: nil, endsAtLineStart: false)
  }

  @Test("the second chunk is rendered while a helper still renders the first; the text stays in order")
  func laterChunkRenderedWhileWaiting() {
    let firstStarted = DispatchSemaphore(value: 0)
    let secondRendered = DispatchSemaphore(value: 0)
    let firstSawSecond = DispatchSemaphore(value: 0)
    let first = RenderPipeline.Chunk { _ in
      firstStarted.signal()
      // Only the rendering thread can render the second chunk now: the one
      // helper is here. Without that, this gives up after the timeout.
      if secondRendered.wait(timeout: .now() + 30) == .success { firstSawSecond.signal() }
      return Self.rendered("first ")
    }
    let second = RenderPipeline.Chunk { _ in
      secondRendered.signal()
      return Self.rendered("second")
    }
    let pipeline = RenderPipeline()
    var output = ""
    pipeline.submit(first, into: &output)
    firstStarted.wait()
    pipeline.submit(second, into: &output)
    _ = pipeline.drain(into: &output)
    #expect(firstSawSecond.wait(timeout: .now()) == .success)
    #expect(output == "first second")
  }

  @Test("a chunk a helper is rendering reads as not finished, and as finished once its semaphore is signalled")
  func finishedWithoutWaiting() throws {
    let gate = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    let chunk = RenderPipeline.Chunk { _ in
      started.signal()
      gate.wait()
      return Self.rendered("only")
    }
    let pipeline = RenderPipeline()
    var output = ""
    pipeline.submit(chunk, into: &output)
    // A helper renders it (the suite runs with one at least); without one, fail, not hang.
    try #require(started.wait(timeout: .now() + 30) == .success)
    #expect(!chunk.isFinished)
    gate.signal()
    chunk.done.wait()
    #expect(chunk.isFinished)
    _ = pipeline.drain(into: &output)
    #expect(output == "only")
  }
}
