import Dispatch
import PosttimParallel
import Synchronization

/// How the renderer keeps every core busy on a long report: the chunks of
/// a long stream section are rendered on other threads while the renderer
/// goes on with the template, and the text it writes meanwhile waits
/// behind them; all of it reaches the output in template order.
///
/// Why not render a stream's chunks and wait for them, a wave at a time:
/// every wave and every stream (a day of the report) ends with one core
/// idle while the other finishes, and the report's other text is written
/// with both waiting. On 100,000 tasks the second core was busy 55% of
/// the rendering time that way.
///
/// Bounded: at most ``window`` chunks are rendered or waiting at once (the
/// renderer waits for the oldest before it hands over another), and text
/// written behind them is handed over once it passes ``deferredLimit``.
///
/// Line starts: a chunk is rendered from the state the stream started
/// with; where the previous chunk ended in another state (a row that ends
/// without a line break), the chunk is rendered again here, in order, from
/// the right one. The renderer learns the state after a stream only when
/// it needs it (``TemplateRenderer``'s `lineStartPending`), by waiting for
/// the stream's chunks; a stream that starts right after another guesses
/// it for its first chunk instead, checked here like a later chunk's.
///
/// Used from the thread that renders the template only; chunks run on
/// ``Parallel``'s helper threads, or on the rendering thread when it
/// needs one no helper has started.
final class RenderPipeline {
  /// Chunks rendered or waiting at once: a few per core, so that a core
  /// that finishes finds the next one ready.
  static let window = 4 * Parallel.width

  /// Text written behind pending chunks, in bytes, before the renderer waits
  /// for them and hands it over.
  static let deferredLimit = 1 << 20

  /// One chunk of a stream's items, rendered on another thread.
  ///
  /// Sendable, checked: `render` is `@Sendable`, and its result comes back
  /// through a lock, set there before ``isFinished`` is set and `done`
  /// signalled, and taken here once either says it is rendered.
  final class Chunk: Sendable {
    /// What rendering a chunk gives: its text up to the first error (all
    /// of it when there is none, the sequential output's bytes either
    /// way), that error, and the line-start state at its end.
    struct Rendered: Sendable {
      var text: TextBuffer
      var error: TemplateError?
      var endsAtLineStart: Bool
      /// Units of work it took (``RenderBudget``).
      var work = 0
    }

    /// The line-start state `render` assumes when given none.
    let assumedLineStart: Bool
    /// It starts where the previous chunk ended: not its stream's first, or
    /// the first of a stream that follows another with nothing between.
    let continuesStream: Bool
    /// Renders the chunk from a line-start state (`assumedLineStart` when nil).
    let render: @Sendable (Bool?) -> Rendered
    /// The same within a number of units of work, for a chunk that went
    /// past what the budget left it; nil for chunks not counted.
    let renderWithin: (@Sendable (Bool?, Int) -> Rendered)?
    /// The work the renderer had done before the chunk, its own.
    let workBefore: Int
    /// The units of work `render` stops past (``RenderBudget``); `.max` for
    /// chunks not counted.
    let workLimit: Int
    private let result = Mutex<Rendered?>(nil)
    private let claimed = Atomic(false)
    private let finished = Atomic(false)
    /// Signalled once the chunk is rendered, for a thread that waits for it.
    let done = DispatchSemaphore(value: 0)

    /// Whether the chunk is rendered, without waiting: a semaphore's
    /// `wait(timeout: .now())` is a timed wait whose deadline has passed,
    /// and the kernel still slept the timer slack (57 µs a call, about 20
    /// ms of a 100,000-task HTML report on the rendering thread).
    var isFinished: Bool { finished.load(ordering: .acquiring) }

