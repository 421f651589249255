import Foundation
import PosttimReport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A caller writing many files into one folder (a roster) removes their
/// stale temporary files in one pass, then writes each without a search of
/// the folder; and syncs one file before another's rename.
@Suite("Output folder: one sweep for many files; sync before commit")
struct OutputFolderSweepTests {
  func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "posttim-sweep-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  func names(_ folder: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
  }

  @Test("one sweep removes the named files' stale temporary files, and nothing else")
  func sweep() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = String(repeating: "é", count: 120) + ".eml"
    // The temporary name of a NAME too long to take 16 more bytes keeps a
    // shortened NAME (as OutputFile makes it).
    let longPrefix = "." + String(repeating: "é", count: 119) + ".posttim-"
    let stale = [".a.eml.posttim-abc123", ".b.eml.posttim-XYZ789", longPrefix + "q1w2e3"]
    let live = ".a.eml.posttim-live00"
    let kept = [
      live, ".c.eml.posttim-abc123", ".a.eml.posttim-abc12", ".a.eml.posttim-abc1234", "a.eml", "a.eml.posttim-abc123",
    ]
    for name in stale + kept { try Data("x".utf8).write(to: folder.appending(path: name)) }
    let descriptor = open(folder.appending(path: live).path, O_RDONLY)
    defer { close(descriptor) }
    #expect(flock(descriptor, LOCK_EX) == 0)

    let removed = OutputFile.removeStaleTemporaryFiles(in: folder.path, for: ["a.eml", "b.eml", long, "d.eml"])
    #expect(Set(removed) == Set(stale))
    #expect(try names(folder) == Set(kept))
  }

  @Test("a file opened without its own search leaves a stale temporary file for the sweep")
  func withoutSearch() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let stale = ".a.eml.posttim-abc123"
    try Data("x".utf8).write(to: folder.appending(path: stale))
    var file = try OutputFile(path: folder.appending(path: "a.eml").path, removingStale: false)
    file.stream.write("new")
    try file.commit()
    #expect(try names(folder) == [stale, "a.eml"])
    var searched = try OutputFile(path: folder.appending(path: "a.eml").path)
    searched.stream.write("newer")
    try searched.commit()
    #expect(try names(folder) == ["a.eml"])
    #expect(try String(contentsOf: folder.appending(path: "a.eml"), encoding: .utf8) == "newer")
  }

  @Test("sync() then commit() replaces the target; sync() then abort() leaves it and no temporary file")
  func syncThenCommitOrAbort() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appending(path: "a.eml")
    try Data("old".utf8).write(to: target)
    var dropped = try OutputFile(path: target.path)
    dropped.stream.write("dropped")
    try dropped.sync()
    #expect(try names(folder).count == 2)
    #expect(try String(contentsOf: target, encoding: .utf8) == "old")
    dropped.abort()
    #expect(try names(folder) == ["a.eml"])
    #expect(try String(contentsOf: target, encoding: .utf8) == "old")

    var kept = try OutputFile(path: target.path)
    kept.stream.write("synced")
    try kept.sync()
    try kept.commit()
    #expect(try names(folder) == ["a.eml"])
    #expect(try String(contentsOf: target, encoding: .utf8) == "synced")
  }
}
