import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A symbolic link at the output name is followed only when it is the
/// caller's or root's, in any folder: another user's link, in `/tmp` or in
/// a folder of theirs, never redirects a root run's write.
@Suite("Output links: only the caller's and root's", .enabled(if: geteuid() == 0, "needs root to chown links"))
struct OutputLinkRuleTests {
  let example = TestPaths.example.path
  /// A uid that owns nothing else here.
  static let stranger: uid_t = 4242

  /// A root-only file holding "secret".
  func victim(in root: URL) throws -> URL {
    let victim = root.appending(path: "victim.txt")
    try "secret".write(to: victim, atomically: false, encoding: .utf8)
    #expect(chmod(victim.path, 0o600) == 0)
    return victim
  }

  func link(_ path: URL, to destination: String, owner: uid_t) throws {
    try FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: destination)
    #expect(lchown(path.path, owner, owner) == 0)
  }

  /// `-o output` is 73, naming the stranger's `link`.
  func expectRefused(_ output: URL, link: URL) {
    expectRun(
      arguments: [example, "-o", output.path], exit: .cannotCreate,
      stderr: [
        "posttim-report: error: \(output.path): cannot create output file (not following \(link.path): "
          + "a symbolic link of uid 4242, neither yours nor root's (a write follows no other))"
      ])
  }

  func isLink(_ path: URL) -> Bool {
    var info = stat()
    return lstat(path.path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
  }

  @Test("another user's link in a sticky world-writable folder is not followed: 73, the target untouched")
  func plantedLink() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let victim = try victim(in: root)
    let output = shared.appending(path: "a.md")
    try link(output, to: victim.path, owner: Self.stranger)
    expectRefused(output, link: output)
    #expect(try String(contentsOf: victim, encoding: .utf8) == "secret")
    #expect(isLink(output))
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path) == ["a.md"])
  }

  @Test("another user's dangling link there creates no file where it points")
  func plantedDanglingLink() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let elsewhere = root.appending(path: "elsewhere/new.md")
    try FileManager.default.createDirectory(
      at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: false)
    let output = shared.appending(path: "b.md")
    try link(output, to: elsewhere.path, owner: Self.stranger)
    expectRun(arguments: [example, "-o", output.path], exit: .cannotCreate)
    #expect(!FileManager.default.fileExists(atPath: elsewhere.path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path) == ["b.md"])
  }

  @Test("a planted link further down a chain of links is refused too, and named")
  func plantedLinkInChain() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let victim = try victim(in: root)
    let planted = shared.appending(path: "next")
    try link(planted, to: victim.path, owner: Self.stranger)
    let output = root.appending(path: "agenda.md")
    try link(output, to: planted.path, owner: 0)
    expectRefused(output, link: planted)
    #expect(try String(contentsOf: victim, encoding: .utf8) == "secret")
  }

  @Test("only the caller's and root's links are followed: the folder owner's, or any in a plain folder, are not")
  func followedLinksAreTheCallersAndRoots() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    // The caller's own link in the sticky folder.
    let mine = root.appending(path: "mine.md")
    try link(shared.appending(path: "mine"), to: mine.path, owner: geteuid())
    // Root's link in the sticky folder (the caller here is root too).
    let roots = root.appending(path: "roots.md")
    try link(shared.appending(path: "roots"), to: roots.path, owner: 0)
    for (output, target) in [(shared.appending(path: "mine"), mine), (shared.appending(path: "roots"), roots)] {
      // A dangling link is never followed: the file it names is there.
      try "old".write(to: target, atomically: false, encoding: .utf8)
      expectRun(arguments: [example, "-o", output.path], exit: .success)
      #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("# Agenda"))
      #expect(isLink(output))
    }
    // The folder owner's link: a sticky folder of the stranger's, its link
    // (the kernel follows it; a write does not).
    let theirs = root.appending(path: "theirs")
    try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: false)
    #expect(chmod(theirs.path, 0o1777) == 0)
    #expect(chown(theirs.path, Self.stranger, Self.stranger) == 0)
    // Any link in a world-writable folder without the sticky bit.
    let open = root.appending(path: "open")
    try FileManager.default.createDirectory(at: open, withIntermediateDirectories: false)
    #expect(chmod(open.path, 0o777) == 0)
    for output in [theirs.appending(path: "owners"), open.appending(path: "any")] {
      let target = root.appending(path: output.lastPathComponent + ".md")
      try "old".write(to: target, atomically: false, encoding: .utf8)
      try link(output, to: target.path, owner: Self.stranger)
      expectRefused(output, link: output)
      #expect(try String(contentsOf: target, encoding: .utf8) == "old")
    }
  }

  @Test("a symbolic link loop at the output name is refused (ELOOP, 73) and stays a link")
  func linkLoop() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let selfLoop = folder.appending(path: "self.md")
    try FileManager.default.createSymbolicLink(atPath: selfLoop.path, withDestinationPath: "self.md")
    let first = folder.appending(path: "a.md")
    try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: "b.md")
    try FileManager.default.createSymbolicLink(
      atPath: folder.appending(path: "b.md").path, withDestinationPath: first.path)
    for output in [selfLoop, first] {
      expectRun(
        arguments: [example, "-o", output.path], exit: .cannotCreate,
        stderr: [
          "posttim-report: error: \(output.path): cannot create output file (not following \(output.path): "
            + "Too many levels of symbolic links)"
        ])
      #expect(isLink(output))
    }
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["self.md", "a.md", "b.md"])
  }
}

/// `-o /dev/stdout` is standard output, whatever it is.
@Suite("Output through /proc links", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct OutputProcLinkTests {
  @Test("-o /dev/stdout writes to standard output when it is a pipe")
  func devStdoutPipe() throws {
    let (status, stdout, stderr) = try EndToEndTests.run([TestPaths.example.path, "-o", "/dev/stdout"])
    #expect(status == 0, "\(stderr)")
    #expect(stdout.hasPrefix("# Agenda\n"))
  }
}
