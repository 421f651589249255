import Foundation
import PosttimReport
import Testing

/// Binary lists whose objects are shared: each is read once, a shared
/// task is a task per reference, the expansion is bounded (64 times the
/// file) and a cycle is refused.
@Suite("Binary shared references: read once, bounded, cycles refused")
struct SharedReferenceTests: DecodesSampleLists {
  // MARK: Shared references

  @Test("a 40-level chain of arrays each holding the previous twice is refused at once")
  func exponentialChain() throws {
    var plist = BinaryPlistBuilder()
    var chain = plist.string("x")
    for _ in 0..<40 { chain = plist.array([chain, chain]) }
    let root = plist.array([plist.task(extra: [("extra", chain)])])
    let data = plist.data(top: root)
    #expect(data.count < 1_000)
    let refused = try #require(error(data, file: "dag.plist"))
    #expect(
      refused.description
        == "dag.plist: expands through shared references to more than 64 times its size; not a task list this tool reads"
    )
    #expect(refused.kind == .invalid)
  }

  @Test("a short shared chain is read, value for value as if written out")
  func sharedChainRead() throws {
    var plist = BinaryPlistBuilder()
    var chain = plist.string("x")
    var expected = PropertyListValue.string("x")
    for _ in 0..<6 {
      chain = plist.array([chain, chain])
      expected = .array([expected, expected])
    }
    let root = plist.array([plist.task(extra: [("extra", chain)])])
    let tasks = try decoder.decode(plist.data(top: root), file: "dag.plist")
    #expect(tasks[0].extraFields["extra"] == expected)
  }

  @Test("a task dictionary that contains itself is refused as a cycle")
  func cycle() throws {
    var plist = BinaryPlistBuilder()
    // Object 0 is the task: its "extra" value is object 0 itself.
    let taskIndex = plist.add([])
    let fields = [
      ("tache", plist.string("t")), ("date", plist.date(0)), ("importance", plist.string("5")), ("extra", taskIndex),
    ]
    plist.replace(
      taskIndex, with: BinaryPlistBuilder.dictionaryBytes(fields.map { (key: plist.string($0.0), value: $0.1) }))
    let root = plist.array([taskIndex])
    let refused = try #require(error(plist.data(top: root)))
    #expect(refused.description == "x.plist: not a valid binary property list (object 0 contains itself)")
  }

  // MARK: Memory amplification

  @Test("one 1 MB description referenced by 5,000 entries is refused (exit 65), not a failed allocation")
  func amplification() throws {
    let data = BinaryPlistBuilder.sharedDescription(length: 1_000_000, references: 5_000)
    #expect(data.count < 1_100_000)
    let refused = try #require(error(data))
    #expect(
      refused.description
        == "x.plist: expands through shared references to more than 64 times its size; not a task list this tool reads")
    #expect(refused.kind == .invalid)
  }

  @Test("5,000 references to one small task are 5,000 tasks, each with its own entry number")
  func sharedTask() throws {
    var plist = BinaryPlistBuilder()
    let task = plist.task(title: "même tâche")
    let root = plist.array(Array(repeating: task, count: 5_000))
    let tasks = try decoder.decode(plist.data(top: root), file: "x.plist")
    #expect(tasks.count == 5_000)
    #expect(tasks.allSatisfy { $0.title == "même tâche" && $0.importance == 5 })
    #expect(tasks.map(\.origin.entry) == Array(1...5_000))
  }
}