    init(
      assumedLineStart: Bool = false, continuesStream: Bool = false, workBefore: Int = 0, workLimit: Int = .max,
      renderWithin: (@Sendable (Bool?, Int) -> Rendered)? = nil,
      render: @escaping @Sendable (Bool?) -> Rendered
    ) {
      self.assumedLineStart = assumedLineStart
      self.continuesStream = continuesStream
      self.workBefore = workBefore
      self.workLimit = workLimit
      self.renderWithin = renderWithin
      self.render = render
    }

    /// A chunk of items rendered by `renderer` (a copy: each chunk its own).
    /// `capacity`: the bytes its text is expected to take (a buffer that
    /// grows is copied each time it doubles). `workBefore`: the renderer's
    /// own work before the stream.
    convenience init(
      renderer: HandedRenderer, items: Items, children: [TemplateNode], templateName: String,
      continuesStream: Bool, capacity: Int, workBefore: Int
    ) {
      let render: @Sendable (Bool?, Int?) -> Rendered = { atLineStart, workLimit in
        // The template in this thread's own storage (see UnsharedNodes).
        var renderer = renderer.renderer.unshared(workLimit: workLimit)
        let children = children.map(\.unshared)
        if let atLineStart { renderer.atLineStart = atLineStart }
        var text = TextBuffer(capacity: capacity)
        do throws(TemplateError) {
          try renderer.renderItems(items, children, templateName, into: &text)
          return Rendered(text: text, error: nil, endsAtLineStart: renderer.atLineStart, work: renderer.work)
        } catch {
          return Rendered(text: text, error: error, endsAtLineStart: renderer.atLineStart, work: renderer.work)
        }
      }
      self.init(
        assumedLineStart: renderer.renderer.atLineStart, continuesStream: continuesStream, workBefore: workBefore,
        workLimit: renderer.renderer.workLimit, renderWithin: { render($0, $1) }, render: { render($0, nil) })
    }

    /// Renders the chunk on a helper thread, unless the renderer took it
    /// first; `done` is signalled after.
    fileprivate func start(unless failed: FailedFlag) {
      Parallel.async {
        guard self.claim() else { return }
        self.renderHere(unless: failed)
        self.done.signal()
      }
    }

    /// Takes the chunk for the calling thread: false when another thread
    /// has it (rendering it, or done).
    fileprivate func claim() -> Bool {
      !claimed.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Renders the chunk on the calling thread, which claimed it; not once
    /// a chunk before it has failed (nothing after that one is written),
    /// else a template stopped by the budget would go on rendering each
    /// pending chunk up to the budget.
    fileprivate func renderHere(unless failed: FailedFlag) {
      let rendered =
        failed.isSet ? Rendered(text: TextBuffer(), error: nil, endsAtLineStart: assumedLineStart) : render(nil)
      result.withLock { $0 = rendered }
      finished.store(true, ordering: .releasing)
    }

    /// The rendering `start()` made; call once, after ``isFinished`` or `done` said it is there.
    fileprivate func takeRendered() -> Rendered {
      result.withLock { $0.take()! }
    }
  }

  /// Set, from the rendering thread, once a chunk handed over has failed;
  /// read by the chunks that have not started.
  final class FailedFlag: Sendable {
    private let flag = Atomic(false)
    var isSet: Bool { flag.load(ordering: .relaxed) }
    func set() { flag.store(true, ordering: .relaxed) }
  }

  /// A chunk's items: made already, or positions in a stream's
  /// ``TemplateStream/Rows``, made by the thread that renders them.
  enum Items: Sendable {
    case values([TemplateValue])
    case rows(TemplateStream.Rows, Range<Int>)
  }

  /// A renderer handed to a chunk's thread.
  ///
  /// Sendable notes: a ``TemplateRenderer`` is not `Sendable` only because
  /// of its pipeline, a class that the rendering thread alone uses. A
  /// chunk's renderer has none (checked here); the rest of it is values
  /// that are `Sendable` (context values, nodes, the partial source and
  /// the escaper), read on the chunk's thread, and by the rendering thread
  /// when it renders the chunk again.
  struct HandedRenderer: @unchecked Sendable {
    let renderer: TemplateRenderer

