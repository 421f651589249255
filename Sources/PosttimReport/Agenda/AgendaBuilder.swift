import FoundationEssentials
import PosttimICU
import PosttimParallel

/// Builds an ``Agenda`` from tasks: filters by window and importance,
/// sorts, and groups by local day through ``DayCalendar`` (never by
/// 86,400-second steps, which break on DST days).
public struct AgendaBuilder: Sendable {
  /// The zone whose local days group the tasks, and the locale's first weekday.
  public let calendar: DayCalendar
  /// Orders equal-time, equal-importance tasks by title (UCA with the locale's tailoring).
  public let collator: ICUCollator

  /// - Parameters:
  ///   - calendar: the report's zone (and locale, for the first weekday).
  ///   - collator: orders titles that share an instant and importance.
  public init(calendar: DayCalendar, collator: ICUCollator) {
    self.calendar = calendar
    self.collator = collator
  }

  /// Tie groups up to this size compare titles pairwise (see ``collateTies(in:tasks:)``).
  static let directComparisonLimit = 8

  /// From this many tasks on, a list is filtered and sorted in two halves
  /// at once, and from this many kept tasks on, sections are gathered on
  /// two cores (and a report's text bytes counted in two parts).
  static let parallelGatherMinimum = 20_000

  /// Builds the agenda.
  /// - Complexity: O(n log n) for n tasks; one ICU day lookup per task
  ///   kept, and ICU collation only for tasks that share an instant and an
  ///   importance.
  public func build(_ tasks: [TaskEntry], options: AgendaOptions) -> Agenda {
    var tasks = tasks
    return build(moving: &tasks, options: options)
  }

  /// Builds the agenda by moving each kept task out of `tasks` into its
  /// section; ``TaskEntry/vacated`` is left in its place, and the tasks
  /// the window or importance leave out stay where they were. When every
  /// task of a long list (``releaseMinimum``) was moved, `tasks` is emptied. For this
  /// package's CLI only (`package`): a library caller who built again
  /// from the same array could get the placeholders back as tasks.
  ///
  /// Why: a copy retains the task's strings, and in a long list those are
  /// cold in the cache, so copying cost more than the sort (a tenth of a
  /// 100k-task run). The caller decides when the leftovers are freed (the
  /// CLI never frees them: the process exits).
  /// - Complexity: as ``build(_:options:)``.
  package func build(moving tasks: inout [TaskEntry], options: AgendaOptions) -> Agenda {
    let today = calendar.day(of: options.now)
    // The overdue section's first day (`overdueDays` days of the zone back),
    // when it has one; a reach past Julian day 0 keeps everything (and
    // cannot overflow a day number).
    let overdueStart =
      options.from == nil
      ? options.overdueDays.flatMap { $0 >= Int(today.dayNumber) ? nil : calendar.day(today, movedBy: -max($0, 0)) }
      : nil
    var hashes = options.hashesTaskIDs ? [UInt64](repeating: 0, count: tasks.count) : []
    var kept = keptInOrder(tasks, options: options, overdueStart: overdueStart, hashes: &hashes)
    collateTies(in: &kept, tasks: tasks)
    // Where each section starts in `kept`, so each gets its tasks' room at once.
    var starts: [(kind: AgendaSection.Kind, start: Int)] = []
    for position in kept.indices {
      let kind = sectionKind(of: kept[position].day, today: today, options: options)
      if kind != starts.last?.kind { starts.append((kind, position)) }
    }
    let ends = starts.dropFirst().map(\.start) + [kept.count]
    // Only the order is needed now: 4 bytes a task instead of the 32 of
    // `kept`, let go before the tasks are gathered (a million-task list's
    // peak memory is reached while they are); with task IDs, 8 bytes of
    // hash a task too, and 8 a kept task in the sections.
    let order = kept.map { UInt32(truncatingIfNeeded: $0.index) }
    let keptCount = kept.count
    precondition(tasks.count <= Int(UInt32.max), "too many tasks")
    kept = []
    // The tasks are gathered from all over the list (cache misses, a third
    // of this function's time on 100,000 tasks): a long list's sections are
    // gathered on two cores, each taking the sections of half its tasks.
    let split =
      keptCount >= Self.parallelGatherMinimum && Parallel.width > 1
      ? ends.firstIndex { $0 >= keptCount / 2 }.map { $0 + 1 } ?? starts.count : starts.count
    let sections = tasks.withUnsafeMutableBufferPointer { buffer in
      // Each part moves out the tasks of its own sections, and a task is in
      // one section only: the parts touch disjoint elements of `buffer`,
      // which the compiler cannot see.
      nonisolated(unsafe) let buffer = buffer
      let parts = split < starts.count ? [0..<split, split..<starts.count] : [0..<starts.count]
      return Parallel.map(parts.count) { [order, starts, hashes] part in
        parts[part].map { number in
          let rows = order[starts[number].start..<ends[number]].lazy.map { Int($0) }
          return AgendaSection(
            kind: starts[number].kind, tasks: buffer.gathering(rows),
            taskIDHashes: hashes.isEmpty ? [] : rows.map { hashes[$0] })
        }
      }.flatMap { $0 }
    }
    // Every task moved out: a long list's placeholders are let go now, so
    // the report is written without them (80 bytes a task). A short list
    // leaves them to the caller (freeing costs a pass over them).
    if keptCount == tasks.count, tasks.count >= Self.releaseMinimum { tasks = [] }
    return Agenda(today: today, now: options.now, sections: sections, from: options.from, to: options.to)
  }

