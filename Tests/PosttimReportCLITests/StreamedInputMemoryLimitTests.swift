import Foundation
import Testing
import TestSupport

/// A task list read from a stream (a pipe on standard input, `<(…)`) has
/// no size for the memory check before reading: it is checked as it is
/// read, by the same sum as a file. Under a limit too low for it, the run
/// used to end with "failed to allocate" (134) and leave its temporary
/// file; it now stops reading with 71, naming the input, the old output
/// kept and nothing else written.
@Suite(
  "Streamed input under a memory limit",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct StreamedInputMemoryLimitTests {
  struct Fixture {
    let folder: URL
    var input: URL { folder.appending(path: "t20k.plist") }
    var output: URL { folder.appending(path: "em.eml") }
    static let oldOutput = "the old message\n"

    init() throws {
      folder = try temporaryFolder()
      try StaleTemporaryFileTests.bigList(20_000).write(to: input, atomically: false, encoding: .utf8)
      try Self.oldOutput.write(to: output, atomically: false, encoding: .utf8)
    }

    /// A bash command line: under `ulimit -v limit`, the binary reads
    /// `source` (`-` from a pipe, or a process substitution) and writes a
    /// e-mail in `locales`.
    func command(limit: Int, source: String, locales: String = "fr_CA,ar_EG,ja_JP") -> [String] {
      let options = [
        "--now", "2026-11-30T14:00:00Z", "-z", "America/Toronto", "--from", "2000-01-01", "--to", "2100-01-01",
        "-l", locales, "-f", "email", "--mail-to", "a@b.org", "-o", output.path,
      ]
      return ["/bin/bash", "-c", Self.script(limit: limit, source: source), EndToEndTests.binary!.path, input.path]
        + options
    }

    static func script(limit: Int, source: String) -> String {
      switch source {
      case "-": "list=$1; shift; ulimit -v \(limit) && cat \"$list\" | \"$0\" - \"$@\""
      default: "list=$1; shift; ulimit -v \(limit) && \"$0\" <(cat \"$list\") \"$@\""
      }
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  @Test(
    "a 20,000-task list on a pipe or <(…), e-mailed in three locales under ulimit -v 160000 and 190000: 71 naming the input",
    arguments: ["-", "<(…)"])
  func streamTooLargeForTheLimit(source: String) throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    for limit in [160_000, 190_000] {
      let result = try MemoryAndThreadLimitTests.run(fixture.command(limit: limit, source: source))
      #expect(result.status == 71, "ulimit -v \(limit): \(result.stderr.prefix(300))")
      let name = source == "-" ? "<stdin>" : "/dev/fd/"
      #expect(
        result.stderr.hasPrefix("posttim-report: error: \(name)"), "\(result.stderr.prefix(300))")
      #expect(
        result.stderr.contains(": not enough memory to read this task list: with "), "\(result.stderr.prefix(300))")
      #expect(
        result.stderr.hasSuffix(
          "and the limit of \(limit) KiB (ulimit -v) leaves "
            + "\(MemoryAndThreadLimitTests.leftText(result.stderr)) MiB; raise the limit\n"))
      #expect(try String(contentsOf: fixture.output, encoding: .utf8) == Fixture.oldOutput)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).sorted() == ["em.eml", "t20k.plist"])
    }
  }

  @Test("a stream with room for it (one locale): the e-mail the same list makes from a file")
  func streamWithRoom() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let streamed = try MemoryAndThreadLimitTests.run(fixture.command(limit: 1_000_000, source: "-", locales: "fr_CA"))
    #expect(streamed.status == 0, "\(streamed.stderr.prefix(300))")
    let fromStream = try Self.comparable(String(contentsOf: fixture.output, encoding: .utf8))
    var fromFile = fixture.command(limit: 1_000_000, source: "-", locales: "fr_CA")
    fromFile[2] = "list=$1; shift; ulimit -v 1000000 && \"$0\" \"$list\" \"$@\""
    let direct = try MemoryAndThreadLimitTests.run(fromFile)
    #expect(direct.status == 0, "\(direct.stderr.prefix(300))")
    #expect(try fromStream == Self.comparable(String(contentsOf: fixture.output, encoding: .utf8)))
    #expect(fromStream.count > 3_000_000)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).sorted() == ["em.eml", "t20k.plist"])
  }

  /// A message with its random parts (Message-ID, boundary) blanked.
  static func comparable(_ message: String) -> String {
    var lines = message.components(separatedBy: "\r\n").filter { !$0.hasPrefix("Message-ID: ") }
    if lines.count == 1 { lines = message.components(separatedBy: "\n").filter { !$0.hasPrefix("Message-ID: ") } }
    let text = lines.joined(separator: "\n")
    guard let start = text.range(of: "boundary=\""), let end = text[start.upperBound...].firstIndex(of: "\"") else {
      return text
    }
    return text.replacingOccurrences(of: String(text[start.upperBound..<end]), with: "BOUNDARY")
  }
}
