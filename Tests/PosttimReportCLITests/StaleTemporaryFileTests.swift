import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A run killed with SIGKILL cannot remove its temporary file; the next run
/// writing the same output removes it, and nothing else (docs/usage.md, "Exit status").
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
  /// SIGKILL once its temporary file exists. Returns the PID and the name
  /// left behind; nil when the run finished before its file was seen.
  func killMidWrite(folder: URL, input: URL) throws -> (pid: Int32, leftover: String)? {
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = [
      input.path, "-f", "html", "-o", folder.appending(path: "agenda.html").path, "--now", "2026-11-30T14:00:00Z",
      "-z", "UTC", "-l", "fr_CA",
    ]
    process.environment = [:]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let pid = process.processIdentifier
    let prefix = ".agenda.html.posttim-\(pid)-"
    var leftover: String?
    while process.isRunning, leftover == nil {
      leftover = try entries(folder).first { $0.hasPrefix(prefix) }
      if leftover == nil { usleep(200) }
    }
    if leftover != nil { kill(pid, SIGKILL) }
    process.waitUntilExit()
    guard let leftover, process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL else {
      return nil
    }
    return (pid, leftover)
  }

  @Test("a SIGKILLed run leaves .NAME.posttim-PID-XXXXXX; the next run removes it and only it")
  func sigkill() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "posttim-stale-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "big.plist")
    // Grow the list until a run is caught mid-write (a fast machine may
    // finish a small one before its temporary file is seen).
    var killed: (pid: Int32, leftover: String)?
    for count in [2_000, 8_000, 32_000] where killed == nil {
      try Self.bigList(count).write(to: input, atomically: false, encoding: .utf8)
      killed = try killMidWrite(folder: folder, input: input)
    }
    let (deadPID, leftover) = try #require(killed, "no run could be caught writing")
    #expect(leftover.count == ".agenda.html.posttim-\(deadPID)-".count + 6)
    #expect(try entries(folder).contains(leftover))
    #expect(!FileManager.default.fileExists(atPath: folder.appending(path: "agenda.html").path))

    // What must survive: a live process's file (this test's PID), another
    // output's file, a pre-PID name, a link, a folder, another user's file.
    let me = getpid()
    let keep = [
      ".agenda.html.posttim-\(me)-aaaaaa", ".other.html.posttim-\(deadPID)-bbbbbb", ".agenda.html.posttim-cccccc",
      ".agenda.html.posttim-\(deadPID)-dd", "agenda.html.posttim-\(deadPID)-eeeeee",
    ]
    for name in keep { try Data("x".utf8).write(to: folder.appending(path: name)) }
    let target = folder.appending(path: "target.txt")
    try Data("target".utf8).write(to: target)
    let link = ".agenda.html.posttim-\(deadPID)-link00"
    try FileManager.default.createSymbolicLink(
      atPath: folder.appending(path: link).path, withDestinationPath: target.path)
    let subfolder = ".agenda.html.posttim-\(deadPID)-dir000"
    try FileManager.default.createDirectory(at: folder.appending(path: subfolder), withIntermediateDirectories: false)
    var others: [String] = []
    if geteuid() == 0 {
      let foreign = ".agenda.html.posttim-\(deadPID)-nobody"
      try Data("x".utf8).write(to: folder.appending(path: foreign))
      #expect(chown(folder.appending(path: foreign).path, 65534, 65534) == 0)
      others.append(foreign)
    }
    let stale2 = ".agenda.html.posttim-\(deadPID)-Zz0901"
    try Data("x".utf8).write(to: folder.appending(path: stale2))

    let (status, _, stderr) = try EndToEndTests.run([
      TestPaths.example.path, "-o", folder.appending(path: "agenda.html").path, "--now", "2026-11-30T14:00:00Z",
    ])
    #expect(status == 0, "\(stderr)")
    #expect(
      try entries(folder)
        == Set(keep + others + ["big.plist", "target.txt", "agenda.html", link, subfolder]))
    #expect(try String(contentsOf: target, encoding: .utf8) == "target")
  }
}