  /// Orders by title each run of `kept` whose tasks share an instant and
  /// an importance. A long list's runs are ordered in two halves at once,
  /// split between two runs, the second half with a copy of the collator
  /// (each collator has its lock): on one core, the 5,886 runs of a
  /// 100,000-task list took about 6 ms while the other core waited.
  func collateTies(in kept: inout [Keyed], tasks: [TaskEntry]) {
    var middle = kept.count / 2
    while middle > 0, middle < kept.count, !Keyed.before(kept[middle - 1], kept[middle]) { middle += 1 }
    kept.withUnsafeMutableBufferPointer { buffer in
      guard buffer.count >= Self.parallelGatherMinimum, Parallel.width > 1, middle < buffer.count,
        let copy = try? collator.copy()
      else { return Self.collateTies(in: buffer, tasks: tasks, collator: collator) }
      // The halves are disjoint runs of `buffer`.
      nonisolated(unsafe) let buffer = buffer
      _ = Parallel.map(2) { [collator, middle] half in
        Self.collateTies(
          in: UnsafeMutableBufferPointer(rebasing: buffer[half == 0 ? 0..<middle : middle..<buffer.count]),
          tasks: tasks, collator: half == 0 ? collator : copy)
      }
      collator.adoptFailure(of: copy)
    }
  }

  /// Titles are collated only where instant and importance tie. A small
  /// group (most of them: two or three tasks) compares titles directly,
  /// which stops at the first difference; a large one makes a sort key per
  /// task once, instead of one comparison per step of the sort. Both give
  /// the sort keys' order (UTS #10), so the result is the same.
  private static func collateTies(
    in kept: UnsafeMutableBufferPointer<Keyed>, tasks: [TaskEntry], collator: ICUCollator
  ) {
    var start = 0
    while start < kept.count {
      var end = start + 1
      while end < kept.count, !Keyed.before(kept[start], kept[end]) { end += 1 }
      if end - start > directComparisonLimit {
        let keys = kept[start..<end].map { ($0, collator.sortKey(tasks[$0.index].title)) }
        let ordered = keys.sorted { $0.1.lexicographicallyPrecedes($1.1) }
        for (offset, entry) in ordered.enumerated() { kept[start + offset] = entry.0 }
      } else if end - start > 1 {
        kept[start..<end].sort { collator.precedes(tasks[$0.index].title, tasks[$1.index].title) }
      }
      start = end
    }
  }

  /// A kept task as a plain value, sorted without reference counting;
  /// tasks are then moved once, into their section.
  struct Keyed: Sendable {
    let date: Date
    let importance: Int
    let day: LocalDay
    let index: Int

    /// The agenda's order before titles: by instant, then importance (9 first).
    static func before(_ a: Keyed, _ b: Keyed) -> Bool {
      if a.date != b.date { return a.date < b.date }
      return a.importance > b.importance
    }
  }

