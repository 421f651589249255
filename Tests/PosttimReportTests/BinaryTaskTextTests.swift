import Foundation
import Testing

@testable import PosttimReport

/// The binary reader hands a title or description met for the first time
/// straight to its task; these check that the texts and refusals are the
/// ones a value would give, whichever way a text comes.
@Suite("Binary lists: titles and descriptions read straight into their task")
struct BinaryTaskTextTests: DecodesSampleLists {
  /// One list: the given tasks' (title, description) object pairs, each
  /// task with the date and importance every task shares.
  private static func list(_ build: (inout BinaryPlistBuilder) -> [(title: Int, details: Int?)]) -> Data {
    var plist = BinaryPlistBuilder()
    let keys = (plist.string("tache"), plist.string("date"), plist.string("importance"), plist.string("description"))
    let (date, importance) = (plist.date(817_000_000), plist.string("5"))
    let tasks = build(&plist).map { texts in
      plist.dictionary(
        [(keys.0, texts.title), (keys.1, date), (keys.2, importance)] + (texts.details.map { [(keys.3, $0)] } ?? []))
    }
    let root = plist.array(tasks)
    return plist.data(top: root)
  }

  @Test("texts met once, met again and shared as a title by one task and a description by another are all read")
  func sharedAndFresh() throws {
    let data = Self.list { plist in
      let shared = plist.string("Réunion d'équipe — salle 3")
      return [
        (plist.string("Acheter du pain"), plist.string("Détail — à faire")), (shared, nil), (plist.string("x"), shared),
        (shared, shared),
      ]
    }
    let tasks = try decoder.decode(data, file: "x.plist")
    #expect(tasks.map(\.title) == ["Acheter du pain", "Réunion d'équipe — salle 3", "x", "Réunion d'équipe — salle 3"])
    #expect(
      tasks.map(\.details) == ["Détail — à faire", "", "Réunion d'équipe — salle 3", "Réunion d'équipe — salle 3"])
  }

  @Test(
    "a title or description given twice is refused as given twice, whatever the second value is, in binary and XML",
    arguments: ["tache", "description"])
  func givenTwice(key: String) throws {
    let twice = "x.plist: entry 1: \"\(key)\" is given twice in the entry (duplicate key)"
    var plist = BinaryPlistBuilder()
    let task = plist.dictionary(
      [
        ("tache", plist.string("t")), ("date", plist.date(0)), ("importance", plist.string("5")),
        ("description", plist.string("d")), (key, plist.integer(7)),
      ]
      .map { (key: plist.string($0.0), value: $0.1) })
    let root = plist.array([task])
    #expect(error(plist.data(top: root))?.description == twice)
    let xml = xmlTask("<key>description</key><string>d</string><key>\(key)</key><integer>7</integer>")
    #expect(error(Data(xml.utf8))?.description == twice)
  }

  @Test(
    "a title or description that is not a readable string is refused as a value would be",
    arguments: [
      ("tache", "must be a string, got an integer"), ("description", "must be a string, got an integer"),
      ("surrogate", "holds a string that is not valid UTF-16 (an unpaired surrogate)"),
      ("ascii", "holds an ASCII string object with a byte above 0x7F"),
    ])
  func refusedText(kind: String, message: String) throws {
    let data = Self.list { plist in
      switch kind {
      case "tache": return [(plist.integer(7), nil)]
      case "description": return [(plist.string("t"), plist.integer(7))]
      // A high surrogate alone (UTF-16BE), and an ASCII string object holding é's Latin-1 byte.
      case "surrogate": return [(plist.string("t"), plist.add([0x61, 0xD8, 0x00]))]
      default: return [(plist.add([0x52, 0x61, 0xE9]), nil)]
      }
    }
    let key = kind == "tache" || kind == "ascii" ? "tache" : "description"
    #expect(error(data)?.description == "x.plist: entry 1: \"\(key)\" \(message)")
  }
}
