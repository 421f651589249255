import Foundation
import Testing
import TestSupport

/// `-o` never damages what it points at, and never overwrites an input,
/// however the paths are spelled. Runs the binary: descriptors matter.
@Suite("Output safety", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct OutputSafetyTests {
  let example = TestPaths.example.path

  func mode(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  @Test("a symbolic link is followed: the file it names is written, the link stays")
  func symlinkOutput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appending(path: "agenda.md").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/../out.md")
    try FileManager.default.createDirectory(at: folder.appending(path: "real"), withIntermediateDirectories: true)
    try "old".write(toFile: folder.appending(path: "out.md").path, atomically: false, encoding: .utf8)
    #expect(try EndToEndTests.run([example, "-o", link]).0 == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real/../out.md")
    #expect(try String(contentsOfFile: folder.appending(path: "out.md").path, encoding: .utf8).hasPrefix("# Agenda"))
  }

  @Test("a device or FIFO is written through, not replaced by a file")
  func devicesAndFIFOs() throws {
    #expect(try EndToEndTests.run([example, "-o", "/dev/null"]).0 == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/null")
    #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    let (status, _, stderr) = try EndToEndTests.run([example, "-o", "/dev/full"])
    #expect(status == 74)
    #expect(stderr == "posttim-report: error: /dev/full: write failed (No space left on device)\n")
  }

  @Test("the replaced file keeps its permission bits")
  func keepsMode() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: "agenda.md").path
    try "old".write(toFile: output, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: output)
    #expect(try EndToEndTests.run([example, "-o", output]).0 == 0)
    #expect(try mode(output) == 0o640)
  }

  @Test("an input reached through a link, or through stdin, is never the output")
  func inputThroughLinkOrStdin() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "listeDesTaches.plist").path
    try FileManager.default.copyItem(atPath: example, toPath: input)
    let link = folder.appending(path: "link.plist").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
    let before = try Data(contentsOf: URL(fileURLWithPath: input))
    #expect(try EndToEndTests.run([link, "-o", input]).0 == 64)
    #expect(try EndToEndTests.run([input, "-o", link]).0 == 64)
    let (status, _, stderr) = try EndToEndTests.run(["-", "-o", input], stdin: FileHandle(forReadingAtPath: input))
    #expect(status == 64)
    #expect(
      stderr.hasPrefix(
        "posttim-report: error: output '\(input)' is standard input; refusing to overwrite a task list\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
  }

  @Test("stdin that cannot be read, and '-o -', behave")
  func stdinAndDash() throws {
    let (status, _, stderr) = try EndToEndTests.run(["-"], stdin: FileHandle(forReadingAtPath: "/tmp"))
    #expect(status == 66)
    #expect(stderr == "posttim-report: error: <stdin>: cannot be read (Is a directory)\n")
    let (dashStatus, stdout, _) = try EndToEndTests.run([example, "-o", "-", "-f", "csv"])
    #expect(dashStatus == 0)
    #expect(stdout.hasPrefix("date,tache,importance,description,date_utc\r\n"))
  }
}
