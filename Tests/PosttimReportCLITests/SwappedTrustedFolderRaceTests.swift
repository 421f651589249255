import Foundation
import PosttimICU
import Synchronization
import Testing

@testable import PosttimReportCLI

#if canImport(Glibc)
  import Glibc
#endif

/// The files that steer a root run (the config file, the roster, the
/// roster's state folder) are used only through folders nobody else can
/// change. Another user can swap her folder for her link to a folder of
/// root's at any moment: the trust check and the use are one lookup, so no
/// swap between them hands root's run a root-only file through her link,
/// or makes a folder in hers.
@Suite(
  "A trusted file's folder swapped for another user's link is refused on every lookup",
  .enabled(if: geteuid() == 0, "needs root to give the folder and the link to another user"))
struct SwappedTrustedFolderRaceTests {
  /// The other user (mallory).
  static let other: uid_t = 1005

  /// `home` (hers) holds `d`, her folder with her `config`, and `l`, her
  /// link to `secret`, root's folder (0700) whose `config` (0600) is
  /// root's. ``whileSwapping(_:)`` swaps `d` and `l` in a loop.
  struct Fixture {
    let base: String
    var home: String { base + "/home" }
    var folder: String { home + "/d" }
    var secretFolder: String { base + "/secret" }
    static let secretText = "format = csv\n# SECRET\n"

    init() throws {
      base = FileManager.default.temporaryDirectory.appending(path: "posttim-trust-swap-\(UUID().uuidString)").path
      for path in [base, home, folder, secretFolder] {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      }
      #expect(chmod(base, 0o755) == 0)
      #expect(chmod(secretFolder, 0o700) == 0)
      try "format = csv\n".write(toFile: folder + "/config", atomically: false, encoding: .utf8)
      try Self.secretText.write(toFile: secretFolder + "/config", atomically: false, encoding: .utf8)
      #expect(chmod(secretFolder + "/config", 0o600) == 0)
      for path in [home, folder, folder + "/config"] {
        #expect(chown(path, SwappedTrustedFolderRaceTests.other, SwappedTrustedFolderRaceTests.other) == 0)
      }
      #expect(symlink(secretFolder, home + "/l") == 0)
      #expect(lchown(home + "/l", SwappedTrustedFolderRaceTests.other, SwappedTrustedFolderRaceTests.other) == 0)
    }

    func remove() { try? FileManager.default.removeItem(atPath: base) }

    func entries(_ path: String) throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    /// Runs `body` while another thread swaps `d` (her folder) and `l`
    /// (her link) by renames, as fast as it can; each round ends with `d`
    /// her folder again.
    func whileSwapping(_ body: () throws -> Void) rethrows {
      let stop = Atomic<Bool>(false)
      let done = Atomic<Bool>(false)
      let (d, l, r) = (folder, home + "/l", home + "/r")
      let thread = Thread {
        while !stop.load(ordering: .relaxed) {
          rename(d, r)
          rename(l, d)
          rename(d, l)
          rename(r, d)
        }
        done.store(true, ordering: .releasing)
      }
      thread.start()
      defer {
        stop.store(true, ordering: .relaxed)
        while !done.load(ordering: .acquiring) { usleep(1000) }
      }
      try body()
    }
  }

  @Test("a config file or roster under her swapped folder is never read, least of all root's file behind her link")
  func configThroughSwappedFolder() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var read: [String: Int] = [:]
    var refused = 0
    fixture.whileSwapping {
      for _ in 0..<20_000 {
        do {
          let bytes = try ConfigFileTrust.read(
            fixture.folder + "/config", as: .configFile, limit: 1 << 20, takesPipes: true)
          read[String(decoding: bytes, as: UTF8.self), default: 0] += 1
          if read[Fixture.secretText] != nil { break }
        } catch {
          refused += 1
        }
      }
    }
    #expect(read == [:])
    #expect(refused > 0)
  }

  @Test("the roster's state folder under her swapped folder is never made, in hers or in root's behind her link")
  func stateFolderThroughSwappedFolder() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var opened = 0
    fixture.whileSwapping {
      for _ in 0..<5_000 {
        let journal = try? RosterJournal(
          folder: fixture.folder + "/st", name: "roster.journal", roster: "/r/roster.csv", lock: "roster.lock",
          split: 1)
        if journal != nil { opened += 1 }
        let made = access(fixture.folder + "/st", F_OK) == 0 || access(fixture.home + "/r/st", F_OK) == 0
        if made || access(fixture.secretFolder + "/st", F_OK) == 0 { break }
      }
    }
    #expect(opened == 0)
    #expect(try fixture.entries(fixture.folder) == ["config"])
    #expect(try fixture.entries(fixture.secretFolder) == ["config"])
  }
}
