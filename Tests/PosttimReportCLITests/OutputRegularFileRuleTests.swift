import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Another user's regular file at the output name in a sticky
/// world-writable folder is never replaced, as the kernel's
/// `protected_regular` rule refuses root's `O_CREAT` on it, whatever the
/// sysctl says: the replacement would keep that user's owner and mode, so
/// whoever planted `/tmp/s/agenda.html` would own root's report (or a
/// roster reader's mail). The caller's, root's and the folder owner's
/// files are replaced. Runs the binary as root, with files chowned to
/// another uid.
@Suite(
  "Output regular files: the protected_regular rule",
  .enabled(if: geteuid() == 0 && EndToEndTests.binary != nil, "needs root to chown, and the binary"))
struct OutputRegularFileRuleTests {
  /// A uid that owns nothing else here.
  static let stranger: uid_t = 4244
  static let planted = "mallory's file\n"

  /// Plants `planted` at `path`, mode 0666, owned by ``stranger``.
  static func plant(_ path: String) throws {
    try planted.write(toFile: path, atomically: false, encoding: .utf8)
    #expect(chmod(path, 0o666) == 0)
    #expect(chown(path, stranger, stranger) == 0)
  }

  /// `path` still holds `planted`, the stranger's, mode 0666.
  static func expectUnchanged(_ path: String) throws {
    #expect(try String(contentsOfFile: path, encoding: .utf8) == planted)
    var info = stat()
    #expect(lstat(path, &info) == 0)
    #expect(info.st_uid == stranger && info.st_mode & 0o7777 == 0o666)
  }

  /// Runs `-f format -o output` and expects 73 naming `target` (the
  /// planted file, alone in its folder), left as it was.
  static func expectRefused(_ output: String, target: String, format: String) throws {
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" -f \"$FORMAT\" -o \"$OUT\"", environment: ["OUT": output, "FORMAT": format])
    #expect(result.status == 73)
    #expect(
      result.stderr
        == "posttim-report: error: \(output): cannot create output file (not replacing \(target): "
        + "a regular file of uid \(stranger) in a sticky world-writable folder)\n")
    try expectUnchanged(target)
    let (folder, name) = (
      URL(filePath: target).deletingLastPathComponent().path, URL(filePath: target).lastPathComponent
    )
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [name])
  }

  @Test("another user's regular file in a sticky world-writable folder is refused (73), not replaced")
  func strangersFileInStickyFolder() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let target = shared.appending(path: "agenda.html").path
    try Self.plant(target)
    try Self.expectRefused(target, target: target, format: "html")
  }

  @Test("root's own link to another user's file in a sticky folder is refused too, naming the file")
  func throughOwnLink() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let target = shared.appending(path: "agenda.md").path
    try Self.plant(target)
    let link = root.appending(path: "agenda.md").path
    #expect(symlink(target, link) == 0)
    try Self.expectRefused(link, target: target, format: "markdown")
  }

  @Test("the folder owner's file in a sticky folder, and another user's in a plain folder, are replaced")
  func allowedFiles() throws {
    let (root, shared) = try stickyFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    // The sticky folder is the stranger's own: their file there is theirs to have replaced.
    #expect(chown(shared.path, Self.stranger, Self.stranger) == 0)
    let owners = shared.appending(path: "agenda.md").path
    try Self.plant(owners)
    let plain = root.appending(path: "agenda.md").path
    try Self.plant(plain)
    for path in [owners, plain] {
      let result = try GuardedShell.run("exec \"$BIN\" \"$EXAMPLE\" -o \"$OUT\"", environment: ["OUT": path])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# Agenda\n"))
    }
  }

  @Test("roster -o DIR: another user's DIR/ID.eml in a sticky folder fails that reader; the others are written")
  func rosterMessageFile() throws {
    let fixture = try RosterFixture(RosterFixture.zoeThenAmira)
    defer { fixture.remove() }
    let out = fixture.folder.appending(path: "out").path
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
    #expect(chmod(out, 0o1777) == 0)
    let planted = out + "/zoe.eml"
    try Self.plant(planted)
    RosterFixture.expectFirstFailed(
      try fixture.writeMessages(to: out),
      "\(planted): cannot create output file (not replacing \(planted): a regular file of uid \(Self.stranger) "
        + "in a sticky world-writable folder)")
    try Self.expectUnchanged(planted)
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out)) == ["zoe.eml", "amira.eml"])
  }
}