    init(_ renderer: TemplateRenderer) {
      precondition(renderer.pipeline == nil, "a chunk's renderer has no pipeline")
      self.renderer = renderer
    }
  }

  private enum Piece {
    case text(TextBuffer)
    case chunk(Chunk)
    case handedOver
  }

  /// Pieces not yet handed to the output, oldest at `head`.
  private var pieces: [Piece] = []
  private var head = 0
  /// Text written behind the last pending chunk.
  private var tail = TextBuffer()
  private var chunksPending = 0
  private var deferredBytes = 0
  /// The line-start state after the last chunk handed over.
  private var lastChunkEnd = false
  /// The first error of a chunk handed over; nothing is written after it.
  private(set) var firstError: TemplateError? {
    didSet { if firstError != nil { failed.set() } }
  }
  private let failed = FailedFlag()
  /// The units of work the renderer may do (``RenderBudget``), or nil when
  /// chunks are not counted.
  let workBudget: Int?
  /// The units of work of the chunks handed over.
  private(set) var handedOverWork = 0

  init(workBudget: Int? = nil) {
    self.workBudget = workBudget
  }

  /// The bytes a chunk is expected to take: an eighth more than the
  /// largest handed over so far.
  private(set) var chunkCapacity = 1 << 12

  /// Whether chunks are pending: text must then be queued behind them.
  var isPending: Bool { chunksPending > 0 }

  /// Hands `chunk` to another thread, first waiting for the oldest chunk
  /// (and handing over what is ready) while ``window`` are pending.
  func submit(_ chunk: Chunk, into output: inout some TextOutputStream) {
    while chunksPending >= Self.window { handOverOldest(into: &output) }
    if !tail.bytes.isEmpty {
      pieces.append(.text(tail))
      tail = TextBuffer()
    }
    pieces.append(.chunk(chunk))
    chunksPending += 1
    chunk.start(unless: failed)
    handOverReady(into: &output)
  }

  /// Hands over `first`, then every chunk left in `items` (``ChunkedRendering/nextChunk(_:)``),
  /// each made by `chunk` from its items and whether it continues the
  /// stream (all but the first); stops at the first error a chunk met.
  func submit<Items: IteratorProtocol>(
    _ first: [Items.Element], then items: inout Items, into output: inout some TextOutputStream,
    as chunk: (_ items: [Items.Element], _ continuesStream: Bool) -> Chunk
  ) {
    var next: [Items.Element]? = first
    var continuesStream = false
    while let chunkItems = next, firstError == nil {
      submit(chunk(chunkItems, continuesStream), into: &output)
      continuesStream = true
      next = ChunkedRendering.nextChunk(&items)
    }
  }

  /// Hands over chunks of ``ChunkedRendering/chunkSize`` positions of
  /// `0..<count` in order, each made by `chunk` from its positions and
  /// whether it continues the stream (all but the first); stops at the
  /// first error a chunk met.
  func submit(
    positions count: Int, into output: inout some TextOutputStream,
    as chunk: (_ positions: Range<Int>, _ continuesStream: Bool) -> Chunk
  ) {
    var start = 0
    while start < count, firstError == nil {
      let end = min(start + ChunkedRendering.chunkSize, count)
      submit(chunk(start..<end, start > 0), into: &output)
      start = end
    }
  }

  /// Queues text behind the pending chunks (drops it once a chunk has
  /// failed); past ``deferredLimit`` bytes, waits for them and hands
  /// everything over.
  func write(_ text: String, into output: inout some TextOutputStream) {
    guard firstError == nil else { return }  // nothing is written after an error
    tail.write(text)
    deferredBytes += text.utf8.count
    if deferredBytes > Self.deferredLimit { while isPending { handOverOldest(into: &output) } }
  }

  /// Waits for every pending chunk and hands everything over.
  /// - Returns: the line-start state after the last chunk handed over.
  func drain(into output: inout some TextOutputStream) -> Bool {
    while isPending { handOverOldest(into: &output) }
    return lastChunkEnd
  }

