import Foundation
import Testing
import TestSupport

/// The stack limit is checked by a C constructor (CStackLimit) that runs
/// before the Swift runtime's initialisers, which overflowed a stack of
/// 16 KiB (SIGSEGV, 139) before `main` could raise it or refuse. That
/// order holds in the shipped build, whose Swift runtime is linked in
/// (`--static-swift-stdlib`): a debug build loads `libswiftCore.so`, whose
/// initialisers the loader runs before any of the program's, so these
/// cases run the release build (`make`, or `swift build -c release
/// --static-swift-stdlib`) when there is one. The kernel starts the stack
/// at a random offset of up to 8 KiB, so each case runs 30 times.
@Suite(
  "Stack size limit of 16 KiB, before main",
  .enabled(if: StaticReleaseBinary.path != nil, "needs the release build with the Swift runtime linked in"))
struct StackLimitBeforeMainTests {
  static let run = "\"$REL\" \"$EXAMPLE\" -l fr_CA -z UTC --now 2026-11-30T14:00:00Z -f markdown"

  /// The exit statuses of 30 runs under `limit` (`ulimit` arguments), one a line.
  static func statuses(_ limit: String) throws -> [String] {
    let result = try GuardedShell.run(
      "for i in $(seq 30); do (ulimit \(limit); exec \(Self.run) >/dev/null 2>&1); echo $?; done",
      environment: ["REL": StaticReleaseBinary.path!])
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test("a soft limit of 16 KiB is raised: every run succeeds, none dies of SIGSEGV")
  func softLimitRaised() throws {
    #expect(try Self.statuses("-S -s 16") == Array(repeating: "0", count: 30))
  }

  @Test("a hard limit of 16 KiB: every run exits 71 saying why, none dies of SIGSEGV")
  func hardLimitRefused() throws {
    #expect(try Self.statuses("-s 16") == Array(repeating: "71", count: 30))
    let limited = try GuardedShell.run(
      "ulimit -s 16; exec \(Self.run)", environment: ["REL": StaticReleaseBinary.path!])
    #expect(
      limited.stderr
        == "posttim-report: error: the stack size limit (ulimit -s) is 16 KiB and cannot be raised to the 1024 KiB "
        + "a run needs (hard limit 16 KiB)\n")
    #expect(limited.stdout == "")
  }
}

/// The release build, when it has no `libswiftCore.so` to load.
enum StaticReleaseBinary {
  static let path: String? = {
    let path = TestPaths.packageRoot.appending(path: ".build/release/posttim-report").path
    guard FileManager.default.isExecutableFile(atPath: path),
      let libraries = try? Subprocess.run("/usr/bin/ldd", [path]).stdout, !libraries.contains("libswiftCore")
    else { return nil }
    return path
  }()
}
