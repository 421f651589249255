import Foundation
import PosttimReport
import Synchronization
import Testing

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
  /// The other user (mallory).
  static let other: uid_t = 1005

  /// `home` (hers) holds `d`, her real folder with `list.txt` ("public"),
  /// and `l`, her link to `secret`, root's folder (0700) with `list.txt`
  /// ("SECRET", 0600). ``whileSwapping(_:)`` swaps `d` and `l` in a loop.
  struct Fixture {
    let base: String
    var home: String { base + "/home" }
    var folder: String { home + "/d" }
    var secretFolder: String { base + "/secret" }
    var secret: String { secretFolder + "/list.txt" }

    init() throws {
      base = FileManager.default.temporaryDirectory.appending(path: "posttim-swap-\(UUID().uuidString)").path
      for path in [base, home, folder, secretFolder] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      }
      #expect(chmod(base, 0o755) == 0)
      #expect(chmod(secretFolder, 0o700) == 0)
      try "public\n".write(toFile: folder + "/list.txt", atomically: false, encoding: .utf8)
      try "SECRET\n".write(toFile: secret, atomically: false, encoding: .utf8)
      #expect(chmod(secret, 0o600) == 0)
      for path in [home, folder, folder + "/list.txt"] {
        #expect(chown(path, SwappedFolderRaceTests.other, SwappedFolderRaceTests.other) == 0)
      }
      #expect(symlink(secretFolder, home + "/l") == 0)
      #expect(lchown(home + "/l", SwappedFolderRaceTests.other, SwappedFolderRaceTests.other) == 0)
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }

    func secretEntries() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: secretFolder).sorted()
    }

    /// Runs `body` while another thread swaps `d` (her folder) and `l`
    /// (her link) by renames, as fast as it can.
    func whileSwapping(_ body: () throws -> Void) rethrows {
      let state = SwapState()
      let (d, l, r) = (folder, home + "/l", home + "/r")
      let thread = Thread {
        while !state.stop.load(ordering: .relaxed) {
          rename(d, r)
          rename(l, d)
          rename(d, l)
          rename(r, d)
        }
        state.done.store(true, ordering: .releasing)
      }
      thread.start()
      defer {
        state.stop.store(true, ordering: .relaxed)
        while !state.done.load(ordering: .acquiring) { usleep(1000) }
      }
      try body()
    }
  }

  final class SwapState: Sendable {
    let stop = Atomic<Bool>(false)
    let done = Atomic<Bool>(false)
  }

  @Test("a file read as data under her swapped folder never yields the bytes of root's file her link points to")
  func readThroughSwappedFolder() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var read: [String: Int] = [:]
    fixture.whileSwapping {
      for _ in 0..<20_000 {
        guard let file = try? DataFile.open(fixture.folder + "/list.txt") else { continue }
        defer { close(file.descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = Glibc.read(file.descriptor, &buffer, buffer.count)
        let text = String(decoding: buffer[0..<max(count, 0)], as: UTF8.self)
        read[text, default: 0] += 1
        if text == "SECRET\n" { break }
      }
    }
    #expect(read["SECRET\n"] == nil)
    #expect(read["public\n", default: 0] > 0)
  }

  @Test("-o under her swapped folder never replaces root's file her link points to, nor adds one beside it")
  func writeThroughSwappedFolder() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var written = 0
    fixture.whileSwapping {
      for _ in 0..<3_000 {
        guard var file = try? OutputFile(path: fixture.folder + "/list.txt") else { continue }
        file.stream.write("REPORT\n")
        guard (try? file.commit()) != nil else { continue }
        written += 1
        if (try? String(contentsOfFile: fixture.secret, encoding: .utf8)) != "SECRET\n" { break }
      }
    }
    #expect(try String(contentsOfFile: fixture.secret, encoding: .utf8) == "SECRET\n")
    #expect(try fixture.secretEntries() == ["list.txt"])
    #expect(written > 0)
  }

  @Test("the sweep of stale temporary files in her swapped folder never removes one in root's folder")
  func sweepThroughSwappedFolder() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let stale = ".list.txt.posttim-abc123"
    try "x".write(toFile: fixture.folder + "/" + stale, atomically: false, encoding: .utf8)
    // Unswapped, the sweep does remove root's stale file in her folder.
    #expect(OutputFile.removeStaleTemporaryFiles(in: fixture.folder, for: ["list.txt"]) == [stale])
    try "x".write(toFile: fixture.secretFolder + "/" + stale, atomically: false, encoding: .utf8)
    fixture.whileSwapping {
      for _ in 0..<20_000 {
        OutputFile.removeStaleTemporaryFiles(in: fixture.folder, for: ["list.txt"])
        if access(fixture.secretFolder + "/" + stale, F_OK) != 0 { break }
      }
    }
    #expect(try fixture.secretEntries() == [stale, "list.txt"])
  }
}
