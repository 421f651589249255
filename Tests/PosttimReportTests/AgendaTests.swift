import Foundation
import PosttimICU
@testable import PosttimReport
import Testing
import TestSupport

@Suite("Agenda")
struct AgendaTests {
  func at(_ text: String) -> Date {
    guard case .instant(let date) = try! ISO8601.parse(text) else { fatalError() }
    return date
  }

  @Test("the example: overdue first, then one section per local day in order")
  func exampleSections() throws {
    let fixture = try ReportFixture()
    let agenda = try fixture.agenda(TaskListLoader().load(TestPaths.example.path))
    #expect(agenda.today.iso8601 == "2026-11-30")
    #expect(agenda.taskCount == 24)
    let kinds = agenda.sections.map { section -> String in
      switch section.kind {
      case .overdue: return "overdue"
      case .day(let day): return day.iso8601
      case .week(let day): return "week " + day.iso8601
      }
    }
    #expect(
      kinds == [
        "overdue", "2026-11-30", "2026-12-01", "2026-12-02", "2026-12-05", "2026-12-07", "2026-12-09",
        "2026-12-10", "2026-12-18", "2026-12-31", "2027-01-01", "2027-01-05", "2027-03-14",
      ])
    // 05:00Z on 1 Dec is local midnight: the task belongs to 1 Dec, not 30 Nov.
    #expect(agenda.sections[2].tasks.first?.title == "Réviser <chapitre 11> UITableView")
    // 04:59Z on 2 Dec is 23:59 on 1 Dec in Toronto.
    #expect(
      agenda.sections[2].tasks.map(\.title) == [
        "Réviser <chapitre 11> UITableView", "Payer la facture \"Hydro\"",
        "Acheter du pain, du lait & des œufs", "Sauvegarder le portable",
      ])
    // 00:00Z on 3 Dec is 19:00 on 2 Dec in Toronto.
    #expect(agenda.sections[3].tasks.map(\.title) == ["", "Préparer l'examen final"])
    #expect(agenda.sections[0].tasks.count == 4)
  }

  @Test("same instant: importance 9 first, then titles in French collation order")
  func ordering() throws {
    let fixture = try ReportFixture()
    let when = at("2026-11-30T17:30:00Z")
    let tasks = [
      TaskEntry(title: "Zèbre", date: when, importance: 5),
      TaskEntry(title: "éclair", date: when, importance: 5),
      TaskEntry(title: "Urgent", date: when, importance: 9),
      TaskEntry(title: "Ecole", date: when, importance: 5),
      TaskEntry(title: "avant", date: at("2026-11-30T17:29:00Z"), importance: 1),
    ]
    let titles = try fixture.agenda(tasks).sections.flatMap { $0.tasks.map(\.title) }
    // Code-point order would put "Zèbre" before "éclair"; collation does not
    // (order checked with PyICU's fr_CA collator).
    #expect(titles == ["avant", "Urgent", "éclair", "Ecole", "Zèbre"])
  }

  @Test("ties: a small group compared pairwise and a large one by sort keys give the sort keys' order")
  func tieGroups() throws {
    let fixture = try ReportFixture()
    let collator = try ICUCollator(locale: LocaleIdentifier("fr_CA"))
    let names = [
      "Zèbre", "éclair", "Ecole", "école", "côte", "coté", "côté", "cote", "avant", "Avant", "b", "", "ä", "a",
    ]
    for size in [2, 3, AgendaBuilder.directComparisonLimit, AgendaBuilder.directComparisonLimit + 1, names.count] {
      let when = at("2026-11-30T17:30:00Z")
      let tasks = names.prefix(size).map { TaskEntry(title: $0, date: when, importance: 5) }
      let titles = try fixture.agenda(tasks).sections.flatMap { $0.tasks.map(\.title) }
      let expected = names.prefix(size).sorted { collator.sortKey($0).lexicographicallyPrecedes(collator.sortKey($1)) }
      #expect(titles == expected, "\(size) tied tasks")
    }
  }

  /// 30 Nov and 1 Dec 2026, importance 5 and up.
  static let window = AgendaOptions(
    now: ReportFixture.now, from: LocalDay(year: 2026, month: 11, day: 30),
    to: LocalDay(year: 2026, month: 12, day: 1), minimumImportance: 5)

  @Test("window and importance filters work on local days")
  func filters() throws {
    let fixture = try ReportFixture()
    let tasks = try TaskListLoader().load(TestPaths.example.path)
    let agenda = try fixture.agenda(tasks, options: Self.window)
    #expect(agenda.sections.count == 2)
    #expect(
      agenda.sections.flatMap { $0.tasks.map(\.title) } == [
        "Remettre le TP #3 — Post'TIM", "Acheter des timbres", "Écrire au professeur", "Réunion d'équipe",
        "Réviser <chapitre 11> UITableView", "Payer la facture \"Hydro\"",
      ])
  }

  @Test("build(moving:) gives build's agenda, takes the kept tasks out and leaves the others in place")
  func movingBuild() throws {
    let fixture = try ReportFixture()
    let loaded = try TaskListLoader().load(TestPaths.example.path)
    let window = Self.window
    let builder = AgendaBuilder(calendar: fixture.calendar, collator: try ICUCollator(locale: fixture.settings.locale))
    let copied = builder.build(loaded, options: window)
    var tasks = loaded
    let moved = builder.build(moving: &tasks, options: window)
    #expect(moved.sections.map(\.tasks) == copied.sections.map(\.tasks))
    #expect(moved.sections.flatMap(\.tasks).count == 6)
    // Every kept task left the vacated value behind; every other one is untouched.
    let kept = Set(copied.sections.flatMap(\.tasks).map(\.origin.entry))
    #expect(tasks.count == loaded.count)
    for (index, task) in tasks.enumerated() {
      #expect(task == (kept.contains(loaded[index].origin.entry) ? TaskEntry.vacated : loaded[index]))
    }
    #expect(TaskEntry.vacated.title.isEmpty && TaskEntry.vacated.origin == TaskOrigin(file: "", entry: 0))
  }

  @Test("an explicit --from in the past gives past days their own sections, not an overdue block")
  func fromInThePast() throws {
    let fixture = try ReportFixture()
    let tasks = try TaskListLoader().load(TestPaths.example.path)
    let agenda = try fixture.agenda(
      tasks, options: AgendaOptions(now: ReportFixture.now, from: LocalDay(year: 2026, month: 11, day: 27)))
    #expect(!agenda.sections.contains { $0.kind == .overdue })
    // The example's 27 Nov 16:00 and 28 Nov 12:00 tasks (Toronto), then today.
    #expect(
      agenda.sections.prefix(3).map(\.kind) == [
        .day(LocalDay(year: 2026, month: 11, day: 27)), .day(LocalDay(year: 2026, month: 11, day: 28)),
        .day(LocalDay(year: 2026, month: 11, day: 30)),
      ])
    #expect(agenda.sections[1].tasks.map(\.title) == ["Oublié : retourner les livres"])
    // Without --from the past is one overdue block.
    #expect(try fixture.agenda(tasks).sections[0].kind == .overdue)
  }

  @Test(
    "a past day section next to today is called yesterday",
    arguments: [
      ("fr_CA", "Hier — dimanche 29 novembre 2026"), ("en_US", "Yesterday — Sunday, November 29, 2026"),
    ])
  func yesterdayTitle(locale: String, title: String) throws {
    let fixture = try ReportFixture(locale: locale)
    // 2026-11-29T17:00:00Z is 12:00 on Sunday 29 Nov in Toronto, the day before "now".
    let tasks = [TaskEntry(title: "hier", date: at("2026-11-29T17:00:00Z"), importance: 5)]
    let agenda = try fixture.agenda(
      tasks, options: AgendaOptions(now: ReportFixture.now, from: LocalDay(year: 2026, month: 11, day: 29)))
    #expect(fixture.presenter.view(of: agenda).sections.map(\.title) == [title])
  }

  @Test("week grouping starts weeks on the locale's first weekday")
  func weeks() throws {
    let tasks = try TaskListLoader().load(TestPaths.example.path)
    let options = AgendaOptions(now: ReportFixture.now, from: LocalDay(year: 2026, month: 11, day: 30), grouping: .week)
    let french = try ReportFixture(locale: "fr_CA").agenda(tasks, options: options)
    // fr_CA weeks start on Sunday (CLDR 42: region CA), so 30 Nov (Monday)
    // is in the week of 29 Nov.
    #expect(french.sections.first?.kind == .week(LocalDay(year: 2026, month: 11, day: 29)))
    let france = try ReportFixture(locale: "fr_FR").agenda(tasks, options: options)
    #expect(france.sections.first?.kind == .week(LocalDay(year: 2026, month: 11, day: 30)))
  }
}

