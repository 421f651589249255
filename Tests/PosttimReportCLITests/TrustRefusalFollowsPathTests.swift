import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A file that steers a root run (the config file, the roster, the
/// sendmail program) is looked up once, by the trusting walk: another
/// user's link or folder on the path is refused before anything beyond it
/// is looked up, so the answer is the same whether a name exists in a
/// folder only root may read (no existence oracle through her link).
@Suite("Trust refusal follows the path", .enabled(if: geteuid() == 0, "needs root to chown"))
struct TrustRefusalFollowsPathTests {
  static let stranger: uid_t = 4254

  /// `r/` (root, 0700) holding `conf/config`, `conf/roster.csv`,
  /// `bin/sm` and `xdg/posttim-report/config`; `m/` hers, with her folder
  /// `m/x` and her link `m/l -> r/conf`.
  struct Layout {
    let top: URL
    var theirs: String { top.appending(path: "m").path }
    var link: String { theirs + "/l" }

    init() throws {
      top = try temporaryFolder()
      let root = top.appending(path: "r")
      for folder in ["r/conf", "r/bin", "r/xdg/posttim-report", "m/x"] {
        try FileManager.default.createDirectory(
          at: top.appending(path: folder), withIntermediateDirectories: true)
      }
      #expect(chmod(root.path, 0o700) == 0)
      for (name, text) in [
        ("r/conf/config", "format = csv\n"), ("r/xdg/posttim-report/config", "format = csv\n"),
        ("r/conf/roster.csv", "id,list,at,mail-to\nm,tasks.plist,00:00,m@example.org\n"),
        ("r/bin/sm", "#!/bin/sh\ncat > /dev/null\n"),
      ] {
        try text.write(toFile: top.appending(path: name).path, atomically: false, encoding: .utf8)
      }
      #expect(chmod(top.appending(path: "r/bin/sm").path, 0o755) == 0)
      try FileManager.default.createSymbolicLink(atPath: theirs + "/l", withDestinationPath: root.path + "/conf")
      #expect(lchown(theirs + "/l", stranger, stranger) == 0)
      for folder in [theirs, theirs + "/x"] { #expect(chown(folder, stranger, stranger) == 0) }
    }

    func remove() { try? FileManager.default.removeItem(at: top) }

    /// Her link refused, naming it and its folder.
    var linkRefusal: String { "the link \(link): its folder \(theirs) belongs to uid 4254, not to you or root" }
    /// Her folder refused.
    var folderRefusal: String { "its folder \(theirs) belongs to uid 4254, not to you or root" }
  }

  @Test("--config through her link then `..`: one 78 naming her link, whether the file exists or not")
  func configThroughHerLink() throws {
    let layout = try Layout()
    defer { layout.remove() }
    for path in [layout.link + "/../conf/config", layout.link + "/../nope/config"] {
      expectRun(
        arguments: ["--config", path, TestPaths.example.path], exit: .configuration,
        stderr: ["posttim-report: error: \(path): config file not trusted: \(layout.linkRefusal)"])
    }
  }

  @Test("a roster through her folder or her link is 78, never 66 for what lies beyond")
  func rosterThroughHerFolder() throws {
    let layout = try Layout()
    defer { layout.remove() }
    let out = layout.top.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    for (path, reason) in [
      (layout.theirs + "/x/../conf/roster.csv", layout.folderRefusal),
      (layout.link + "/../conf/roster.csv", layout.linkRefusal),
      (layout.link + "/../nope/roster.csv", layout.linkRefusal),
    ] {
      expectRun(
        arguments: [
          "roster", path, "-o", out, "--state", layout.top.appending(path: "st").path, "--now", "2026-11-30T14:00:00Z",
        ],
        exit: .configuration, stderr: ["posttim-report: error: roster '\(path)': not trusted: \(reason)"])
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == [])
  }

  @Test("XDG_CONFIG_HOME through her link then `..`: 78 naming her link, whether the default file exists or not")
  func defaultConfigThroughHerLink() throws {
    let layout = try Layout()
    defer { layout.remove() }
    for base in [layout.link + "/../xdg", layout.link + "/../none"] {
      expectDefaultConfigRefused(under: base, layout.linkRefusal)
    }
  }

  @Test("a name missing in her folder is the same 78 as one there: --config and XDG_CONFIG_HOME")
  func missingInHerFolder() throws {
    let layout = try Layout()
    defer { layout.remove() }
    for path in [layout.theirs + "/config", layout.theirs + "/nope/config", layout.theirs + "/x/config"] {
      expectRun(
        arguments: ["--config", path, TestPaths.example.path], exit: .configuration,
        stderr: ["posttim-report: error: \(path): config file not trusted: \(layout.folderRefusal)"])
    }
    for base in [layout.theirs + "/none", layout.theirs + "/x"] {
      expectDefaultConfigRefused(under: base, layout.folderRefusal)
    }
  }

  /// A run with `XDG_CONFIG_HOME=base` is 78, its default config file refused for `reason`.
  private func expectDefaultConfigRefused(
    under base: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectRun(
      arguments: [TestPaths.example.path], exit: .configuration,
      stderr: ["posttim-report: error: \(base)/posttim-report/config: config file not trusted: \(reason)"],
      environment: CapturedRun.defaultEnvironment.merging(["XDG_CONFIG_HOME": base]) { $1 },
      sourceLocation: sourceLocation)
  }

  @Test("a default config file that is not there, in trusted folders, is no config file (exit 0)")
  func absentDefaultConfig() throws {
    let layout = try Layout()
    defer { layout.remove() }
    expectRun(
      arguments: [TestPaths.example.path], exit: .success, stderr: [],
      environment: CapturedRun.defaultEnvironment.merging(["XDG_CONFIG_HOME": layout.top.path + "/none"]) { $1 })
  }

  @Test("a sendmail program through her link or folder: 69 not trusted, the same whether it exists or not")
  func sendmailThroughHerLink() throws {
    let layout = try Layout()
    defer { layout.remove() }
    for (program, reason) in [
      (layout.link + "/../bin/sm", layout.linkRefusal), (layout.link + "/../nope/sm", layout.linkRefusal),
      (layout.theirs + "/x/../bin/sm", layout.folderRefusal),
    ] {
      expectRun(
        arguments: [
          TestPaths.example.path, "--send", "--mail-to", "a@example.org", "--mail-from", "b@example.org",
          "--sendmail", program,
        ],
        exit: .unavailable,
        stderr: [
          "posttim-report: error: cannot send: the sendmail program \(program) is not trusted: \(reason); "
            + "nothing was sent"
        ])
    }
  }
}
