import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Standard input, pipes and devices are read within the input size limit
/// (1 GiB) without holding what they send (past 16 MiB of XML, expat reads
/// it as it comes): under `ulimit -v` a stream longer than memory allows
/// is read, and one that cannot be a task list is refused at its first
/// bytes, never a death by a failed allocation.
@Suite(
  "Input size limit on streams", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct InputSizeLimitTests {
  @Test("- < /dev/zero and a FIFO of zeros under ulimit -v 600000: exit 65, not a property list, at the first bytes")
  func zeros() throws {
    let stdin = try LimitedRun.run("ulimit -v 600000; exec < /dev/zero", ["-"])
    #expect(stdin.status == 65)
    #expect(stdin.stderr == "posttim-report: error: <stdin>: not an XML or binary property list\n")
    let named = try LimitedRun.run(
      """
      ulimit -v 600000
      d=$(mktemp -d); mkfifo "$d/zeros"
      cat /dev/zero > "$d/zeros" &
      "$@" "$d/zeros"; status=$?
      rm -r "$d"; exit $status
      """, [])
    #expect(named.status == 65)
    #expect(named.stderr.hasPrefix("posttim-report: error: /"), "\(named.stderr)")
    #expect(named.stderr.hasSuffix("/zeros: not an XML or binary property list\n"), "\(named.stderr)")
  }

  @Test("a 100 MB list through a pipe under ulimit -v 200000: read as it comes, not held, exit 0")
  func longStream() throws {
    // 100 MB of blank lines between the elements of an empty list.
    let result = try LimitedRun.run(
      """
      ulimit -v 200000
      (printf '<?xml version="1.0" encoding="UTF-8"?>\\n<plist version="1.0">\\n<array>\\n'
       yes "$(printf '%999s')" | head -n 100000; printf '</array>\\n</plist>\\n') | "$@"
      exit $?
      """, ["-", "-f", "csv"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "date,tache,importance,description,date_utc\r\n")
  }

  @Test("templates of 2 GiB and 900 MiB are refused by their size (the 1 MiB cap), under ulimit -v 600000")
  func templateSize() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "posttim-template-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // Sparse files: the sizes cost no disk.
    for (name, size) in [("huge.mustache", 2 << 30), ("large.mustache", 900 << 20)] {
      let path = folder.appending(path: name).path
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      #expect(truncate(path, off_t(size)) == 0)
      let result = try LimitedRun.run("ulimit -v 600000", [TestPaths.example.path, "--template", path])
      #expect(result.status == 78)
      #expect(
        result.stderr == "posttim-report: error: \(path): is larger than 1 MiB, the cap for a template or catalog\n")
    }
  }

  @Test("the shipped example through a pipe and from a file on standard input: the same report as the file")
  func pipedExample() throws {
    let arguments = ["--now", "2026-11-30T14:00:00Z", "-z", "UTC", "-l", "fr_CA"]
    let (status, expected, _) = try EndToEndTests.run([TestPaths.example.path] + arguments)
    #expect(status == 0)
    for setup in ["cat '\(TestPaths.example.path)' |", "exec < '\(TestPaths.exampleBinary.path)';"] {
      let result = try LimitedRun.run("\(setup) \"$@\"; exit $?", ["-"] + arguments)
      #expect(result.status == 0, "\(setup) \(result.stderr)")
      #expect(result.stdout == expected, "\(setup)")
    }
  }
}
