import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A dangling symbolic link at the output name is never followed: writing
/// through it would create a file where it points, a place its maker
/// chose. Exit 73, naming the link and where it points; the link stays.
@Suite("Output: dangling links", .enabled(if: geteuid() == 0, "needs root to chown links"))
struct OutputDanglingLinkTests {
  let example = TestPaths.example.path
  static let stranger: uid_t = 4244

  func refusal(_ output: String, link: String, to destination: String) -> [String] {
    [
      "posttim-report: error: \(output): cannot create output file (not following \(link): "
        + "a dangling symbolic link to \(destination))"
    ]
  }

  @Test("the caller's own dangling link in a plain folder: 73, nothing created where it points")
  func ownDanglingLink() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let elsewhere = folder.appending(path: "elsewhere")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
    let destination = elsewhere.appending(path: "new.md").path
    let output = folder.appending(path: "rd.md").path
    try FileManager.default.createSymbolicLink(atPath: output, withDestinationPath: destination)
    expectRun(
      arguments: [example, "-o", output], exit: .cannotCreate, stderr: refusal(output, link: output, to: destination))
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output) == destination)
  }

  @Test(
    "another user's dangling link in their own folder inside a sticky one, and at the end of a chain: 73 for its owner"
  )
  func strangersDanglingLink() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let shared = folder.appending(path: "shared")
    let theirs = shared.appending(path: "theirs")
    try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
    #expect(chmod(shared.path, 0o1777) == 0)
    #expect(chown(theirs.path, Self.stranger, Self.stranger) == 0)
    let destination = folder.appending(path: "victim.md").path
    let planted = theirs.appending(path: "report.md").path
    try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: destination)
    #expect(lchown(planted, Self.stranger, Self.stranger) == 0)
    let chain = folder.appending(path: "chain.md").path
    try FileManager.default.createSymbolicLink(atPath: chain, withDestinationPath: planted)
    // Another user's link is refused for its owner before it is looked at.
    for output in [planted, chain] {
      expectRun(
        arguments: [example, "-o", output], exit: .cannotCreate,
        stderr: [
          "posttim-report: error: \(output): cannot create output file (not following \(planted): "
            + "a symbolic link of uid \(Self.stranger), neither yours nor root's (a write follows no other))"
        ])
    }
    #expect(!FileManager.default.fileExists(atPath: destination))
  }

  @Test("the roster's -o DIR: a dangling link at DIR/ID.eml is refused for that reader, nothing created")
  func rosterDanglingLink() throws {
    let fixture = try RosterFixture(
      "id,list,locale,time-zone,mail-to\nzoe,tasks.plist,fr_CA,America/Toronto,z@example.org\n")
    defer { fixture.remove() }
    let out = fixture.folder.appending(path: "out").path
    let elsewhere = fixture.folder.appending(path: "elsewhere")
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
    let destination = elsewhere.appending(path: "zoe.eml").path
    try FileManager.default.createSymbolicLink(atPath: out + "/zoe.eml", withDestinationPath: destination)
    let run = CapturedRun()
    let status = run.run([
      "roster", fixture.roster, "-o", out, "--state", fixture.state, "--mail-from", "r@example.org", "--now",
      "2026-12-01T12:00:00Z",
    ])
    #expect(status == .temporaryFailure, "\(run.stderr)")
    #expect(
      (run.stdout + run.stderr.joined()).contains(
        "not following \(out)/zoe.eml: a dangling symbolic link to \(destination)"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == [])
  }
}
