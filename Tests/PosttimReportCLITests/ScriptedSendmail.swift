import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A real program standing in for sendmail: a shell script in a folder of
/// its own, which records what it received and the PIDs of its process
/// group, so a test can see whether the run killed them.
struct ScriptedSendmail {
  let folder: URL
  var path: String { folder.appending(path: "sendmail").path }
  var message: URL { folder.appending(path: "message") }
  var pids: URL { folder.appending(path: "pids") }

  /// `body` runs after the script has written its own PID to `pids`; `$M`
  /// names the message file and `$P` the PID file. Another interpreter than
  /// sh gets `body` alone, with `MESSAGE` replaced by the message file's path.
  init(_ body: String, interpreter: String = "/bin/sh") throws {
    folder = FileManager.default.temporaryDirectory.appending(path: "posttim-sendmail-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script =
      interpreter != "/bin/sh"
      ? "#!\(interpreter)\n" + body.replacingOccurrences(of: "MESSAGE", with: message.path) + "\n"
      : """
      #!\(interpreter)
      M='\(message.path)'
      P='\(pids.path)'
      echo $$ >> "$P"
      \(body)

      """
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o755)
  }

  /// Reads the whole message, then hangs in a `sleep` child (a second
  /// process in its group) until killed. It lets go of the run's standard
  /// output and error first, so a test reading them to their end cannot
  /// hang on it.
  static func hanging() throws -> ScriptedSendmail {
    try ScriptedSendmail(
      """
      exec >/dev/null 2>&1
      cat > "$M"
      sleep 100000 &
      echo $! >> "$P"
      wait
      """)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }

  /// The PIDs the script recorded (itself first, then its children).
  var recordedPIDs: [pid_t] {
    let text = (try? String(contentsOf: pids, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { pid_t($0) }
  }

  /// Waits (without a deadline: the test runner's own limit applies) until
  /// the script has recorded `count` PIDs.
  func waitForPIDs(_ count: Int) {
    while recordedPIDs.count < count { usleep(2_000) }
  }

  /// Whether `pid` still runs after up to 10 s for a kill sent to it to
  /// take effect (SIGKILL is asynchronous). Gone, or a zombie no one has
  /// reaped yet (its parent was killed), counts as not running.
  static func stillRuns(_ pid: pid_t) -> Bool {
    for _ in 0..<1_000 where isRunning(pid) { usleep(10_000) }
    return isRunning(pid)
  }

  /// Whether `process` ends within 30 s of being signalled; if not, it is
  /// killed, so a run that survives the signal fails the test instead of
  /// hanging it.
  static func ends(_ process: Process) -> Bool {
    for _ in 0..<3_000 where process.isRunning { usleep(10_000) }
    let ended = !process.isRunning
    if !ended { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return ended
  }

  static func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return false }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    guard let close = stat.lastIndex(of: ")") else { return false }
    return !stat[close...].hasPrefix(") Z")
  }

  /// Kills what a failing test left running, so it does not outlive the run.
  func killLeftovers() {
    for pid in recordedPIDs where Self.isRunning(pid) { kill(pid, SIGKILL) }
  }
}

/// Runs the built binary through `sh -c`, so a test can set limits
/// (`ulimit -n 9`) or dispositions (`trap '' CHLD`) for it alone.
enum LimitedRun {
  static func run(
    _ setup: String, _ arguments: [String], stdin: String = "",
    environment: [String: String] = ["LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
  ) throws -> Subprocess.Result {
    try Subprocess.run(
      "/bin/sh", ["-c", setup + "\nexec \"$@\"", "sh", EndToEndTests.binary!.path] + arguments, stdin: stdin,
      environment: environment)
  }
}
