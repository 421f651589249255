import PosttimICU
import PosttimParallel
import PosttimTemplating

/// The rows' anchors ("task-3f2a…"), made on first use: Markdown, CSV
/// and text never show them, so a run in those formats never hashes a
/// million tasks.
///
/// IDs come from a task's content, so identical twins would share one;
/// later twins get "-2", "-3"… in agenda order, and every anchor in a
/// report is unique.
///
/// The table holds a hash and a twin number per row, not strings: an
/// anchor's text is made when it is read, by the thread rendering its row.
/// The hashes come from the agenda (``AgendaSection/taskIDHashes``), or
/// are computed here on every core (`Parallel.map`); the twins are
/// numbered in one pass in agenda order. Once built, the table is read
/// with no lock (``OnceValue``: the rows of an HTML report ask for it
/// twice each, from every rendering thread).
final class TaskAnchors: Sendable {
  private let table: OnceValue<Table>

  private struct Table {
    /// Where each section's rows start in ``hashes`` and ``twins``.
    var starts: [Int] = []
    var hashes: [UInt64] = []
    /// 1 for the first task with its hash, 2 for its next twin…; empty
    /// when no hash repeats.
    var twins: [UInt32] = []
  }

  /// Lists at least this long are hashed on several cores.
  static let parallelCount = 8_192

  init(_ agenda: Agenda) {
    let sections = agenda.sections
    let table = OnceValue { Self.table(of: sections) }
    self.table = table
    // Hashed by the agenda: the writer shows task IDs, so the table will be
    // read. A long one is made on a helper thread while this one goes on
    // (the report's other views, its template), instead of when the first
    // row asks, with the other core idle (3 to 4 ms at 100,000 tasks).
    if agenda.taskCount >= Self.parallelCount, Parallel.width > 1, Self.hashedByAgenda(sections) {
      // Weak: a job still queued (a roster's helpers are busy until its
      // last message) must not keep the agenda alive after its report.
      Parallel.async { [weak table] in _ = table?.pointer }
    }
  }

  /// The anchor of row `row` of section `section`.
  func id(section: Int, row: Int) -> String {
    // Read in place: a copy of the table would retain its arrays, shared by every thread.
    let index = table.value.starts[section] + row
    let twin = table.value.twins.isEmpty ? 1 : Int(table.value.twins[index])
    return TaskAnchorText.anchor(table.value.hashes[index], twin: twin)
  }

  /// Calls `body` with the UTF-8 of ``id(section:row:)``, made on the stack.
  func withID(section: Int, row: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    // One look at the table for its three parts (this runs twice a row).
    let table = table.pointer
    let index = table.pointee.starts[section] + row
    let twin = table.pointee.twins.isEmpty ? 1 : Int(table.pointee.twins[index])
    let hash = table.pointee.hashes[index]
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: TaskAnchorText.maximumLength) { buffer in
      let count = TaskAnchorText.write(hash, twin: twin, into: buffer)
      body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  private static func table(of sections: [AgendaSection]) -> Table {
    var table = Table()
    var start = 0
    for section in sections {
      table.starts.append(start)
      start += section.tasks.count
    }
    // Hashed while the agenda was built (``AgendaOptions/hashesTaskIDs``), or now.
    table.hashes =
      hashedByAgenda(sections)
      ? sections.flatMap(\.taskIDHashes) : hashes(of: sections.map(\.tasks), count: start)
    table.twins = twins(table.hashes)
    return table
  }

  /// Whether the agenda hashed every task (``AgendaOptions/hashesTaskIDs``).
  private static func hashedByAgenda(_ sections: [AgendaSection]) -> Bool {
    sections.allSatisfy { $0.taskIDHashes.count == $0.tasks.count }
  }

  /// Every task's ``TaskEntry/stableHash``, in agenda order.
  private static func hashes(of sections: [[TaskEntry]], count: Int) -> [UInt64] {
    guard count >= parallelCount else { return sections.flatMap { $0.map(\.stableHash) } }
    // Pieces of at most 4,096 rows of one section each, and where their
    // rows go.
    var pieces: [(section: Int, rows: Range<Int>, at: Int)] = []
    var at = 0
    for (index, section) in sections.enumerated() {
      for start in stride(from: 0, to: section.count, by: 4_096) {
        let rows = start..<min(start + 4_096, section.count)
        pieces.append((index, rows, at))
        at += rows.count
      }
    }
    return [UInt64](unsafeUninitializedCapacity: count) { hashes, initialized in
      // Each piece writes its own rows only.
      nonisolated(unsafe) let slots = hashes.baseAddress!
      _ = Parallel.map(pieces.count) { [pieces] index in
        let piece = pieces[index]
        sections[piece.section].withUnsafeBufferPointer { tasks in
          TaskEntry.forEachStableHash(in: tasks, rows: piece.rows) { row, hash in
            (slots + piece.at + row - piece.rows.lowerBound).initialize(to: hash)
          }
        }
      }
      initialized = count
    }
  }

  /// Twin numbers in agenda order (how many of the rows so far, this one
  /// included, have its hash), or empty when no hash repeats (all 1s: the
  /// usual list, which then keeps no numbers). Hashes seen are kept in an
  /// open-addressing table of twice their count (the hashes are FNV-1a
  /// already, so no hashing again); only repeated ones are counted.
  private static func twins(_ hashes: [UInt64]) -> [UInt32] {
    var capacity = 16
    while capacity < 2 * hashes.count { capacity *= 2 }
    let mask = capacity - 1
    // Slot `i` holds a hash when `used[i]`; 0 is a possible hash.
    var keys = [UInt64](repeating: 0, count: capacity)
    var used = [Bool](repeating: false, count: capacity)
    var repeated: Set<UInt64> = []
    for hash in hashes {
      // Fibonacci hashing spreads the low bits of nearby hashes.
      var slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
      while used[slot] && keys[slot] != hash { slot = (slot + 1) & mask }
      if used[slot] { repeated.insert(hash) }
      keys[slot] = hash
      used[slot] = true
    }
    guard !repeated.isEmpty else { return [] }
    var counts: [UInt64: UInt32] = [:]
    return hashes.map { hash in
      guard repeated.contains(hash) else { return 1 }
      counts[hash, default: 0] += 1
      return counts[hash]!
    }
  }
}
