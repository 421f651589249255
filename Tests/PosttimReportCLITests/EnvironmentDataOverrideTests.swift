import Foundation
import Testing
import TestSupport

extension ExternalTool {
  /// ICU's resource compiler, which builds the forged data folders.
  static let genrb = ExternalTool(
    "ICU's genrb", install: "apt-get install -y icu-devtools",
    isPresent: { FileManager.default.isExecutableFile(atPath: "/usr/bin/genrb") })
}

/// A root run takes its environment from whoever started it (`sudo -E`, a
/// wrapper). ICU_DATA and ICU_TIMEZONE_FILES_DIR would have ICU read another
/// user's resource files before Debian's built-in data (forged words, or a
/// crash on a corrupt file), and SWIFT_BACKTRACE would have the Swift runtime
/// (or SWIFT_ROOT) start the program it names on a crash. The binary removes
/// them before ICU and the runtime read them.
@Suite("Environment variables that would replace ICU's data or start a program on a crash")
struct EnvironmentDataOverrideTests {
  static let report = "\"$BIN\" \"$EXAMPLE\" --now 2026-12-02T12:00:00Z -z America/Toronto -l fr_CA"

  /// A folder of ICU resource files built by genrb from `sources` (file name: text).
  static func compiledResources(_ sources: [String: String], into folder: URL) throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in sources {
      let source = folder.appending(path: name)
      try Data(text.utf8).write(to: source)
      let result = try Subprocess.run("/usr/bin/genrb", ["-q", "-d", folder.path, source.path])
      #expect(result.status == 0, "genrb \(name): \(result.stderr)")
    }
  }

  @Test(
    "forged ICU_DATA and ICU_TIMEZONE_FILES_DIR: the report's day and zone names are the real ones",
    .requires(.builtBinary, .genrb))
  func forgedICUDataIgnored() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "posttim-icu-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    // fr_CA's day names, every one "FORGED…", where ICU looks first
    // (ICU_DATA/icudt72l/fr_CA.res); America/Toronto in the Japan metazone.
    let days = (0..<7).map { "\"FORGED\($0)\"" }.joined(separator: ",")
    try Self.compiledResources(
      ["fr_CA.txt": "fr_CA{ calendar{ gregorian{ dayNames{ format{ wide{\(days)} } } } } }"],
      into: folder.appending(path: "data/icudt72l"))
    try Self.compiledResources(
      ["metaZones.txt": "metaZones:table(nofallback){ metazoneInfo{ \"America:Toronto\"{ { \"Japan\", } } } }"],
      into: folder.appending(path: "zones"))
    let plain = try GuardedShell.run(Self.report + " -f text")
    let forged = try GuardedShell.run(
      Self.report + " -f text",
      environment: [
        "ICU_DATA": folder.appending(path: "data").path, "ICU_TIMEZONE_FILES_DIR": folder.appending(path: "zones").path,
      ])
    #expect(forged.status == 0)
    #expect(forged.stderr == "")
    let lines = forged.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.prefix(2) == ["Agenda", "Fuseau horaire\u{00A0}: heure de l’Est (America/Toronto)"])
    #expect(lines.contains("Aujourd’hui — mercredi 2 décembre 2026"))
    #expect(!forged.stdout.contains("FORGED"))
    #expect(forged.stdout == plain.stdout)
  }

  @Test(
    "sendmail inherits PATH, HOME and LOGNAME, and none of ICU_DATA, ICU_TIMEZONE_FILES_DIR, SWIFT_BACKTRACE, SWIFT_ROOT",
    .requires(.builtBinary))
  func sendmailEnvironment() throws {
    let sendmail = try ScriptedSendmail("cat > \"$M\"; env > \"$M.env\"")
    defer { sendmail.remove() }
    let result = try GuardedShell.run(
      "\(Self.report) -f email --mail-to a@example.org --send --sendmail \"$SENDMAIL\"",
      environment: [
        "SENDMAIL": sendmail.path, "HOME": "/home/zoe", "LOGNAME": "zoe", "ICU_DATA": "/tmp/forged-icu",
        "ICU_TIMEZONE_FILES_DIR": "/tmp/forged-zones", "SWIFT_BACKTRACE": "enable=yes,swift-backtrace=/tmp/evil.sh",
        "SWIFT_ROOT": "/tmp/forged-swift",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let environment = try String(contentsOfFile: sendmail.message.path + ".env", encoding: .utf8)
      .split(separator: "\n").filter { !$0.hasPrefix("PWD=") && !$0.hasPrefix("SHLVL=") && !$0.hasPrefix("_=") }
      .sorted()
    #expect(
      environment == [
        "BIN=\(GuardedShell.binary)", "EXAMPLE=\(TestPaths.example.path)", "HOME=/home/zoe", "LANG=C.UTF-8",
        "LOGNAME=zoe", "PATH=/usr/bin:/bin", "SENDMAIL=\(sendmail.path)",
      ])
  }
}

/// The Swift runtime reads SWIFT_BACKTRACE and SWIFT_ROOT in an
/// initialiser of its own. In the shipped build (`--static-swift-stdlib`)
/// that runs after the binary's C constructor that removes them; a debug
/// build loads `libswiftCore.so`, whose initialisers run first and see the
/// caller's values. So this runs the release build (`swift build -c release
/// --static-swift-stdlib`) when there is one.
@Suite(
  "A backtracer named by the environment, then a crash",
  .enabled(
    if: StaticReleaseBinary.path != nil,
    "needs the release build with the Swift runtime linked in (.build/release/posttim-report)"))
struct NamedBacktracerTests {
  /// SWIFT_BACKTRACE names the program; SWIFT_ROOT names a Swift installation holding one.
  @Test(
    "a run killed by SIGSEGV starts no backtracer the environment names, and dies of the signal",
    arguments: ["SWIFT_BACKTRACE", "SWIFT_ROOT"])
  func crashStartsNoNamedProgram(variable: String) throws {
    // The sendmail script crashes its parent, the run, while the run waits
    // for it; its sleep dies with the run (PR_SET_PDEATHSIG).
    let sendmail = try ScriptedSendmail("exec >/dev/null 2>&1; cat > \"$M\"; kill -SEGV $PPID; exec sleep 10")
    defer { sendmail.remove() }
    let root = sendmail.folder.appending(path: "root")
    let backtracer = root.appending(path: "libexec/swift/linux/swift-backtrace")
    let ran = sendmail.folder.appending(path: "backtracer-ran")
    try FileManager.default.createDirectory(
      at: backtracer.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("#!/bin/sh\nid > '\(ran.path)'\n".utf8).write(to: backtracer)
    chmod(backtracer.path, 0o755)
    let stderr = sendmail.folder.appending(path: "stderr")
    let result = try GuardedShell.run(
      "\(EnvironmentDataOverrideTests.report) -f email --mail-to a@example.org --send --sendmail \"$SENDMAIL\" "
        + "2>\"$STDERR\"; echo \"exit $?\"",
      environment: [
        "BIN": StaticReleaseBinary.path!, "SENDMAIL": sendmail.path, "STDERR": stderr.path,
        variable: variable == "SWIFT_ROOT" ? root.path : "enable=yes,swift-backtrace=\(backtracer.path)",
      ])
    #expect(result.stdout == "exit \(128 + SIGSEGV)\n")
    #expect(!FileManager.default.fileExists(atPath: ran.path))
    #expect(try String(contentsOf: stderr, encoding: .utf8) == "")
    #expect(try String(contentsOf: sendmail.message, encoding: .utf8).hasPrefix("Date: "))
  }
}
