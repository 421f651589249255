import Foundation
import PosttimReportCLI
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A config file can name the sendmail program a root cron job runs, so it
/// is used only when nobody else could have written it (as ssh and sudo
/// treat theirs): owned by the caller or root, not writable by group or
/// others, in folders nobody else can change.
@Suite("Config file trust")
struct ConfigFileTrustTests {
  let example = TestPaths.example.path
  static let stranger: uid_t = 4242

  /// `format = csv` in `folder/config`.
  func config(in folder: URL) throws -> String {
    let path = folder.appending(path: "config").path
    try "format = csv\n".write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  func refusal(_ path: String) -> (ExitCode, [String]) {
    let run = CapturedRun()
    let status = run.run(["--config", path, example])
    return (status, run.stderr)
  }

  @Test("another user's config file is refused (78), naming the owner", .enabled(if: geteuid() == 0))
  func otherOwner() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try config(in: folder)
    #expect(chown(path, Self.stranger, Self.stranger) == 0)
    let (status, stderr) = refusal(path)
    #expect(status == .configuration)
    #expect(
      stderr == ["posttim-report: error: \(path): config file not trusted: owned by uid 4242, not by you or root"])
  }

  @Test("a config file others may write is refused (78), naming the mode", arguments: [0o666, 0o620, 0o602])
  func writableByOthers(mode: Int) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = try config(in: folder)
    #expect(chmod(path, mode_t(mode)) == 0)
    let (status, stderr) = refusal(path)
    #expect(status == .configuration)
    #expect(
      stderr == [
        "posttim-report: error: \(path): config file not trusted: mode 0\(String(mode, radix: 8)) lets other users "
          + "change it (chmod go-w)"
      ])
  }

  @Test("a config file in a folder others may write to, without the sticky bit, is refused (78)")
  func writableFolder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inner = folder.appending(path: "open")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
    let path = try config(in: inner)
    #expect(chmod(inner.path, 0o777) == 0)
    let (status, stderr) = refusal(path)
    #expect(status == .configuration)
    #expect(
      stderr == [
        "posttim-report: error: \(path): config file not trusted: its folder \(inner.path) is writable by other "
          + "users (mode 0777) and not sticky"
      ])
  }

  @Test("a config file in a folder of another user is refused (78)", .enabled(if: geteuid() == 0))
  func foreignFolder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let inner = folder.appending(path: "theirs")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
    let path = try config(in: inner)
    #expect(chown(inner.path, Self.stranger, Self.stranger) == 0)
    let (status, stderr) = refusal(path)
    #expect(status == .configuration)
    #expect(
      stderr == [
        "posttim-report: error: \(path): config file not trusted: its folder \(inner.path) belongs to uid 4242, "
          + "not to you or root"
      ])
  }

  @Test("the same checks apply at the default location")
  func defaultLocation() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appending(path: "posttim-report"), withIntermediateDirectories: false)
    let path = try config(in: folder.appending(path: "posttim-report"))
    #expect(chmod(path, 0o646) == 0)
    let environment = ["LANG": "fr_CA.UTF-8", "TZ": "America/Toronto", "XDG_CONFIG_HOME": folder.path]
    let run = expectRun(arguments: [example], exit: .configuration, environment: environment)
    #expect(run.stderr.first?.hasPrefix("posttim-report: error: \(path): config file not trusted: mode 0646") == true)
  }

  @Test("a config file in a sticky world-writable folder, a link to a trusted file: both are used")
  func trustedPlaces() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sticky = folder.appending(path: "sticky")
    try FileManager.default.createDirectory(at: sticky, withIntermediateDirectories: false)
    #expect(chmod(sticky.path, 0o1777) == 0)
    let path = try config(in: sticky)
    let link = folder.appending(path: "link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    for config in [path, link] {
      let run = expectRun(arguments: ["--config", config, example], exit: .success)
      #expect(run.stdout.hasPrefix("date,tache"))
    }
  }
}

/// `--config` reads any readable file: a pipe, `/dev/stdin`, `/dev/null`.
@Suite("Config file from pipes", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct ConfigFilePipeTests {
  @Test("--config /dev/null reads no settings")
  func devNull() throws {
    let result = try GuardedShell.run("exec \"$BIN\" --config /dev/null \"$EXAMPLE\"")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("# Agenda"))
  }

  @Test("--config <(…) and --config /dev/stdin read the pipe")
  func pipes() throws {
    let substituted = try GuardedShell.run("exec \"$BIN\" --config <(printf 'format = csv\\n') \"$EXAMPLE\"")
    #expect(substituted.status == 0, "\(substituted.stderr)")
    #expect(substituted.stdout.hasPrefix("date,tache"))
    let standardInput = try GuardedShell.run(
      "exec \"$BIN\" --config /dev/stdin \"$EXAMPLE\"", stdin: "format = json\n")
    #expect(standardInput.status == 0, "\(standardInput.stderr)")
    #expect(standardInput.stdout.hasPrefix("{"))
  }

  @Test("a named FIFO with a writer is read; one others may write to is refused")
  func namedFIFO() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appending(path: "config").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try GuardedShell.run(
      "printf 'format = csv\\n' > \"$FIFO\" & exec \"$BIN\" --config \"$FIFO\" \"$EXAMPLE\"",
      environment: ["FIFO": fifo])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasPrefix("date,tache"))
    #expect(chmod(fifo, 0o622) == 0)
    let open = try GuardedShell.run(
      "exec \"$BIN\" --config \"$FIFO\" \"$EXAMPLE\"", environment: ["FIFO": fifo])
    #expect(open.status == 78)
    #expect(open.stderr.hasPrefix("posttim-report: error: \(fifo): config file not trusted: mode 0622"))
  }

  @Test("an endless pipe stops at 1 MiB (78)")
  func endlessPipe() throws {
    let result = try GuardedShell.run("ulimit -v 1000000; exec \"$BIN\" --config <(yes '# a comment') \"$EXAMPLE\"")
    #expect(result.status == 78)
    #expect(
      result.stderr.hasSuffix(": is larger than 1 MiB, not a config file\n"), "\(result.stderr.prefix(300))")
  }
}