extension AgendaTests {
  @Test("joining two halves of a list gives the tasks of both in order, and leaves the originals alone")
  func joinedHalves() throws {
    let loaded = try TaskListLoader().load(TestPaths.example.path)
    let first = Array(loaded[..<10]), second = Array(loaded[10...])
    #expect(TaskEntry.joined(first, second) == loaded)
    // The caller kept both halves: they were copied, not emptied.
    #expect(first + second == loaded)
    #expect(TaskEntry.joined([], second) == second && TaskEntry.joined(first, []) == first)
  }
}

@Suite("Agenda of a long list")
struct LongAgendaTests {
  /// 30,000 tasks on 600 instants over 25 days, across Toronto's DST end:
  /// tasks sharing an instant and importance come in groups of up to 8
  /// and beyond (titles then decide, in French collation, compared
  /// directly or by sort key), and enough are kept that they are filtered
  /// and sorted in two halves, merged (ties across the halves in input
  /// order), and gathered into sections on two cores.
  static func tasks() -> [TaskEntry] {
    var random = SplitMix64(seed: 11)
    let titles = ["été", "ete", "Été", "côte", "cote", "coté", "côté", "a", "B", "b", "", "Œuvre", "oeuvre"]
    let start = Date(timeIntervalSince1970: 1_793_000_000)  // 26 Oct 2026, before Toronto's DST end
    return (0..<30_000).map { index in
      TaskEntry(
        title: titles[Int(random.next() % UInt64(titles.count))],
        date: start + Double(random.next() % 600) * 3_600, importance: Int(random.next() % 9) + 1,
        origin: TaskOrigin(file: "long.plist", entry: index + 1))
    }
  }

