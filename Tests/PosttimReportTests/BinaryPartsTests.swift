import Foundation
import Testing

@testable import PosttimReport

/// Long binary lists are read in parts at once
/// (`BinaryPlistReader.tasksInParts`). A result must be the one-core
/// result, value for value; where the one-core reader refuses the list,
/// the parts must give nil, so that one core reads it and reports the refusal.
@Suite("Differential: the binary list read in parts at once against one core")
struct BinaryPartsTests {
  static func oneCore(_ data: Data) -> Result<[TaskEntry], TaskListError> {
    data.withUnsafeBytes { raw in
      Result { () throws(TaskListError) in
        var reader = try BinaryPlistReader(raw.bindMemory(to: UInt8.self), file: "t.plist")
        return try reader.tasks()
      }
    }
  }

  static func inParts(_ data: Data, _ parts: Int) throws -> [TaskEntry]? {
    try data.withUnsafeBytes { raw in
      try BinaryPlistReader(raw.bindMemory(to: UInt8.self), file: "t.plist").tasksInParts(parts)
    }
  }

  @Test(
    "lists written by Foundation: the same tasks, entries numbered from 1 (seed, parts)",
    arguments: [(1, 2), (2, 3), (3, 4), (4, 7)])
  func generated(seed: UInt64, parts: Int) throws {
    let list = DifferentialReaderTests.generated(seed: seed, count: 301)
    let data = try PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0)
    let tasks = try #require(try Self.inParts(data, parts))
    #expect(tasks == (try Self.oneCore(data).get()))
    #expect(tasks.map(\.origin.entry) == Array(1...301))
  }

  /// Lists written by Foundation (which shares equal values across the
  /// whole file), with bad values at random entries: read in 2 to 9 parts,
  /// the same tasks as one core, or nil exactly where one core refuses.
  @Test("random lists with bad values, any number of parts: the one-core tasks, or nil where one core refuses")
  func randomListsAndParts() throws {
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33) % bound
    }
    var refused = 0
    for seed in 1...40 {
      var list = DifferentialReaderTests.generated(seed: UInt64(seed), count: 60 + next(200))
      for _ in 0..<next(3) {
        let entry = next(list.count)
        switch next(4) {
        case 0: list[entry]["importance"] = "12"
        case 1: list[entry]["tache"] = nil
        case 2: list[entry]["date"] = "demain"
        default: list[entry]["description"] = 7
        }
      }
      let data = try PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0)
      let parts = 2 + next(8)
      let inParts = try Self.inParts(data, parts)
      switch Self.oneCore(data) {
      case .success(let tasks): #expect(inParts == tasks, "seed \(seed), \(parts) parts")
      case .failure:
        #expect(inParts == nil, "seed \(seed), \(parts) parts")
        refused += 1
      }
    }
    // Both kinds of list were met.
    #expect(refused > 5 && refused < 35)
  }

  /// One core keeps one copy of a description many tasks share; so must
  /// the parts, or a list could hold a copy per part.
  @Test(
    "a large description shared across parts is one string in memory, by one task dictionary or by many",
    arguments: [true, false])
  func largeSharedValueOnce(throughOneDictionary: Bool) throws {
    var plist = BinaryPlistBuilder()
    let description = plist.string(String(repeating: "d", count: 10_000))
    let tasks =
      throughOneDictionary
      ? Array(repeating: plist.task(extra: [("description", description)]), count: 8)
      : (0..<8).map { plist.task(title: "t\($0)", extra: [("description", description)]) }
    let root = plist.array(tasks)
    let data = plist.data(top: root)
    let read = try #require(try Self.inParts(data, 4))
    let oneCore = try Self.oneCore(data).get()
    #expect(read == oneCore)
    // In parts and on one core: a shared object is known as such only
    // when met again, and a large one is kept from its first meeting.
    for tasks in [read, oneCore] {
      let storage = Set(tasks.map { $0.details.storedUTF8?.baseAddress })
      #expect(storage.count == 1 && storage.first! != nil)
    }
  }

  /// An array (an unknown key's value) is kept when first met: every task
  /// that holds it shares one copy, on one core as in parts, and it is
  /// decoded once, with all it holds.
  @Test("an array shared by several tasks is one array in memory, on one core and in parts")
  func sharedArrayOnce() throws {
    var plist = BinaryPlistBuilder()
    let tags = plist.array([plist.string("maison"), plist.string("bureau")])
    let root = plist.array((0..<6).map { plist.task(title: "t\($0)", extra: [("tags", tags)]) })
    let data = plist.data(top: root)
    let oneCore = try Self.oneCore(data).get()
    let read = try #require(try Self.inParts(data, 2))
    #expect(read == oneCore)
    for (tasks, expected) in [(oneCore, 1), (read, 2)] {
      let storage = Set(
        tasks.map { task -> UnsafeRawPointer? in
          guard case .array(let items)? = task.extraFields["tags"] else { return nil }
          return items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        })
      #expect(!storage.contains(nil) && storage.count == expected)
    }
  }

  @Test(
    "one task dictionary shared by several parts: a task per reference, each with its own entry", arguments: [2, 3])
  func sharedAcrossParts(parts: Int) throws {
    var plist = BinaryPlistBuilder()
    let shared = plist.task(title: "même tâche")
    let other = plist.task(title: "autre")
    let root = plist.array([shared, other, shared, other, shared, shared])
    let data = plist.data(top: root)
    let tasks = try #require(try Self.inParts(data, parts))
    #expect(tasks == (try Self.oneCore(data).get()))
    #expect(tasks.map(\.title) == ["même tâche", "autre", "même tâche", "autre", "même tâche", "même tâche"])
    #expect(tasks.map(\.origin.entry) == Array(1...6))
  }

  @Test("each part within the budget, all together over it: nil, and one core refuses the list", arguments: [2, 4])
  func budgetAcrossParts(parts: Int) throws {
    // About 80 M cost units allowed for this 1 MB file; each reference costs 1 M.
    let data = BinaryPlistBuilder.sharedDescription(length: 1_000_000, references: 100)
    #expect(try Self.inParts(data, parts) == nil)
    guard case .failure(let error) = Self.oneCore(data) else {
      Issue.record("one core must refuse the list")
      return
    }
    #expect(error.message.contains("expands through shared references"))
    // 60 references: within the budget, read the same in parts.
    let smallData = BinaryPlistBuilder.sharedDescription(length: 1_000_000, references: 60)
    #expect(try Self.inParts(smallData, parts) == (try Self.oneCore(smallData).get()))
  }

  @Test("a bad value in the last part: nil, and one core names its entry", arguments: [2, 4])
  func badValueInLastPart(parts: Int) throws {
    var plist = BinaryPlistBuilder()
    let good = plist.task()
    let bad = plist.task(importance: "12")
    let root = plist.array([good, good, good, bad])
    let data = plist.data(top: root)
    #expect(try Self.inParts(data, parts) == nil)
    guard case .failure(let error) = Self.oneCore(data) else {
      Issue.record("one core must refuse the list")
      return
    }
    #expect(error.entry == 4)
  }

  /// Every part writes into one array: a part that fails leaves its slice
  /// empty, and the other parts' tasks are let go.
  @Test(
    "a bad value in the first part, or in several: nil, and one core names the first (bad entries, parts)",
    arguments: [([1], 2), ([1, 4], 2), ([2, 3], 2), ([3], 4), ([2, 4], 3)])
  func badValuesInAnyPart(badEntries: [Int], parts: Int) throws {
    var plist = BinaryPlistBuilder()
    let good = plist.task(title: "une tâche au titre assez long pour le tas")
    let bad = plist.task(importance: "12")
    let root = plist.array((1...4).map { badEntries.contains($0) ? bad : good })
    let data = plist.data(top: root)
    #expect(try Self.inParts(data, parts) == nil)
    guard case .failure(let error) = Self.oneCore(data) else {
      Issue.record("one core must refuse the list")
      return
    }
    #expect(error.entry == badEntries[0])
  }

  @Test("parts shrink as the list runs out: a quarter of what is left on two cores, none under 1,024 entries")
  func partsShrinkToTheEnd() {
    let sizes = { (bounds: [Int]) in zip(bounds.dropFirst(), bounds).map { $0 - $1 } }
    #expect(
      sizes(BinaryPlistReader.partBounds(entries: 100_000, cores: 2)) == [
        25_000, 18_750, 14_062, 10_547, 7_910, 5_932, 4_449, 3_337, 2_503, 1_877, 1_408, 1_056, 1_024, 1_024, 1_121,
      ])
    #expect(
      sizes(BinaryPlistReader.partBounds(entries: 8_192, cores: 2)) == [2_048, 1_536, 1_152, 1_024, 1_024, 1_408])
    #expect(
      sizes(BinaryPlistReader.partBounds(entries: 8_192, cores: 8)) == [
        1_024, 1_024, 1_024, 1_024, 1_024, 1_024, 1_024, 1_024,
      ])
    #expect(BinaryPlistReader.partBounds(entries: 2_047, cores: 2) == [0, 1_023, 2_047])
  }
}
