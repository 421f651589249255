import Foundation
import PosttimICU
import Testing
import TestSupport

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
  .serialized, .enabled(if: geteuid() == 0, "needs root to give the folder and the link to another user"))
struct SwappedTrustedFolderRaceTests {
  static let secretText = "format = csv\n# SECRET\n"

  /// `config`: hers in her folder, root's (`secretText`) in root's.
  static func fixture() throws -> SwappedFolderFixture {
    try SwappedFolderFixture(file: "config", hers: "format = csv\n", secret: secretText)
  }

  /// How many journals opened in her `d/st` while `d` swaps, and the
  /// swaps met: stops at the first opened or once `found` says so.
  static func openedJournals(
    _ fixture: SwappedFolderFixture, until found: () -> Bool = { false }
  ) -> (opened: Int, swaps: Int) {
    var opened = 0
    let swaps = fixture.whileSwapping {
      let journal = try? RosterJournal(
        folder: fixture.folder + "/st", name: "roster.journal", roster: "/r/roster.csv", lock: "roster.lock",
        split: 1)
      if journal != nil { opened += 1 }
      return opened == 0 && !found()
    }
    return (opened, swaps)
  }

  @Test("a config file or roster under her swapped folder is never read, least of all root's file behind her link")
  func configThroughSwappedFolder() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    var read: [String: Int] = [:]
    var refused = 0
    let swaps = fixture.whileSwapping {
      do {
        let bytes = try ConfigFileTrust.read(
          fixture.folder + "/config", as: .configFile, limit: 1 << 20, takesPipes: true)
        read[String(decoding: bytes, as: UTF8.self), default: 0] += 1
      } catch {
        refused += 1
      }
      return read[Self.secretText] == nil
    }
    #expect(read == [:])
    #expect(refused > 0)
    #expect(swaps > 0)
  }

  @Test("the roster's state folder under her swapped folder is never made, in hers or in root's behind her link")
  func stateFolderThroughSwappedFolder() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    let journals = Self.openedJournals(fixture) {
      [fixture.folder, fixture.home + "/r", fixture.secretFolder].contains { access($0 + "/st", F_OK) == 0 }
    }
    #expect(journals.opened == 0)
    #expect(journals.swaps > 0)
    #expect(try fixture.entries(fixture.folder) == ["config"])
    #expect(try fixture.secretEntries() == ["config"])
  }

  @Test("a state folder of hers under her swapped folder is never used, nor root's behind her link")
  func existingStateFolderThroughSwappedFolder() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    for folder in [fixture.folder + "/st", fixture.secretFolder + "/st"] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    }
    let other = SwappedFolderFixture.other
    #expect(chown(fixture.folder + "/st", other, other) == 0)
    let journals = Self.openedJournals(fixture)
    #expect(journals.opened == 0)
    #expect(journals.swaps > 0)
    #expect(try fixture.entries(fixture.folder + "/st") == [])
    #expect(try fixture.entries(fixture.secretFolder + "/st") == [])
  }
}