  /// ``drain(into:)``, then throws the first error a chunk met.
  func finish(into output: inout some TextOutputStream) throws(TemplateError) -> Bool {
    let end = drain(into: &output)
    if let firstError { throw firstError }
    return end
  }

  /// Hands over the pieces at the head that are ready, without waiting.
  private func handOverReady(into output: inout some TextOutputStream) {
    while isPending {
      if case .chunk(let chunk) = pieces[head], !chunk.isFinished { return }
      handOver(into: &output)
    }
  }

  /// Hands over the oldest piece, waiting for it if it is a chunk still
  /// rendering. A chunk no thread has started is rendered here: under a
  /// low `ulimit -v` its thread may never get a stack.
  ///
  /// While another thread renders the oldest, this one renders the pending
  /// chunks behind it that no thread has started, instead of waiting idle:
  /// with one helper a core (two cores: one helper), the rendering thread
  /// would otherwise spend most of a long report waiting while the helper
  /// renders chunk after chunk.
  private func handOverOldest(into output: inout some TextOutputStream) {
    if case .chunk(let chunk) = pieces[head] {
      if chunk.claim() {
        chunk.renderHere(unless: failed)
      } else {
        while !chunk.isFinished {
          guard let later = claimUnstarted() else {
            chunk.done.wait()
            break
          }
          later.renderHere(unless: failed)
          later.done.signal()  // what a helper signals: its turn at the head finds it done
        }
      }
    }
    handOver(into: &output)
  }

  /// The oldest pending chunk behind the head that no thread has started,
  /// claimed for the calling thread.
  private func claimUnstarted() -> Chunk? {
    for index in pieces.indices.dropFirst(head + 1) {
      if case .chunk(let chunk) = pieces[index], chunk.claim() { return chunk }
    }
    return nil
  }

  /// Writes the head piece (a finished chunk or text) and drops it; once
  /// no chunk is pending, the text queued behind the last one too.
  private func handOver(into output: inout some TextOutputStream) {
    switch pieces[head] {
    case .text(let buffer):
      emit(buffer, into: &output)
    case .chunk(let chunk):
      chunksPending -= 1
      var rendered = chunk.takeRendered()
      let lineStart = chunk.continuesStream ? lastChunkEnd : nil
      if firstError == nil, chunk.continuesStream, chunk.assumedLineStart != lastChunkEnd {
        rendered = chunk.render(lastChunkEnd)
      }
      // The work before the chunk is known now: the renderer's, and every
      // chunk's before it. Past what that leaves, the chunk is rendered
      // again within it, to stop where the sequential rendering stops
      // (unless it was rendered within that already).
      if firstError == nil, let workBudget, let renderWithin = chunk.renderWithin {
        let left = workBudget &- chunk.workBefore &- handedOverWork
        if rendered.work > left, left < chunk.workLimit { rendered = renderWithin(lineStart, left) }
      }
      handedOverWork &+= rendered.work
      lastChunkEnd = rendered.endsAtLineStart
      chunkCapacity = max(chunkCapacity, rendered.text.bytes.count + rendered.text.bytes.count / 8)
      // The text up to a chunk's error is written, as the sequential
      // rendering writes the rows before a failing one; nothing after.
      if firstError == nil {
        rendered.text.write(to: &output)
        firstError = rendered.error
      }
    case .handedOver:
      break
    }
    pieces[head] = .handedOver  // lets go of the chunk and its text now
    head += 1
    if head == pieces.count {
      pieces.removeAll(keepingCapacity: true)
      head = 0
      emit(tail, into: &output)
      tail = TextBuffer()
    }
  }

  private func emit(_ text: TextBuffer, into output: inout some TextOutputStream) {
    deferredBytes -= text.bytes.count
    if firstError == nil && !text.bytes.isEmpty { text.write(to: &output) }
  }
}
