import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary output file is locked before it has a name: a cleaner that
/// looks at the folder at any moment finds every temporary file locked,
/// so it can never take one a run has just created for a stale one.
@Suite(
  "Temporary files are locked before they are named",
  .enabled(
    if: EndToEndTests.binary != nil && Subprocess.tool("strace") != nil, "needs the binary and strace"))
struct TemporaryFileLockOrderTests {
  /// The inode of `name` in `folder`, or nil when there is none.
  static func inode(_ folder: URL, _ name: String) -> ino_t? {
    var info = stat()
    return lstat(folder.appending(path: name).path, &info) == 0 ? info.st_ino : nil
  }

  /// Whether /proc/locks lists an flock on `inode`.
  static func isLocked(_ inode: ino_t) -> Bool {
    let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
    return locks.split(separator: "\n").contains { $0.contains("FLOCK") && $0.hasSuffix(":\(inode) 0 EOF") }
  }

  @Test("with the lock held back 2 s (strace delays flock), no temporary file is ever seen unlocked")
  func neverNamedUnlocked() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = folder.appending(path: "agenda.md")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Subprocess.tool("strace")!)
    process.arguments = [
      "-f", "-o", "/dev/null", "-e", "trace=flock", "-e", "inject=flock:delay_enter=2000000",
      EndToEndTests.binary!.path, TestPaths.example.path, "-o", output.path, "--now", "2026-11-30T14:00:00Z",
    ]
    process.environment = ProgramEnvironment.inherited
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    var seenUnlocked: Set<String> = []
    while process.isRunning {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in names where name.hasPrefix(".agenda.md.posttim-") {
        guard let inode = Self.inode(folder, name) else { continue }
        // Unlocked, and still there under that name afterwards: named before its lock.
        if !Self.isLocked(inode), Self.inode(folder, name) == inode { seenUnlocked.insert(name) }
      }
      usleep(1_000)
    }
    #expect(process.terminationStatus == 0)
    #expect(seenUnlocked.isEmpty, "named before it was locked: \(seenUnlocked)")
    #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("# "))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["agenda.md"])
  }
}
