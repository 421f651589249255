import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A run killed with SIGKILL cannot remove its temporary file; the next run
/// writing the same output removes it, and nothing else: not a file some
/// live run holds locked, not a link, folder, FIFO or another user's file
/// (docs/usage.md, "Exit status").
@Suite(
  "Stale temporary files after SIGKILL", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct StaleTemporaryFileTests {
  /// An XML task list of `count` tasks, large enough that rendering it
  /// takes a while.
  static func bigList(_ count: Int) -> String {
    var text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><array>

      """
    for index in 0..<count {
      let day = 1 + index % 28
      text +=
        "<dict><key>tache</key><string>tâche \(index)</string><key>date</key>"
        + "<date>2026-12-\(day < 10 ? "0" : "")\(day)T12:00:00Z</date><key>importance</key><string>\(1 + index % 9)</string>"
        + "<key>description</key><string>\(String(repeating: "texte ", count: 20))</string></dict>\n"
    }
    return text + "</array></plist>\n"
  }

  func entries(_ folder: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
  }

  /// Starts a run writing `agenda.html` in `folder` and kills it with
  /// SIGKILL once its temporary file exists. Returns the name left behind;
  /// nil when the run finished before its file was seen.
  func killMidWrite(folder: URL, input: URL) throws -> String? {
    guard let caught = try MidWriteSignal.send(SIGKILL, folder: folder, input: input),
      caught.process.terminationReason == .uncaughtSignal, caught.process.terminationStatus == SIGKILL
    else { return nil }
    return caught.temporaryName
  }

  @Test("a SIGKILLed run leaves .NAME.posttim-XXXXXX; the next run removes it and only it")
  func sigkill() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "posttim-stale-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "big.plist")
    // Grow the list until a run is caught mid-write (a fast machine may
    // finish a small one before its temporary file is seen).
    var killed: String?
    for count in [2_000, 8_000, 32_000] where killed == nil {
      try Self.bigList(count).write(to: input, atomically: false, encoding: .utf8)
      killed = try killMidWrite(folder: folder, input: input)
    }
    let leftover = try #require(killed, "no run could be caught writing")
    #expect(leftover.utf8.count == ".agenda.html.posttim-".utf8.count + 6)
    #expect(try entries(folder).contains(leftover))
    #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "agenda.html").path))

    // What must survive: a file a live run holds locked (this process
    // holds it), another output's file, names of other shapes (an older
    // version's with a PID among them), a link, a folder, a FIFO, another
    // user's file.
    let live = ".agenda.html.posttim-live00"
    try Data("x".utf8).write(to: folder.appending(path: live))
    let liveDescriptor = open(folder.appending(path: live).path, O_RDONLY)
    defer { close(liveDescriptor) }
    #expect(flock(liveDescriptor, LOCK_EX) == 0)
    let keep = [
      live, ".other.html.posttim-bbbbbb", ".agenda.html.posttim-cccc", ".agenda.html.posttim-123-dddddd",
      "agenda.html.posttim-eeeeee",
    ]
    for name in keep where name != live { try Data("x".utf8).write(to: folder.appending(path: name)) }
    let target = folder.appending(path: "target.txt")
    try Data("target".utf8).write(to: target)
    let link = ".agenda.html.posttim-link00"
    try FileManager.default.createSymbolicLink(
      atPath: folder.appending(path: link).path, withDestinationPath: target.path)
    let subfolder = ".agenda.html.posttim-dir000"
    try FileManager.default.createDirectory(at: folder.appending(path: subfolder), withIntermediateDirectories: false)
    let fifo = ".agenda.html.posttim-fifo00"
    #expect(mkfifo(folder.appending(path: fifo).path, 0o600) == 0)
    var others: [String] = []
    if geteuid() == 0 {
      let foreign = ".agenda.html.posttim-nobody"
      try Data("x".utf8).write(to: folder.appending(path: foreign))
      #expect(chown(folder.appending(path: foreign).path, 65534, 65534) == 0)
      others.append(foreign)
    }
    let stale2 = ".agenda.html.posttim-Zz0901"
    try Data("x".utf8).write(to: folder.appending(path: stale2))

    let (status, _, stderr) = try EndToEndTests.run([
      TestPaths.example.path, "-o", folder.appending(path: "agenda.html").path, "--now", "2026-11-30T14:00:00Z",
    ])
    #expect(status == 0, "\(stderr)")
    #expect(
      try entries(folder)
        == Set(keep + others + ["big.plist", "target.txt", "agenda.html", link, subfolder, fifo]))
    #expect(try String(contentsOf: target, encoding: .utf8) == "target")
  }
}