  /// Today on, after the overdue section; from 1 October; 3 to 20
  /// November, importance 3 or more, by week (too few kept for two cores).
  static let windows = [
    AgendaOptions(now: Date(timeIntervalSince1970: 1_794_000_000)),
    AgendaOptions(now: Date(timeIntervalSince1970: 1_794_000_000), from: LocalDay(year: 2026, month: 10, day: 1)),
    AgendaOptions(
      now: Date(timeIntervalSince1970: 1_794_000_000), from: LocalDay(year: 2026, month: 11, day: 3),
      to: LocalDay(year: 2026, month: 11, day: 20), minimumImportance: 3, grouping: .week),
  ]

  static func torontoFrench() throws -> (DayCalendar, ICUCollator) {
    let calendar = try DayCalendar(
      timeZone: try TimeZoneIdentifier("America/Toronto"), locale: try LocaleIdentifier("fr_CA"))
    return (calendar, try ICUCollator(locale: try LocaleIdentifier("fr_CA")))
  }

  /// The agenda as its definition says, written the plain way: kept tasks
  /// sorted by instant, importance (9 first), collation key, then input
  /// order, and cut where the section changes.
  static func expected(
    _ tasks: [TaskEntry], _ options: AgendaOptions, _ calendar: DayCalendar, _ collator: ICUCollator
  ) -> [(AgendaSection.Kind, [Int])] {
    let today = calendar.day(of: options.now)
    let kept = tasks.indices.filter { index in
      let day = calendar.day(of: tasks[index].date)
      return tasks[index].importance >= options.minimumImportance && day >= (options.from ?? day)
        && day <= (options.to ?? day)
    }
    let keys = tasks.map { collator.sortKey($0.title) }
    let ordered = kept.sorted { a, b in
      if tasks[a].date != tasks[b].date { return tasks[a].date < tasks[b].date }
      if tasks[a].importance != tasks[b].importance { return tasks[a].importance > tasks[b].importance }
      if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
      return a < b
    }
    var sections: [(AgendaSection.Kind, [Int])] = []
    for index in ordered {
      let day = calendar.day(of: tasks[index].date)
      let kind: AgendaSection.Kind =
        day < today && options.from == nil
        ? .overdue : options.grouping == .day ? .day(day) : .week(calendar.startOfWeek(containing: day))
      if sections.last?.0 == kind {
        sections[sections.count - 1].1.append(index)
      } else {
        sections.append((kind, [index]))
      }
    }
    return sections
  }