  /// The tasks the window and minimum importance keep, in the order of
  /// ``Keyed/before(_:_:)``, ties in input order. A long list is filtered
  /// and sorted in two halves at once, then merged (left first on a tie,
  /// so the merge is as stable as the sorts): on one core, it was about
  /// 15 ms of a 100,000-task run while the other core waited.
  ///
  /// When `hashes` is not empty (one slot a task), each kept task's
  /// ``TaskEntry/stableHash`` goes in its slot: hashed in input order, the
  /// texts are read in the order the reader made them, which the memory's
  /// prefetcher follows, where agenda order is a cache miss a text.
  func keptInOrder(
    _ tasks: [TaskEntry], options: AgendaOptions, overdueStart: LocalDay?, hashes: inout [UInt64]
  ) -> [Keyed] {
    let parts = tasks.count >= Self.parallelGatherMinimum && Parallel.width > 1 ? 2 : 1
    let bounds = (0...parts).map { tasks.count * $0 / parts }
    let hashing = !hashes.isEmpty
    precondition(!hashing || hashes.count == tasks.count, "one hash slot a task")
    let sorted = hashes.withUnsafeMutableBufferPointer { slots in
      // Each part writes the slots of its own tasks only.
      nonisolated(unsafe) let slots = slots
      return Parallel.map(parts) { part in
        var kept: [Keyed] = []
        kept.reserveCapacity(bounds[part + 1] - bounds[part])
        tasks.withUnsafeBufferPointer { entries in
          // By index: `enumerated()` copied each task out (retaining its strings).
          for index in bounds[part]..<bounds[part + 1] where entries[index].importance >= options.minimumImportance {
            let date = entries[index].date
            let day = calendar.day(of: date)
            if let from = options.from, day < from { continue }
            if let to = options.to, day > to { continue }
            if let overdueStart, day < overdueStart { continue }
            kept.append(Keyed(date: date, importance: entries[index].importance, day: day, index: index))
          }
          if hashing { TaskEntry.forEachStableHash(in: entries, rows: kept.lazy.map(\.index)) { slots[$0] = $1 } }
        }
        // By importance (9 first), then by instant: both sorts are stable, so
        // this is the order of `Keyed.before`, ties in input order.
        RadixSort.sort(&kept) { ~RadixSort.key($0.importance) }
        RadixSort.sort(&kept) { RadixSort.key($0.date.timeIntervalSinceReferenceDate) }
        return kept
      }
    }
    return parts == 1 ? sorted[0] : Self.merged(sorted[0], sorted[1])
  }

  /// Two runs sorted by ``Keyed/before(_:_:)`` as one, `first`'s element
  /// first where neither is before the other. Long runs are merged in two
  /// halves at once, each half of the result from its own part of both
  /// runs (``mergeSplit(_:_:at:)``): on one core, the merge of a
  /// 100,000-task list left the other core waiting about 3 ms.
  static func merged(_ first: [Keyed], _ second: [Keyed]) -> [Keyed] {
    let total = first.count + second.count
    return [Keyed](unsafeUninitializedCapacity: total) { merged, count in
      guard total >= parallelGatherMinimum, Parallel.width > 1 else {
        merge(first, second, into: merged.baseAddress!, parts: (0..<first.count, 0..<second.count))
        count = total
        return
      }
      let half = total / 2
      let split = mergeSplit(first, second, at: half)
      // The halves write disjoint parts of `merged`.
      nonisolated(unsafe) let merged = merged
      _ = Parallel.map(2) { part in
        part == 0
          ? merge(first, second, into: merged.baseAddress!, parts: (0..<split, 0..<(half - split)))
          : merge(
            first, second, into: merged.baseAddress! + half, parts: (split..<first.count, (half - split)..<second.count)
          )
      }
      count = total
    }
  }

  /// How many of `first`'s elements are among the first `position` of the
  /// merge: the least `i` such that `second`'s element `position - i - 1`
  /// (the last taken from `second`) is before `first`'s element `i` (the
  /// first not taken), found by halving.
  static func mergeSplit(_ first: [Keyed], _ second: [Keyed], at position: Int) -> Int {
    var low = max(0, position - second.count)
    var high = min(position, first.count)
    while low < high {
      let middle = (low + high) / 2
      if Keyed.before(second[position - middle - 1], first[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }

  /// Merges `parts.0` of `first` and `parts.1` of `second` (each sorted)
  /// into the uninitialized memory at `target`, `first`'s element first on
  /// a tie.
  private static func merge(
    _ first: [Keyed], _ second: [Keyed], into target: UnsafeMutablePointer<Keyed>, parts: (Range<Int>, Range<Int>)
  ) {
    first.withUnsafeBufferPointer { first in
      second.withUnsafeBufferPointer { second in
        var (i, j, written) = (parts.0.lowerBound, parts.1.lowerBound, 0)
        let (firstEnd, secondEnd) = (parts.0.upperBound, parts.1.upperBound)
        while i < firstEnd || j < secondEnd {
          let takeSecond = i == firstEnd || (j < secondEnd && Keyed.before(second[j], first[i]))
          (target + written).initialize(to: takeSecond ? second[j] : first[i])
          if takeSecond { j += 1 } else { i += 1 }
          written += 1
        }
      }
    }
  }

  /// Lists at least this long have their moved-out placeholders let go by
  /// ``build(moving:options:)``.
  static let releaseMinimum = 1 << 18

  /// The overdue block sums up the past of the default window; an explicit
  /// `from` asks for those days, so they get their own sections.
  private func sectionKind(of day: LocalDay, today: LocalDay, options: AgendaOptions) -> AgendaSection.Kind {
    if day < today && options.from == nil { return .overdue }
    switch options.grouping {
    case .day: return .day(day)
    case .week: return .week(calendar.startOfWeek(containing: day))
    }
  }
}
