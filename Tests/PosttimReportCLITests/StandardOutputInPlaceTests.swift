import Foundation
import Testing
import TestSupport

@testable import PosttimReportCLI

#if canImport(Glibc)
  import Glibc
#endif

/// Which standard output files a report is written to as it is made:
/// only one it can be cut back out of whole.
@Suite("Standard output written in place: which files")
struct StandardOutputInPlaceChoiceTests {
  @Test("a file opened with > (empty, at its start) takes the report in place")
  func truncatedFileTakesItInPlace() throws {
    try Self.withFile { descriptor, _, error throws in
      #expect(try #require(StandardOutputFile(descriptor, errorDescriptor: error)).takesReportInPlace)
    }
  }

  @Test("appended to (>>), written over (an offset mid-file) or shared with standard error (2>&1): staged")
  func otherFilesAreStaged() throws {
    try Self.withFile { descriptor, path, error throws in
      #expect(write(descriptor, "held\n", 5) == 5)
      #expect(lseek(descriptor, 2, SEEK_SET) == 2)
      #expect(try #require(StandardOutputFile(descriptor, errorDescriptor: error)).takesReportInPlace == false)

      let appending = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
      defer { close(appending) }
      #expect(try #require(StandardOutputFile(appending, errorDescriptor: error)).takesReportInPlace == false)

      #expect(lseek(descriptor, 0, SEEK_END) == 5)
      #expect(try #require(StandardOutputFile(descriptor, errorDescriptor: error)).takesReportInPlace)
      let sameFile = open(path, O_WRONLY | O_CLOEXEC)
      defer { close(sameFile) }
      #expect(try #require(StandardOutputFile(descriptor, errorDescriptor: sameFile)).takesReportInPlace == false)
    }
  }

  @Test("an offset past the file's end: staged; a cut-back never makes the file longer")
  func pastTheEnd() throws {
    try Self.withFile { descriptor, path, error throws in
      #expect(write(descriptor, String(repeating: "x", count: 1_000), 1_000) == 1_000)
      #expect(lseek(descriptor, 5_000, SEEK_SET) == 5_000)
      let file = try #require(StandardOutputFile(descriptor, errorDescriptor: error))
      #expect(file.takesReportInPlace == false)
      #expect(write(descriptor, "report", 6) == 6)
      file.cutBack()
      var info = stat()
      #expect(stat(path, &info) == 0 && info.st_size == 1_000)
      #expect(lseek(descriptor, 0, SEEK_CUR) == 5_000)
    }
  }

  @Test(
    "a memfd sealed against shrinking cannot be cut back: staged, so a failed run leaves what it held",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"), "needs /usr/bin/python3"))
  func sealedMemoryFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = try StandardOutputAllOrNothingTests.budgetTemplate(in: folder)
    // Python makes the memfd (Glibc's Swift module has no memfd_create) and reports its length after the run.
    let script = """
      import fcntl, os, subprocess, sys
      fd = os.memfd_create("out", os.MFD_ALLOW_SEALING)
      os.write(fd, b"PRE\\n")
      fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SHRINK)
      status = subprocess.run(sys.argv[1:], stdout=fd, stderr=subprocess.DEVNULL).returncode
      os.lseek(fd, 0, 0)
      held = os.read(fd, 1 << 20)
      print(status, len(held), held[:8])
      """
    let result = try Subprocess.run(
      "/usr/bin/python3",
      [
        "-c", script, EndToEndTests.binary!.path, TestPaths.example.path, "-l", "fr_CA", "-z", "UTC", "--now",
        "2026-11-30T14:00:00Z", "-f", "markdown", "--template", template,
      ])
    #expect(result.stdout == "78 4 b'PRE\\n'\n", "\(result.stderr)")
  }

  /// Calls `body` with a new empty file (its descriptor and path) and a
  /// standard error that is another file (/dev/null).
  static func withFile(_ body: (Int32, String, Int32) throws -> Void) throws {
    let (descriptor, path) = try StagingMemoryTests.outputFile()
    let error = open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer {
      close(error)
      close(descriptor)
      unlink(path)
    }
    try body(descriptor, path, error)
  }
}

