import Foundation
import PosttimReport
import Testing
import TestSupport

/// A plist around `body` (the contents of the root <array>).
func plist(_ body: String) -> Data {
  Data(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0"><array>\(body)</array></plist>
    """.utf8)
}

func task(_ fields: String) -> String { "<dict>\(fields)</dict>" }
let goodFields =
  "<key>date</key><date>2026-11-30T14:00:00Z</date><key>importance</key><string>5</string><key>tache</key><string>T</string>"

@Suite("Loading task lists")
struct LoadingTests {
  let decoder = TaskListDecoder()

  @Test("the shipped example: XML and binary decode to the same 24 tasks")
  func example() throws {
    let loader = TaskListLoader()
    let xml = try loader.load(TestPaths.example.path)
    let binary = try loader.load(TestPaths.exampleBinary.path)
    #expect(xml.count == 24)
    #expect(xml.map(\.title) == binary.map(\.title))
    #expect(xml.map(\.date) == binary.map(\.date))
    #expect(xml.map(\.details) == binary.map(\.details))
    let first = try #require(xml.first)
    #expect(first.title == "Remettre le TP #3 — Post'TIM")
    #expect(first.importance == 8)
    #expect(
      first.details == "Déposer l'archive .zip sur le portail.\nVérifier que le projet compile sans avertissement.")
    #expect(first.origin == TaskOrigin(file: TestPaths.example.path, entry: 1))
    #expect(xml.contains { $0.title.isEmpty })
  }

  @Test(
    "the app's own reference list (../shared/reference)",
    .enabled(if: TestPaths.shared != nil, Comment(rawValue: TestPaths.sharedMissing)))
  func reference() throws {
    let folder = try #require(TestPaths.shared).appending(path: "reference")
    let xml = try TaskListLoader().load(folder.appending(path: "listeDesTaches.plist").path)
    let binary = try TaskListLoader().load(folder.appending(path: "listeDesTaches.bplist").path)
    #expect(xml.count == 22)
    #expect(xml.map(\.title) == binary.map(\.title))
    #expect(xml.map(\.importance) == binary.map(\.importance))
  }

  @Test("unknown keys are kept; importance may be an integer; description may be missing")
  func leniencies() throws {
    let data = plist(
      task(
        "<key>date</key><date>2026-11-30T14:00:00Z</date><key>importance</key><integer>7</integer>"
          + "<key>tache</key><string>Ranger</string><key>couleur</key><string>rouge</string>"
          + "<key>rappel</key><true/><key>tags</key><array><string>a</string><integer>2</integer></array>"))
    let tasks = try decoder.decode(data, file: "x.plist")
    #expect(tasks[0].importance == 7)
    #expect(tasks[0].details == "")
    #expect(tasks[0].extraFields["couleur"] == .string("rouge"))
    #expect(tasks[0].extraFields["rappel"] == .bool(true))
    #expect(tasks[0].extraFields["tags"] == .array([.string("a"), .integer(2)]))
    #expect(tasks[0].extraFields["tags"]?.text == "[\"a\", 2]")
  }

  @Test("integers 0 and 1 stay integers (Linux casts NSNumber 0/1 to Bool)")
  func zeroAndOne() throws {
    let data = plist(
      task(
        "<key>date</key><date>2026-11-30T14:00:00Z</date><key>importance</key><integer>1</integer>"
          + "<key>tache</key><string>T</string><key>n</key><integer>0</integer><key>b</key><false/>"))
    let tasks = try decoder.decode(data, file: "x.plist")
    #expect(tasks[0].importance == 1)
    #expect(tasks[0].extraFields["n"] == .integer(0))
    #expect(tasks[0].extraFields["b"] == .bool(false))
  }

  @Test(
    "bad values name the file, the entry and the key",
    arguments: [
      (
        task(goodFields.replacingOccurrences(of: "<string>5</string>", with: "<string>urgent</string>")),
        "listeDesTaches.plist: entry 1: \"importance\" must be 1…9, got \"urgent\""
      ),
      (
        task(goodFields.replacingOccurrences(of: "<string>5</string>", with: "<string>0</string>")),
        "listeDesTaches.plist: entry 1: \"importance\" must be 1…9, got \"0\""
      ),
      (
        task(goodFields.replacingOccurrences(of: "<string>5</string>", with: "<integer>10</integer>")),
        "listeDesTaches.plist: entry 1: \"importance\" must be 1…9, got 10"
      ),
      (
        task(goodFields.replacingOccurrences(of: "<string>5</string>", with: "<real>5.5</real>")),
        "listeDesTaches.plist: entry 1: \"importance\" must be 1…9 (a string, an integer, or a whole real number), got 5.5"
      ),
      (
        task(goodFields.replacingOccurrences(of: "<key>tache</key><string>T</string>", with: "")),
        "listeDesTaches.plist: entry 1: \"tache\" is missing"
      ),
      (
        task(goodFields)
          + task(
            goodFields.replacingOccurrences(of: "<date>2026-11-30T14:00:00Z</date>", with: "<string>demain</string>")),
        "listeDesTaches.plist: entry 2: \"date\" must be a date, got a string"
      ),
      (
        task(goodFields + "<key>description</key><integer>3</integer>"),
        "listeDesTaches.plist: entry 1: \"description\" must be a string, got an integer"
      ),
      (
        task(goodFields.replacingOccurrences(of: "<string>T</string>", with: "<true/>")),
        "listeDesTaches.plist: entry 1: \"tache\" must be a string, got a boolean"
      ),
      ("<string>pas une tâche</string>", "listeDesTaches.plist: entry 1: must be a dictionary, got a string"),
    ])
  func badValues(body: String, message: String) {
    do {
      _ = try decoder.decode(plist(body), file: "listeDesTaches.plist")
      Issue.record("accepted a bad list")
    } catch {
      #expect(error.description == message)
      #expect(error.kind == .invalid)
    }
  }

  @Test(
    "files that are not task lists",
    arguments: [
      ("", TaskListError.Kind.unreadable, "empty.plist: is empty, not a property list"),
      ("   \n", .unreadable, "empty.plist: not an XML or binary property list"),
      ("bplist00", .unreadable, "empty.plist: not a valid binary property list (shorter than a trailer)"),
      ("{a = b;}", .unreadable, "empty.plist: not an XML or binary property list"),
      (
        "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><string>b</string></dict></plist>", .invalid,
        "empty.plist: the root must be an array of task dictionaries, got a dictionary"
      ),
    ])
  func notTaskLists(text: String, kind: TaskListError.Kind, message: String) {
    do {
      _ = try decoder.decode(Data(text.utf8), file: "empty.plist")
      Issue.record("accepted \(text.debugDescription)")
    } catch {
      #expect(error.kind == kind)
      #expect(error.description == message)
    }
  }

  @Test(
    "impossible XML dates are refused, not rolled over",
    arguments: [
      "2026-13-45T99:00:00Z", "2026-02-29T10:00:00Z", "2026-11-30T14:00:00.5Z", "2026-11-30 14:00:00Z",
      "2026-11-30T24:00:00Z",
    ])
  func strictDates(text: String) {
    let body =
      "\n" + task(goodFields) + "\n" + task(goodFields.replacingOccurrences(of: "2026-11-30T14:00:00Z", with: text))
    do {
      _ = try decoder.decode(plist(body), file: "dates.plist")
      Issue.record("accepted \(text)")
    } catch {
      #expect(
        error.description
          == "dates.plist: entry 2: \"date\" must be a UTC date YYYY-MM-DDTHH:MM:SSZ, got \"\(text)\" (line 5)")
    }
  }

  @Test("deep nesting is refused before Foundation's recursive decoder sees it (XML and binary)")
  func deepNesting() throws {
    let deep =
      "<?xml version=\"1.0\"?><plist><array><dict><key>x</key>" + String(repeating: "<array>", count: 3000)
      + String(repeating: "</array>", count: 3000) + "</dict></array></plist>"
    #expect(
      throws: TaskListError(
        .invalid, file: "deep.plist", message: "is nested more than 100 levels deep; not a task list")
    ) {
      try decoder.decode(Data(deep.utf8), file: "deep.plist")
    }
    // Nested one-element arrays as a binary plist, built by Foundation.
    // 99 levels under a task's key: 101 with the root array and the task.
    var value: Any = [Any]()
    for _ in 0..<98 { value = [value] }
    let binary = try PropertyListSerialization.data(fromPropertyList: [["x": value]], format: .binary, options: 0)
    #expect(
      throws: TaskListError(
        .invalid, file: "deep.bplist", message: "is nested more than 100 levels deep; not a task list")
    ) {
      try decoder.decode(binary, file: "deep.bplist")
    }
    // A normal list with nested unknown keys is fine.
    #expect(try decoder.decode(Data(contentsOf: TestPaths.exampleBinary), file: "x").count == 24)
  }

  @Test("a truncated XML file reports the parser's line")
  func truncated() throws {
    let text = try String(contentsOf: TestPaths.example, encoding: .utf8)
    let cut = String(text.prefix(text.count / 2))
    do {
      _ = try decoder.decode(Data(cut.utf8), file: "cut.plist")
      Issue.record("accepted a truncated file")
    } catch {
      #expect(error.kind == .unreadable)
      #expect(error.description.hasPrefix("cut.plist: not a property list ("))
    }
  }

  @Test("a missing file and a directory are 'not found'; the input is never written")
  func missing() throws {
    #expect(throws: TaskListError(.notFound, file: "/nonexistent/x.plist", message: "no such file")) {
      try TaskListLoader().load("/nonexistent/x.plist")
    }
    #expect(throws: TaskListError(.notFound, file: "/tmp", message: "is a directory, not a task list")) {
      try TaskListLoader().load("/tmp")
    }
  }

  @Test("'-' reads standard input")
  func standardInput() throws {
    let data = try Data(contentsOf: TestPaths.exampleBinary)
    let tasks = try TaskListLoader(readStandardInput: { data }).load("-")
    #expect(tasks.count == 24)
    #expect(tasks[0].origin.file == "-")
  }
}
