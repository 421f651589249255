import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Symbolic links among a path's folders are followed under the link rules
/// too, whatever the sysctl says: another user's link planted as a folder
/// in a sticky world-writable folder (`/tmp/s/mdir -> /root`) takes
/// neither `-o /tmp/s/mdir/victim.txt` (a write: only the caller's and
/// root's links) nor `--config /tmp/s/mdir/posttim.conf` (the kernel's
/// `protected_symlinks` rule) where it points.
@Suite(
  "Folder links: the write and read link rules",
  .enabled(if: geteuid() == 0 && EndToEndTests.binary != nil, "needs root to chown links, and the built binary"))
struct FolderLinkRuleTests {
  /// A uid that owns nothing else here.
  static let stranger: uid_t = 4243

  /// A fresh folder with `shared` (sticky, world-writable, like /tmp) and
  /// `private` (root's, mode 0700) holding `victim.txt`.
  struct Fixture {
    let root: URL
    var shared: URL { root.appending(path: "shared") }
    var privateFolder: URL { root.appending(path: "private") }
    var victim: URL { privateFolder.appending(path: "victim.txt") }

    init() throws {
      root = try temporaryFolder()
      try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
      #expect(chmod(shared.path, 0o1777) == 0)
      try FileManager.default.createDirectory(at: privateFolder, withIntermediateDirectories: false)
      #expect(chmod(privateFolder.path, 0o700) == 0)
      try "secret".write(to: victim, atomically: false, encoding: .utf8)
      #expect(chmod(victim.path, 0o600) == 0)
    }

    /// `shared/name`, a link to the private folder owned by `owner`.
    func folderLink(_ name: String, owner: uid_t) throws -> URL {
      let link = shared.appending(path: name)
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: privateFolder.path)
      #expect(lchown(link.path, owner, owner) == 0)
      return link
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func privateEntries() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: privateFolder.path).sorted()
    }
  }

  static func run(_ arguments: [String]) throws -> Subprocess.Result {
    try Subprocess.run(
      EndToEndTests.binary!.path, arguments + ["--now", "2026-11-30T14:00:00Z", "-z", "UTC"],
      environment: ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
  }

  static func refusal(_ link: URL) -> String {
    "not following \(link.path): a symbolic link of uid \(stranger) in a sticky world-writable folder"
  }

  /// For a file read as data (a template folder): only the caller's and root's links.
  static func readRefusal(_ link: URL) -> String {
    "not following \(link.path): a symbolic link of uid \(stranger), neither yours nor root's (a file read as data follows no other)"
  }

  static func writeRefusal(_ link: URL) -> String {
    "not following \(link.path): a symbolic link of uid \(stranger), neither yours nor root's (a write follows no other)"
  }

  @Test("-o through another user's folder link: 73 naming the link, nothing written where it points")
  func outputFolderLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let link = try fixture.folderLink("mdir", owner: Self.stranger)
    for output in [link.path + "/victim.txt", link.path + "/new.md"] {
      let result = try Self.run([TestPaths.example.path, "-o", output])
      #expect(result.status == 73)
      #expect(
        result.stderr
          == "posttim-report: error: \(output): cannot create output file (\(Self.writeRefusal(link)))\n")
      #expect(try String(contentsOf: fixture.victim, encoding: .utf8) == "secret")
      #expect(try fixture.privateEntries() == ["victim.txt"])
    }
  }

  @Test("-o through a relative path whose folder is another user's link: refused the same")
  func relativeOutputFolderLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let link = try fixture.folderLink("mdir", owner: Self.stranger)
    let result = try Subprocess.run(
      "/bin/sh",
      [
        "-c", "cd \"$1\" && exec \"$2\" \"$3\" -o shared/mdir/victim.txt", "sh", fixture.root.path,
        EndToEndTests.binary!.path, TestPaths.example.path,
      ])
    #expect(result.status == 73)
    #expect(result.stderr.contains(Self.writeRefusal(link)), "\(result.stderr)")
    #expect(try String(contentsOf: fixture.victim, encoding: .utf8) == "secret")
  }

  @Test("the caller's own folder link there is followed: the file it leads to is replaced")
  func ownFolderLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let link = try fixture.folderLink("mine", owner: geteuid())
    let result = try Self.run([TestPaths.example.path, "-o", link.path + "/victim.txt"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOf: fixture.victim, encoding: .utf8).hasPrefix("# "))
  }

  @Test("--config through another user's folder link: 78 naming the link")
  func configFolderLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let config = fixture.privateFolder.appending(path: "posttim.conf")
    try "format = csv\n".write(to: config, atomically: false, encoding: .utf8)
    #expect(chmod(config.path, 0o644) == 0)
    let link = try fixture.folderLink("cdir", owner: Self.stranger)
    let path = link.path + "/posttim.conf"
    let result = try Self.run(["--config", path, TestPaths.example.path])
    #expect(result.status == 78)
    #expect(result.stderr == "posttim-report: error: \(path): config file not trusted: \(Self.refusal(link))\n")
    #expect(result.stdout == "")
  }
}
