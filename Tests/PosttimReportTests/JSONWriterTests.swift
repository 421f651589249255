import Foundation
import PosttimReport
import PosttimTemplating
import Testing
import TestSupport

/// The JSON writer: golden file, schema shape and types, streaming, and
/// validation by Python's `json` module (an independent RFC 8259 parser).
@Suite("JSON (RFC 8259, docs/json-schema.md)")
struct JSONWriterTests {
  /// The writer with a pinned version, so goldens survive releases.
  static let writer = JSONReportWriter(generatorVersion: "0.0.0-test")

  @Test("golden: the example, fr_CA, America/Toronto")
  func golden() throws {
    let fixture = try ReportFixture()
    let text = try fixture.render(Self.writer, fixture.relativeExampleView())
    if let mismatch = snapshotMismatch(text, named: "example.fr_CA.json") { Issue.record(Comment(rawValue: mismatch)) }
  }

  @Test("the registry's writer reports the tool's version")
  func registryVersion() throws {
    let writer = try #require(try WriterRegistry.standard.writer(for: "json", options: WriterOptions()))
    let fixture = try ReportFixture()
    let text = try fixture.render(writer, fixture.presenter.view(of: try fixture.agenda([])))
    #expect(text.contains("\"version\": \"\(PosttimReportVersion.current)\""))
  }

  @Test("structure: every documented field is present with its type")
  func structure() throws {
    let fixture = try ReportFixture()
    let text = try fixture.render(Self.writer, fixture.exampleView())
    let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(
      Set(root.keys) == [
        "schemaVersion", "generator", "locale", "timeZone", "now", "today", "title", "taskCount", "totalLine",
        "sections",
      ])
    #expect(root["schemaVersion"] as? Int == 1)
    #expect(root["generator"] as? [String: String] == ["name": "posttim-report", "version": "0.0.0-test"])
    #expect(root["locale"] as? [String: String] == ["id": "fr_CA", "languageTag": "fr-CA", "direction": "ltr"])
    #expect(root["timeZone"] as? String == "America/Toronto")
    #expect(root["now"] as? String == "2026-11-30T14:00:00Z")
    #expect(root["today"] as? String == "2026-11-30")
    #expect(root["taskCount"] as? Int == 24)
    let sections = try #require(root["sections"] as? [[String: Any]])
    #expect(
      sections.map { $0["id"] as? String } == [
        "overdue", "day-2026-11-30", "day-2026-12-01", "day-2026-12-02", "day-2026-12-05", "day-2026-12-07",
        "day-2026-12-09", "day-2026-12-10", "day-2026-12-18", "day-2026-12-31", "day-2027-01-01",
        "day-2027-01-05", "day-2027-03-14",
      ])
    #expect(sections[0]["date"] is NSNull)
    #expect(sections[1]["date"] as? String == "2026-11-30")
    var taskCount = 0
    for section in sections {
      #expect(Set(section.keys) == ["id", "kind", "title", "date", "count", "countLine", "tasks"])
      let tasks = try #require(section["tasks"] as? [[String: Any]])
      #expect(section["count"] as? Int == tasks.count)
      for task in tasks {
        taskCount += 1
        #expect(
          Set(task.keys) == [
            "id", "title", "displayTitle", "importance", "description", "dateUTC", "dateLocal", "when", "dateTime",
            "exactWhen", "extraFields", "source",
          ])
        for key in [
          "id", "title", "displayTitle", "description", "dateUTC", "dateLocal", "when", "dateTime", "exactWhen",
        ] {
          #expect(task[key] is String, "\(key)")
        }
        #expect((task["importance"] as? Int).map { (1...9).contains($0) } == true)
        #expect(task["extraFields"] is [String: String])
        let source = try #require(task["source"] as? [String: Any])
        #expect(source["file"] as? String == TestPaths.example.path)
        #expect(source["entry"] is Int)
      }
    }
    #expect(taskCount == 24)
  }

  @Test("extra fields, an empty title and JSON-hostile text")
  func hostileValues() throws {
    let fixture = try ReportFixture()
    let task = TaskEntry(
      title: "", date: ReportFixture.now, importance: 7, details: "a\"b\\c\r\n\u{1}\u{2028}",
      extraFields: ["zeta": .integer(3), "alpha": .string("</script>")],
      origin: TaskOrigin(file: "t.plist", entry: 4))
    let text = try fixture.render(Self.writer, fixture.presenter.view(of: try fixture.agenda([task])))
    #expect(text.contains(#""description": "a\"b\\c\r\n\u0001\u2028","#))
    #expect(text.contains(#""title": "","#))
    #expect(text.contains("\"displayTitle\": \"(sans titre)\","))
    let tail = [
      #"          "extraFields": {"#,
      #"            "alpha": "</script>","#,
      #"            "zeta": "3""#,
      #"          },"#,
      #"          "source": {"#,
      #"            "file": "t.plist","#,
      #"            "entry": 4"#,
      #"          }"#,
      #"        }"#,
      #"      ]"#,
    ].joined(separator: "\n")
    #expect(text.contains(tail))
  }

  @Test("no sections: an empty array, still valid")
  func empty() throws {
    let fixture = try ReportFixture()
    let text = try fixture.render(Self.writer, fixture.presenter.view(of: try fixture.agenda([])))
    #expect(text.hasSuffix("  \"totalLine\": \"0 tâche en tout\",\n  \"sections\": []\n}\n"))
    #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
  }

  @Test("streamed: no single write holds more than a section's tasks, nor more than a chunk of them")
  func streamed() throws {
    let fixture = try ReportFixture()
    var output = RecordingStream()
    let view = try fixture.exampleView()
    try Self.writer.write(view, to: &output)
    let tasksPerChunk = output.chunks.map { $0.components(separatedBy: "\"id\": \"task-").count - 1 }
    #expect(tasksPerChunk.max() == view.sections.map(\.count).max())
    #expect(tasksPerChunk.reduce(0, +) == 24)
    // A long section: its tasks in writes of at most a chunk (as CSV rows).
    let long = (0..<(ChunkedRendering.chunkSize * 2 + 7)).map { index in
      TaskEntry(title: "t\(index)", date: ReportFixture.now.addingTimeInterval(Double(index)), importance: 5)
    }
    var longOutput = RecordingStream()
    try Self.writer.write(fixture.presenter.view(of: try fixture.agenda(long)), to: &longOutput)
    let perWrite = longOutput.chunks.map { $0.components(separatedBy: "\"id\": \"task-").count - 1 }
    #expect(perWrite.max() == ChunkedRendering.chunkSize)
    #expect(perWrite.reduce(0, +) == long.count)
  }

  @Test("Python's json module parses the output", .enabled(if: Python.isAvailable, "needs python3"))
  func python() throws {
    let fixture = try ReportFixture()
    let text = try fixture.render(Self.writer, fixture.exampleView())
    let result = try Python.run(
      "import json, sys; d = json.load(sys.stdin.buffer); "
        + "print(d['schemaVersion'], d['taskCount'], sum(len(s['tasks']) for s in d['sections']))",
      input: text)
    #expect(result == "1 24 24\n")
  }
}

