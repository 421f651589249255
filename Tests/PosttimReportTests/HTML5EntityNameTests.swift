import Foundation
import Testing

@testable import PosttimReport

@Suite("HTML5 entity names")
struct HTML5EntityNameTests {
  /// The table is HTML5's list as Python's standard library holds it.
  @Test("the names are html.entities.html5's, sorted by their bytes")
  func namesArePythonsHTML5Names() throws {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = [
      "python3", "-c",
      "import html.entities as e; print('\\n'.join(sorted({k[:-1] for k in e.html5 if k.endswith(';')})))",
    ]
    let pipe = Pipe()
    python.standardOutput = pipe
    try python.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    python.waitUntilExit()
    #expect(python.terminationStatus == 0)
    let names = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(names.count == 2125)
    #expect(HTML5EntityNames.sorted == names)
  }

  @Test(
    "a name is found by its bytes, and only a whole name",
    arguments: [
      ("amp", true), ("AMP", true), ("copy", true), ("zwnj", true), ("AElig", true),
      ("foo", false), ("b", false), ("am", false), ("ampx", false), ("Amp", false),
    ])
  func lookup(name: String, expected: Bool) {
    let bytes = Array(name.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(HTML5EntityNames.contains(buffer, 0..<buffer.count) == expected)
    }
  }
}
