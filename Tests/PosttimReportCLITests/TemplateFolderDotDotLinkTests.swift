import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A template folder is looked up once, by the link walk every read
/// follows: `l/..` after another user's link `l` meets her link first, so
/// root's own folder beside it is never reached through her folder. The
/// folder's name resolved by text (`l/..` read as the folder `l` is in)
/// rendered the root-only templates her link pointed beside; relative, it
/// was silently not used.
@Suite(
  "Template folder: '..' after another user's link",
  .enabled(
    if: geteuid() == 0 && EndToEndTests.binary != nil, "needs root to give a link to another user, and the binary"))
struct TemplateFolderDotDotLinkTests {
  /// Her link `home/l` to root's 0700 `secret`, which holds
  /// `tpl/markdown/footer.mustache` ("SECRET").
  static func fixture() throws -> SwappedFolderFixture {
    let fixture = try SwappedFolderFixture(file: "x", hers: "x\n", secret: "x\n")
    let templates = fixture.secretFolder + "/tpl/markdown"
    try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
    try "SECRET\n".write(toFile: templates + "/footer.mustache", atomically: false, encoding: .utf8)
    return fixture
  }

  static func refusal(_ fixture: SwappedFolderFixture) -> String {
    "not following \(fixture.home)/l: a symbolic link of uid \(SwappedFolderFixture.other), neither yours nor "
      + "root's (a file read as data follows no other)"
  }

  /// Runs a markdown report of the example list in `folder` with `arguments`.
  static func run(_ arguments: String, in folder: String) throws -> Subprocess.Result {
    try GuardedShell.run(
      "cd \"$D\" && exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -z UTC " + arguments,
      environment: ["D": folder])
  }

  @Test(
    "--template-dir HER_LINK/../secret/tpl, absolute or relative: 78 naming her link, never used nor silently unused",
    arguments: [true, false])
  func spelling(absolute: Bool) throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    let spelled = (absolute ? fixture.base + "/" : "") + "home/l/../secret/tpl"
    let result = try Self.run("--template-dir '\(spelled)'", in: fixture.base)
    #expect(result.status == 78)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "posttim-report: error: \(spelled): \(Self.refusal(fixture))\n")
  }

  @Test("a relative spelling with '..' through the caller's own folders is used")
  func relativeSpellingUsed() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    let mine = fixture.base + "/mine/markdown"
    try FileManager.default.createDirectory(atPath: mine, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: fixture.base + "/own", withIntermediateDirectories: false)
    try "MINE\n".write(toFile: mine + "/footer.mustache", atomically: false, encoding: .utf8)
    let result = try Self.run("--template-dir own/../mine", in: fixture.base)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("MINE\n"))
  }

  @Test("a roster cell HER_LINK/../secret/tpl: that reader fails naming her link, the others are written")
  func rosterCell() throws {
    let fixture = try Self.fixture()
    defer { fixture.remove() }
    let spelled = fixture.home + "/l/../secret/tpl"
    let run = try RosterTemplateFolderCellMissingTests.run(
      bobsFolder: spelled, in: URL(fileURLWithPath: fixture.base))
    RosterTemplateFolderCellMissingTests.expectBobFailedAlone(run, reason: "\(spelled): \(Self.refusal(fixture))")
    for name in run.written {
      let text = try String(contentsOfFile: fixture.base + "/out/" + name, encoding: .utf8)
      #expect(!text.contains("SECRET"))
    }
  }
}
