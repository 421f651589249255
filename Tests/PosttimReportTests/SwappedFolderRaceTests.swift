import Foundation
import PosttimReport
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A root run (cron) reads and writes under folders another user owns.
/// She can swap her folder for a link of hers to a folder of root's at any
/// moment, in a loop: every path is walked by descriptor and used through
/// what the walk reached, so no swap between the check of her link and
/// the use makes root's run read, replace or remove a file where her link
/// points.
@Suite(
  "A folder swapped for another user's link during the run redirects nothing",
  .enabled(if: geteuid() == 0, "needs root to give the folder and the link to another user"))
struct SwappedFolderRaceTests {
  /// `list.txt`: "public" in her folder, "SECRET" in root's.
  static func fixture() throws -> SwappedFolderFixture {
    try SwappedFolderFixture(file: "list.txt", hers: "public\n", secret: "SECRET\n")
  }

  @Test("a file read as data under her swapped folder never yields the bytes of root's file her link points to")
  func readThroughSwappedFolder() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    var read: [String: Int] = [:]
    let swaps = fixture.whileSwapping {
      guard let file = try? DataFile.open(fixture.folder + "/list.txt") else { return true }
      defer { close(file.descriptor) }
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = Glibc.read(file.descriptor, &buffer, buffer.count)
      let text = String(decoding: buffer[0..<max(count, 0)], as: UTF8.self)
      read[text, default: 0] += 1
      return text != "SECRET\n"
    }
    #expect(read["SECRET\n"] == nil)
    #expect(read["public\n", default: 0] > 0)
    #expect(swaps > 0)
  }

  @Test("-o under her swapped folder never replaces root's file her link points to, nor adds one beside it")
  func writeThroughSwappedFolder() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    var written = 0
    let swaps = fixture.whileSwapping(tries: 10_000) {
      guard var file = try? OutputFile(path: fixture.folder + "/list.txt") else { return true }
      file.stream.write("REPORT\n")
      guard (try? file.commit()) != nil else { return true }
      written += 1
      return (try? String(contentsOfFile: fixture.secret, encoding: .utf8)) == "SECRET\n"
    }
    #expect(try String(contentsOfFile: fixture.secret, encoding: .utf8) == "SECRET\n")
    #expect(try fixture.secretEntries() == ["list.txt"])
    #expect(written > 0)
    #expect(swaps > 0)
  }

  @Test("the sweep of stale temporary files in her swapped folder never removes one in root's folder")
  func sweepThroughSwappedFolder() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    let stale = ".list.txt.posttim-abc123"
    try "x".write(toFile: fixture.folder + "/" + stale, atomically: false, encoding: .utf8)
    // Unswapped, the sweep does remove root's stale file in her folder.
    #expect(OutputFile.removeStaleTemporaryFiles(in: fixture.folder, for: ["list.txt"]) == [stale])
    try "x".write(toFile: fixture.secretFolder + "/" + stale, atomically: false, encoding: .utf8)
    let swaps = fixture.whileSwapping {
      OutputFile.removeStaleTemporaryFiles(in: fixture.folder, for: ["list.txt"])
      return access(fixture.secretFolder + "/" + stale, F_OK) == 0
    }
    #expect(try fixture.secretEntries() == [stale, "list.txt"])
    #expect(swaps > 0)
  }
}