extension ReportFixture {
  /// The example with its path as the CLI shows it from the package root
  /// (`Examples/listeDesTaches.plist`), so goldens holding `source.file`
  /// do not depend on where the repository is checked out.
  func relativeExampleView() throws -> ReportView {
    let data = try Data(contentsOf: TestPaths.example)
    let tasks = try TaskListDecoder().decode(data, file: "Examples/listeDesTaches.plist")
    return presenter.view(of: try agenda(tasks))
  }
}

/// A text stream that keeps each write apart, to see how a writer streams.
struct RecordingStream: TextOutputStream {
  var chunks: [String] = []
  mutating func write(_ string: String) { chunks.append(string) }
}

/// Runs `python3 -c` for consumer checks.
enum Python {
  static let path =
    ["/usr/bin/python3", "/usr/local/bin/python3"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
    ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
    .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

  static var isAvailable: Bool { path != nil }

  struct Failure: Error, CustomStringConvertible {
    let status: Int32
    let stderr: String
    var description: String { "python3 exited \(status): \(stderr)" }
  }

  /// The script's stdout.
  /// - Throws: ``Failure`` when it exits non-zero.
  static func run(_ script: String, input: String) throws -> String {
    let result = try Subprocess.run(try #require(path), ["-c", script], stdin: input)
    guard result.status == 0 else { throw Failure(status: result.status, stderr: result.stderr) }
    return result.stdout
  }

}
