import Foundation
import PosttimICU
import Testing

@testable import PosttimReport

@Suite("Task IDs hashed four at a time")
struct StableHashLanesTests {
  /// FNV-1a 64 as its reference states it, byte by byte.
  private static func reference(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
  }

  @Test(
    "four byte strings hashed together hash as each does alone, whatever their lengths",
    arguments: [[0, 0, 0, 0], [0, 1, 7, 300], [105, 105, 105, 105], [3, 0, 0, 0], [1, 2, 3, 4], [64, 9, 64, 63]])
  func fourTogether(lengths: [Int]) {
    var generator = SystemRandomNumberGenerator()
    let texts = lengths.map { count in (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
    let together = texts[0].withUnsafeBufferPointer { a in
      texts[1].withUnsafeBufferPointer { b in
        texts[2].withUnsafeBufferPointer { c in texts[3].withUnsafeBufferPointer { d in FNV1a.hashes(a, b, c, d) } }
      }
    }
    #expect([together.0, together.1, together.2, together.3] == texts.map(Self.reference))
  }

  @Test(
    "each row asked for gets its task's hash once: short and long texts, rows in any order, a count not a multiple of four"
  )
  func everyRowOnce() {
    let long = String(repeating: "Détail très long — ", count: 40)  // past a lane's 512 bytes
    let tasks = [
      ("", ""), ("t", "d"), ("Quinze octets!!", "Seize octets !!!"), ("Réunion d'équipe 3", "Détail — à faire"),
      ("Acheter du pain", long), (long, "court"), ("Souper 🎂 chez Mamie 67764", "Détail de la tâche 67764"),
      ("a", "b"), ("Payer la facture | Hydro 79561", ""), ("x", "y"), ("même", "même"),
    ].enumerated().map { index, texts in
      TaskEntry(
        title: texts.0, date: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 61),
        importance: index % 10, details: texts.1)
    }
    let rows = [10, 0, 4, 5, 1, 2, 3, 9, 6]
    var given: [Int: [UInt64]] = [:]
    tasks.withUnsafeBufferPointer { entries in
      TaskEntry.forEachStableHash(in: entries, rows: rows) { row, hash in given[row, default: []].append(hash) }
    }
    let expected = Dictionary(
      uniqueKeysWithValues: rows.map { row in
        let task = tasks[row]
        let joined = "\(ISO8601.utcString(task.date))\u{1F}\(task.title)\u{1F}\(task.importance)\u{1F}\(task.details)"
        return (row, [Self.reference(joined.utf8)])
      })
    #expect(given == expected)
    #expect(expected.keys.allSatisfy { given[$0] == [tasks[$0].stableHash] })
  }
}
