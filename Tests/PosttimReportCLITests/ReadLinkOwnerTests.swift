import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Files read as data (task lists, `--template`, the files of
/// `--template-dir`, a roster reader's list) follow a symbolic link only
/// when it belongs to the caller or to root, in any folder, as writes do:
/// what is read goes back to whoever controls the link's folder (a roster
/// mails a reader's list and templates to that reader), so a link of theirs
/// in their own folder would hand them any file root can read.
@Suite(
  "Read links: only the caller's and root's are followed",
  .requires(.builtBinary), .enabled(if: geteuid() == 0, "needs root to chown links and change user"))
struct ReadLinkOwnerTests {
  static let stranger = WriteLinkOwnerTests.stranger
  static let caller = WriteLinkOwnerTests.caller

  /// The write suite's (`home`: the stranger's plain folder; `private`:
  /// root's, 0700), with a task list and a text file only root may read.
  struct Fixture {
    let base: WriteLinkOwnerTests.Fixture
    var root: URL { base.root }
    var home: String { base.home }
    var list: String { base.list }
    var secretList: String { base.privateFolder + "/zoe.plist" }
    var secretText: String { base.privateFolder + "/notes.txt" }

    init() throws {
      base = try WriteLinkOwnerTests.Fixture()
      _ = try exampleList(
        replacing: "Souper chez Mamie", with: "SECRET-ZOE", as: "zoe.plist",
        in: URL(fileURLWithPath: base.privateFolder))
      #expect(chmod(secretList, 0o600) == 0)
      try "root-only secret line: password=hunter2\n".write(toFile: secretText, atomically: false, encoding: .utf8)
      #expect(chmod(secretText, 0o600) == 0)
    }

    func remove() { base.remove() }

    func link(_ path: String, to destination: String, owner: uid_t) { base.link(path, to: destination, owner: owner) }

    /// `home/tpl`, the stranger's template folder, with `relative` (under
    /// it) the stranger's link to the secret text.
    func templateFolder(linking relative: String) throws -> String {
      let folder = home + "/tpl"
      let file = folder + "/" + relative
      let parent = URL(fileURLWithPath: file).deletingLastPathComponent().path
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      for path in [folder, parent] {
        #expect(chown(path, ReadLinkOwnerTests.stranger, ReadLinkOwnerTests.stranger) == 0)
      }
      link(file, to: secretText, owner: ReadLinkOwnerTests.stranger)
      return folder
    }
  }

  static func refusal(_ link: String, uid: uid_t = stranger) -> String {
    "not following \(link): a symbolic link of uid \(uid), neither yours nor root's (a file read as data follows no other)"
  }

  static func report(_ arguments: String, as user: uid_t? = nil, environment: [String: String] = [:]) throws
    -> Subprocess.Result
  {
    let change = user.map { "/usr/bin/setpriv --reuid \($0) --regid \($0) --clear-groups " } ?? ""
    return try GuardedShell.run(
      "exec \(change)\"$BIN\" \(arguments) --now 2026-11-30T14:00:00Z -z UTC", environment: environment)
  }

  static func expectNoSecret(_ result: Subprocess.Result) {
    for text in [result.stdout, result.stderr] {
      #expect(!text.contains("SECRET-ZOE"))
      #expect(!text.contains("hunter2"))
    }
  }

  @Test("a task list through another user's link in their own folder: 66 naming the link and its uid, not read")
  func taskListLinkInPlainFolder() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let link = fixture.home + "/my.plist"
    fixture.link(link, to: fixture.secretList, owner: Self.stranger)
    let result = try Self.report("\"$LIST\" -f csv", environment: ["LIST": link])
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "posttim-report: error: \(link): cannot be read (\(Self.refusal(link)))\n")
    Self.expectNoSecret(result)
  }

  @Test("a task list below another user's folder link: 66 naming the link")
  func taskListBelowFolderLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let link = fixture.home + "/lists"
    fixture.link(link, to: fixture.base.privateFolder, owner: Self.stranger)
    let list = link + "/zoe.plist"
    let result = try Self.report("\"$LIST\" -f csv", environment: ["LIST": list])
    #expect(result.status == 66)
    #expect(result.stderr == "posttim-report: error: \(list): cannot be read (\(Self.refusal(link)))\n")
    Self.expectNoSecret(result)
  }

  @Test("root's link and the caller's own link in another user's folder are still read")
  func callersAndRootsLinksRead() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let rootsLink = fixture.home + "/root.plist"
    fixture.link(rootsLink, to: fixture.list, owner: 0)
    let asRoot = try Self.report("\"$LIST\" -f csv", environment: ["LIST": rootsLink])
    #expect(asRoot.status == 0, "\(asRoot.stderr)")
    #expect(asRoot.stdout.hasPrefix("date,tache"))

    let callersLink = fixture.home + "/caller.plist"
    fixture.link(callersLink, to: fixture.list, owner: Self.caller)
    let asCaller = try Self.report("\"$LIST\" -f csv", as: Self.caller, environment: ["LIST": callersLink])
    #expect(asCaller.status == 0, "\(asCaller.stderr)")
    #expect(asCaller.stdout == asRoot.stdout)
  }

  @Test("a --template through another user's link in their own folder: 66 naming the link, not read")
  func templateLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let link = fixture.home + "/agenda.mustache"
    fixture.link(link, to: fixture.secretText, owner: Self.stranger)
    let result = try Self.report("\"$EXAMPLE\" --template \"$TEMPLATE\"", environment: ["TEMPLATE": link])
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "posttim-report: error: \(link): cannot be read (\(Self.refusal(link))) (a template is a text file)\n")
    Self.expectNoSecret(result)
  }

  @Test("a partial of a --template-dir that is its owner's link: 78 naming the link, nothing mailed")
  func templateFolderPartialLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let folder = try fixture.templateFolder(linking: "html/footer.mustache")
    let result = try Self.report(
      "\"$EXAMPLE\" -f email --mail-to mallory@localhost -l fr_CA --template-dir \"$DIR\"",
      environment: ["DIR": folder])
    let link = folder + "/html/footer.mustache"
    #expect(result.status == 78)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "posttim-report: error: \(link): \(Self.refusal(link))\n")
    Self.expectNoSecret(result)
  }

  @Test("a catalog of a --template-dir that is its owner's link: 78 naming the link")
  func templateFolderCatalogLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let folder = try fixture.templateFolder(linking: "messages/fr.json")
    let result = try Self.report("\"$EXAMPLE\" -l fr_CA --template-dir \"$DIR\"", environment: ["DIR": folder])
    let link = folder + "/messages/fr.json"
    #expect(result.status == 78)
    #expect(result.stderr == "posttim-report: error: \(link): \(Self.refusal(link))\n")
    Self.expectNoSecret(result)
  }

  /// `roster.csv` (the given rows) run with `-o out` at noon, every reader due.
  static func roster(_ csv: String, in fixture: Fixture) throws -> (result: Subprocess.Result, out: String) {
    let roster = fixture.root.appending(path: "roster.csv").path
    try csv.write(toFile: roster, atomically: false, encoding: .utf8)
    let out = fixture.root.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    let result = try GuardedShell.run(
      "exec \"$BIN\" roster \"$ROSTER\" -o \"$OUT\" --state \"$STATE\" --now 2026-12-02T12:00:00Z",
      environment: ["ROSTER": roster, "OUT": out, "STATE": fixture.root.appending(path: "state").path])
    return (result, out)
  }

  @Test("a roster reader's list through their own link: that reader fails naming it, the others are written")
  func rosterReaderListLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let link = fixture.home + "/my.plist"
    fixture.link(link, to: fixture.secretList, owner: Self.stranger)
    let (result, out) = try Self.roster(
      """
      id,list,mail-to
      zoe,\(fixture.secretList),zoe@example.org
      mal,\(link),mallory@localhost
      amy,\(fixture.list),amy@example.org

      """, in: fixture)
    #expect(result.status == 75)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["amy.eml", "zoe.eml"])
    #expect(
      result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("mal: ") } == [
        "mal: failed: row 3: \(link): cannot be read (\(Self.refusal(link)))"
      ])
  }

  @Test(
    "a roster reader's template-dir cell holding its owner's link: that reader fails naming it, the others are written")
  func rosterTemplateFolderCellLink() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let folder = try fixture.templateFolder(linking: "html/footer.mustache")
    let link = folder + "/html/footer.mustache"
    let (result, out) = try Self.roster(
      """
      id,list,mail-to,template-dir
      ann,\(fixture.list),ann@example.org,
      mal,\(fixture.list),mallory@localhost,\(folder)
      amy,\(fixture.list),amy@example.org,

      """, in: fixture)
    #expect(result.status == 75)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["amy.eml", "ann.eml"])
    let reason = "\(link): \(Self.refusal(link))"
    #expect(
      result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("mal: ") } == [
        "mal: failed: row 3: \(reason)"
      ])
    #expect(
      result.stderr.split(separator: "\n").map(String.init).filter { !$0.contains(": note: no journal in ") } == [
        "posttim-report: warning: row 3 (mal): column 'template-dir': \(reason); "
          + "this reader fails until it is fixed, the others are written",
        "posttim-report: error: 1 reader failed (named above); the next run retries it",
      ])
    Self.expectNoSecret(result)
  }
}