/// A report written in place to standard output (`> FILE`) is taken out
/// again when the run fails or a signal ends it: the file holds the whole
/// report or nothing, as a staged one does.
@Suite(
  "Standard output written in place: all or nothing",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct StandardOutputInPlaceTests {
  @Test("the render budget stops a report after its first bytes: exit 78, the file left empty")
  func renderBudgetLeavesFileEmpty() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = try StandardOutputAllOrNothingTests.budgetTemplate(in: folder)
    let report = folder.appending(path: "agenda.md").path
    let result = try LimitedRun.run(
      "exec > '\(report)'",
      [
        TestPaths.example.path, "-l", "fr_CA", "-z", "UTC", "--now", "2026-11-30T14:00:00Z", "-f", "markdown",
        "--template", template,
      ])
    #expect(result.status == 78, "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: report)) == Data())
  }

  @Test("a whole report in place is the report a pipe gets")
  func inPlaceReportIsWhole() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appending(path: "agenda.html").path
    let arguments = [TestPaths.example.path, "-l", "fr_CA", "-z", "UTC", "--now", "2026-11-30T14:00:00Z", "-f", "html"]
    let inPlace = try LimitedRun.run("exec > '\(report)'", arguments)
    let piped = try LimitedRun.run("", arguments)
    #expect(inPlace.status == 0, "\(inPlace.stderr)")
    #expect(piped.status == 0)
    let written = try String(contentsOfFile: report, encoding: .utf8)
    #expect(written == piped.stdout)
    #expect(written.hasSuffix("</html>\n"))
  }

  @Test(
    "a signal mid-write, sent or a crash's: the run dies of it and the file is cut back (never part of a report)",
    arguments: [SIGTERM, SIGINT, SIGABRT, SIGSEGV, SIGBUS])
  func signalCutsFileBack(signal number: Int32) throws {
    try Self.signalCutsFileBack(number, stagedCopy: false)
  }

  @Test("a signal during a staged report's copy to standard output's file cuts out what it copied")
  func signalDuringStagedCopy() throws {
    try Self.signalCutsFileBack(SIGTERM, stagedCopy: true)
  }

  static func signalCutsFileBack(_ number: Int32, stagedCopy: Bool) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "big.plist")
    let report = folder.appending(path: "agenda.html").path
    var caught: Process?
    // A staged copy goes in pieces of 8 MiB: the signal comes between two.
    for count in stagedCopy ? [32_000, 128_000] : [8_000, 32_000, 128_000] where caught == nil {
      try StaleTemporaryFileTests.bigList(count).write(to: input, atomically: false, encoding: .utf8)
      caught = try Self.signalOnceWritten(number, input: input, report: report, stagedCopy: stagedCopy)
    }
    let process = try #require(caught, "no run could be caught writing")
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == number)
    // A signal that came after the last byte finds the report whole.
    let left = try String(contentsOfFile: report, encoding: .utf8)
    #expect(left.isEmpty || left.hasSuffix("</html>\n"), "\(left.utf8.count) bytes left")
  }

  @Test("O_DIRECT standard output gets the report a pipe gets, and keeps O_DIRECT")
  func directOutput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let report = folder.appending(path: "agenda.csv").path
    let descriptor = open(report, O_WRONLY | O_CREAT | O_TRUNC | StandardOutputFile.directFlag | O_CLOEXEC, 0o600)
    // A file system without O_DIRECT (tmpfs) refuses the open: nothing to check there.
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let arguments = [TestPaths.example.path, "-l", "fr_CA", "-z", "UTC", "--now", "2026-11-30T14:00:00Z", "-f", "csv"]
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = arguments
    process.environment = [:]
    process.standardOutput = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(try String(contentsOfFile: report, encoding: .utf8) == LimitedRun.run("", arguments).stdout)
    #expect(fcntl(descriptor, F_GETFL) & StandardOutputFile.directFlag != 0)
  }

  @Test("a signal mid-write puts O_DIRECT back on the caller's open file")
  func signalPutsDirectBack() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "big.plist")
    try StaleTemporaryFileTests.bigList(32_000).write(to: input, atomically: false, encoding: .utf8)
    let report = folder.appending(path: "agenda.html").path
    let descriptor = open(report, O_WRONLY | O_CREAT | O_TRUNC | StandardOutputFile.directFlag | O_CLOEXEC, 0o600)
    // A file system without O_DIRECT (tmpfs) refuses the open: nothing to check there.
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = [input.path, "-f", "html", "--now", "2026-11-30T14:00:00Z", "-z", "UTC", "-l", "fr_CA"]
    process.environment = [:]
    process.standardOutput = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    process.standardError = FileHandle.nullDevice
    try process.run()
    var info = stat()
    while process.isRunning, fstat(descriptor, &info) == 0, info.st_size == 0 { usleep(50) }
    try #require(process.isRunning, "the run ended before its first write was seen")
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(fcntl(descriptor, F_GETFL) & StandardOutputFile.directFlag != 0)
  }

  /// `{ job & posttim-report …; } > log`: a job writes through the same
  /// open file while the report is written. The run then fails: the job's
  /// bytes are kept (and the report's with them), never cut.
  @Test(
    "a failed run, or one a signal ends, never cuts what another writer added through the same open file",
    arguments: [0, SIGTERM])
  func anotherWritersBytesKept(signal number: Int32) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appending(path: "big.plist")
    try StaleTemporaryFileTests.bigList(300).write(to: input, atomically: false, encoding: .utf8)
    // 110 KB of rows, then far more work than the budget allows: written
    // for a few seconds (a debug build), then stopped.
    let template = folder.appending(path: "rows.mustache").path
    let text =
      "{{#sections}}{{#tasks}}{{title}} {{details}} {{details}} {{details}}\n{{/tasks}}{{/sections}}"
      + String(repeating: "{{#sections}}", count: 99) + "x" + String(repeating: "{{/sections}}", count: 99)
    try text.write(toFile: template, atomically: false, encoding: .utf8)
    let report = folder.appending(path: "log").path
    let descriptor = open(report, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    #expect(write(descriptor, "PRIOR\n", 6) == 6)
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = [
      input.path, "-f", "markdown", "--template", template, "--now", "2026-11-30T14:00:00Z", "--from", "1900-01-01",
      "-z", "UTC", "-l", "fr_CA",
    ]
    process.environment = [:]
    process.standardOutput = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
    process.standardError = FileHandle.nullDevice
    try process.run()
    var info = stat()
    while process.isRunning, fstat(descriptor, &info) == 0, info.st_size <= 6 { usleep(100) }
    // The other writer, once the report has begun and before the run ends
    // (after its cut, the line would stay whatever the cut checks).
    try #require(process.isRunning, "the run ended before its first write was seen")
    #expect(write(descriptor, "OTHER\n", 6) == 6)
    if number != 0 { kill(process.processIdentifier, number) }
    process.waitUntilExit()
    // A run that ended before the signal came ended at the budget.
    let ended = (process.terminationReason, process.terminationStatus)
    #expect(ended == (.exit, 78) || (number != 0 && ended == (.uncaughtSignal, number)))
    let left = try String(contentsOfFile: report, encoding: .utf8)
    #expect(left.hasPrefix("PRIOR\n"))
    #expect(left.contains("OTHER\n"), "\(left.utf8.count) bytes left")
  }

  /// Runs the binary with standard output at `report` (opened as `>`
  /// opens it) and sends `number` once the file has bytes.
  /// - Returns: nil when the run ended before the signal could end it.
  /// `stagedCopy`: standard error is the same file (`2>>`), so the report
  /// is staged and the signal comes during its copy.
  static func signalOnceWritten(
    _ number: Int32, input: URL, report: String, stagedCopy: Bool = false
  ) throws -> Process? {
    let descriptor = open(report, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    try #require(descriptor >= 0)
    let errors = stagedCopy ? open(report, O_WRONLY | O_APPEND | O_CLOEXEC) : open("/dev/null", O_WRONLY | O_CLOEXEC)
    try #require(errors >= 0)
    let process = Process()
    // No core file from the signals that dump one.
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "ulimit -c 0 && exec \"$0\" \"$@\"", EndToEndTests.binary!.path, input.path, "-f", "html", "--now",
      "2026-11-30T14:00:00Z", "-z", "UTC", "-l", "fr_CA",
    ]
    process.environment = [:]
    process.standardOutput = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    process.standardError = FileHandle(fileDescriptor: errors, closeOnDealloc: true)
    try process.run()
    var info = stat()
    while process.isRunning, stat(report, &info) == 0, info.st_size == 0 { usleep(50) }
    kill(process.processIdentifier, number)
    process.waitUntilExit()
    return process.terminationReason == .uncaughtSignal ? process : nil
  }
}