  @Test(
    "sorting, filtering and grouping 30,000 tasks give the definition's agenda",
    arguments: windows)
  func matchesDefinition(options: AgendaOptions) throws {
    let (calendar, collator) = try Self.torontoFrench()
    let tasks = Self.tasks()
    let expected = Self.expected(tasks, options, calendar, collator)
    var moving = tasks
    let agenda = AgendaBuilder(calendar: calendar, collator: collator).build(moving: &moving, options: options)
    #expect(agenda.sections.map(\.kind) == expected.map(\.0))
    #expect(agenda.sections.map { $0.tasks.map(\.origin.entry) } == expected.map { $0.1.map { $0 + 1 } })
    #expect(agenda.sections.flatMap(\.tasks) == expected.flatMap { $0.1.map { tasks[$0] } })
    // The first two windows keep enough tasks to gather on two cores.
    #expect((agenda.taskCount > AgendaBuilder.parallelGatherMinimum) == (options.to == nil))
    #expect(agenda.sections.allSatisfy { $0.taskIDHashes.isEmpty })
  }

  @Test(
    "an agenda built to show task IDs holds each task's hash, in its order, from both halves or one part",
    arguments: windows.dropFirst())
  func keepsTaskIDHashes(options: AgendaOptions) throws {
    let (calendar, collator) = try Self.torontoFrench()
    var options = options
    options.hashesTaskIDs = true
    var moving = Self.tasks().enumerated().map { index, task in
      var task = task
      task.details = index % 3 == 0 ? "détail \(index)" : ""
      return task
    }
    let agenda = AgendaBuilder(calendar: calendar, collator: collator).build(moving: &moving, options: options)
    #expect(agenda.taskCount > 1_000)
    #expect(agenda.sections.map(\.taskIDHashes) == agenda.sections.map { $0.tasks.map(\.stableHash) })
  }
}

@Suite("Merging the agenda's two sorted halves")
struct AgendaMergeTests {
  typealias Keyed = AgendaBuilder.Keyed
  static func keyed(_ seconds: Double, _ importance: Int, _ index: Int) -> Keyed {
    Keyed(date: Date(timeIntervalSince1970: seconds), importance: importance, day: LocalDay(dayNumber: 0), index: index)
  }

  @Test("by instant, then importance (9 first); a tie takes the first half's task first; either half may be empty")
  func merged() {
    let first = [Self.keyed(10, 5, 0), Self.keyed(10, 5, 1), Self.keyed(20, 9, 2), Self.keyed(30, 1, 3)]
    let second = [Self.keyed(5, 1, 4), Self.keyed(10, 7, 5), Self.keyed(10, 5, 6), Self.keyed(20, 9, 7)]
    #expect(AgendaBuilder.merged(first, second).map(\.index) == [4, 5, 0, 1, 6, 2, 7, 3])
    #expect(AgendaBuilder.merged(first, []).map(\.index) == [0, 1, 2, 3])
    #expect(AgendaBuilder.merged([], second).map(\.index) == [4, 5, 6, 7])
  }

  /// Runs with many ties (a few instants and importances), sorted.
  static func runs(seed: UInt64, counts: (Int, Int)) -> ([Keyed], [Keyed]) {
    var state = seed
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    let first = (0..<counts.0).map { Self.keyed(Double(next(40)), 1 + next(3), $0) }
    let second = (0..<counts.1).map { Self.keyed(Double(next(40)), 1 + next(3), counts.0 + $0) }
    // Stable sorts: ties keep index order, as the halves' radix sorts do.
    return (first.sorted(by: Keyed.before), second.sorted(by: Keyed.before))
  }

  @Test("a split of the merge at any position takes exactly the merge's first elements from each run")
  func splitAtEveryPosition() {
    for (seed, counts) in [(1, (0, 5)), (2, (5, 0)), (3, (7, 9)), (4, (30, 11)), (5, (1, 1))] as [(UInt64, (Int, Int))]
    {
      let (first, second) = Self.runs(seed: seed, counts: counts)
      let whole = AgendaBuilder.merged(first, second)
      for position in 0...whole.count {
        let split = AgendaBuilder.mergeSplit(first, second, at: position)
        #expect(split == whole[..<position].count { $0.index < counts.0 }, "seed \(seed), position \(position)")
      }
    }
  }

  @Test("long runs merged in two halves at once: the one-core merge, element for element")
  func longRunsMergedInHalves() {
    let (first, second) = Self.runs(seed: 9, counts: (13_001, 12_000))
    var expected: [Int] = []
    var (i, j) = (0, 0)
    while i < first.count || j < second.count {
      if i == first.count || (j < second.count && Keyed.before(second[j], first[i])) {
        expected.append(second[j].index)
        j += 1
      } else {
        expected.append(first[i].index)
        i += 1
      }
    }
    #expect(AgendaBuilder.merged(first, second).map(\.index) == expected)
  }
}
