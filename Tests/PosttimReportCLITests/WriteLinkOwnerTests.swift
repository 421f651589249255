import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Where the tool writes (`-o FILE`, the roster's `-o DIR` and its
/// `DIR/ID.eml`, `--state`), a symbolic link, at the name or among the
/// folders above it, is followed only when it belongs to
/// the caller or to root, in any folder: the file is replaced by a rename,
/// so the owner of a folder a root cron job writes into could otherwise aim
/// that write at any file (`/home/alice/agenda.html -> /etc/shadow`).
/// Driven through the binary, as root and as a user of its own.
@Suite(
  "Write links: only the caller's and root's are followed",
  .requires(.builtBinary), .enabled(if: geteuid() == 0, "needs root to chown links and change user"))
struct WriteLinkOwnerTests {
  /// The owner of `home`, and of the links planted in it.
  static let stranger: uid_t = 4251
  /// The user some runs are made as (with `setpriv`).
  static let caller: uid_t = 4252

  /// `home`: the stranger's folder (0755, neither sticky nor world-writable,
  /// like `/home/alice`); `private`: root's (0700), holding `shadow`.
  struct Fixture {
    let root: URL
    var home: String { root.appending(path: "home").path }
    var privateFolder: String { root.appending(path: "private").path }
    var shadow: String { privateFolder + "/shadow" }
    var list: String { root.appending(path: "tasks.plist").path }

    init() throws {
      root = try temporaryFolder()
      #expect(chmod(root.path, 0o755) == 0)
      for folder in [home, privateFolder] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      }
      #expect(chmod(privateFolder, 0o700) == 0)
      #expect(chown(home, WriteLinkOwnerTests.stranger, WriteLinkOwnerTests.stranger) == 0)
      try "secret".write(toFile: shadow, atomically: false, encoding: .utf8)
      #expect(chmod(shadow, 0o600) == 0)
      try FileManager.default.copyItem(atPath: TestPaths.example.path, toPath: list)
      #expect(chmod(list, 0o644) == 0)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// A link at `path` to `destination`, owned by `owner`.
    func link(_ path: String, to destination: String, owner: uid_t) {
      #expect(symlink(destination, path) == 0)
      #expect(lchown(path, owner, owner) == 0)
    }

    /// `work/name` holding "old", in the folder of the user runs are made
    /// as (`caller`), both theirs.
    func callersFile(_ name: String) throws -> String {
      let work = root.appending(path: "work").path
      try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
      let file = work + "/" + name
      try "old".write(toFile: file, atomically: false, encoding: .utf8)
      for path in [work, file] { #expect(chown(path, WriteLinkOwnerTests.caller, WriteLinkOwnerTests.caller) == 0) }
      return file
    }

    func entries(_ folder: String) throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    /// Nothing was written where the stranger's links point.
    func expectUntouched() throws {
      #expect(try String(contentsOfFile: shadow, encoding: .utf8) == "secret")
      #expect(try entries(privateFolder) == ["shadow"])
    }
  }

  static func refusal(_ link: String, uid: uid_t = stranger) -> String {
    "not following \(link): a symbolic link of uid \(uid), neither yours nor root's (a write follows no other)"
  }

  static func report(_ output: String, as user: uid_t? = nil, list: String) throws -> Subprocess.Result {
    let change = user.map { "/usr/bin/setpriv --reuid \($0) --regid \($0) --clear-groups " } ?? ""
    return try GuardedShell.run(
      "exec \(change)\"$BIN\" \"$LIST\" --now 2026-11-30T14:00:00Z -z UTC -o \"$OUT\"",
      environment: ["LIST": list, "OUT": output])
  }

  /// `-o output` (run as `user`, else root) is 73, naming `link`.
  static func expectRefused(_ output: String, link: String, as user: uid_t? = nil, list: String) throws {
    let result = try report(output, as: user, list: list)
    #expect(result.status == 73)
    #expect(result.stderr == "posttim-report: error: \(output): cannot create output file (\(refusal(link)))\n")
  }

  @Test("another user's link at the output name in their plain folder: 73 naming it and its uid, nothing written")
  func linkAtNameInPlainFolder() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let output = fixture.home + "/agenda.html"
    fixture.link(output, to: fixture.shadow, owner: Self.stranger)
    try Self.expectRefused(output, link: output, list: fixture.list)
    try fixture.expectUntouched()
    #expect(try fixture.entries(fixture.home) == ["agenda.html"])
  }

  @Test("another user's link among the folders above the name: 73 naming it, nothing made where it points")
  func linkInFolderPath() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let link = fixture.home + "/out"
    fixture.link(link, to: fixture.privateFolder, owner: Self.stranger)
    for output in [link + "/shadow", link + "/new.html"] {
      try Self.expectRefused(output, link: link, list: fixture.list)
    }
    try fixture.expectUntouched()
  }

  @Test("root's link and the caller's own link in another user's folder are followed: the file they name replaced")
  func rootsAndCallersLinksFollowed() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    // (link, its owner, the user running)
    let cases: [(String, uid_t, uid_t?)] = [
      ("root-as-root.md", 0, nil), ("root-as-caller.md", 0, Self.caller), ("mine.md", Self.caller, Self.caller),
    ]
    for (name, owner, user) in cases {
      let target = try fixture.callersFile(name)
      let output = fixture.home + "/" + name
      fixture.link(output, to: target, owner: owner)
      let result = try Self.report(output, as: user, list: fixture.list)
      #expect(result.status == 0, "\(name): \(result.stderr)")
      #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("# "), "\(name)")
      #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output) == target)
    }
  }

  @Test("as another user, a third user's link is refused the same, whoever owns the folder")
  func thirdUsersLinkRefusedForCaller() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let target = try fixture.callersFile("agenda.md")
    // In the caller's own folder too: only the link's owner counts.
    let output = fixture.root.appending(path: "work/theirs.md").path
    fixture.link(output, to: target, owner: Self.stranger)
    try Self.expectRefused(output, link: output, as: Self.caller, list: fixture.list)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "old")
  }

  /// A roster of `rows` (reader IDs) run with `-o output` and `--state state` (else `state` in the fixture).
  static func roster(_ fixture: Fixture, rows: [String], output: String, state: String? = nil) throws
    -> Subprocess.Result
  {
    let roster = fixture.root.appending(path: "roster.csv").path
    let text = (["id,list,locale,time-zone,mail-to"] + rows.map { "\($0),\(fixture.list),fr_CA,UTC,\($0)@example.org" })
      .joined(separator: "\n")
    try text.write(toFile: roster, atomically: false, encoding: .utf8)
    return try GuardedShell.run(
      "exec \"$BIN\" roster \"$ROSTER\" -o \"$OUT\" --state \"$STATE\" --mail-from r@example.org "
        + "--now 2026-12-01T12:00:00Z",
      environment: ["ROSTER": roster, "OUT": output, "STATE": state ?? fixture.root.appending(path: "state").path])
  }

  @Test("roster -o DIR where DIR is another user's link: 73 naming it, before anything is written")
  func rosterFolderLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let link = fixture.home + "/mail"
    fixture.link(link, to: fixture.privateFolder, owner: Self.stranger)
    for output in [link, link + "/"] {
      let result = try Self.roster(fixture, rows: ["zoe"], output: output)
      #expect(result.status == 73, "\(result.stderr)")
      #expect(
        result.stderr == "posttim-report: error: \(link): cannot create output file (\(Self.refusal(link)))\n")
      #expect(result.stdout == "")
    }
    try fixture.expectUntouched()
  }

  @Test("roster -o DIR where DIR/ID.eml is another user's link: that reader fails naming it, the next is written")
  func rosterMessageLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let out = fixture.home + "/mail"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    #expect(chown(out, Self.stranger, Self.stranger) == 0)
    fixture.link(out + "/zoe.eml", to: fixture.shadow, owner: Self.stranger)
    let result = try Self.roster(fixture, rows: ["zoe", "amira"], output: out)
    #expect(result.status == 75, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "zoe: failed: row 2: \(out)/zoe.eml: cannot create output file (\(Self.refusal(out + "/zoe.eml")))")
    #expect(lines.dropFirst().first?.hasPrefix("amira: written <posttim-roster.") == true, "\(lines)")
    try fixture.expectUntouched()
    #expect(try fixture.entries(out) == ["amira.eml", "zoe.eml"])
  }

  @Test("--state through another user's link in root's plain folder: 78 naming it, no folder made")
  func stateFolderLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let link = fixture.root.appending(path: "st").path
    let made = fixture.privateFolder + "/state"
    fixture.link(link, to: made, owner: Self.stranger)
    let out = fixture.root.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    let result = try Self.roster(fixture, rows: ["zoe"], output: out, state: link)
    #expect(result.status == 78, "\(result.stderr)")
    #expect(
      result.stderr
        == "posttim-report: error: journal '\(link)/roster.journal': not trusted: \(Self.refusal(link))\n")
    try fixture.expectUntouched()
    #expect(try fixture.entries(out) == [])
  }
}
