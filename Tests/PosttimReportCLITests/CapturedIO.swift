import Foundation
import PosttimReport
import PosttimReportCLI
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the CLI in-process with stdout captured in a temp file (the real
/// descriptor-based writer is exercised) and stderr captured as lines;
/// `joined`, stderr's lines are also appended to that file as they come,
/// as a cron mail joins the two streams.
final class CapturedRun: Sendable {
  let stdoutPath: String
  let errors = Mutex<[String]>([])
  let stdin: Data
  let joined: Bool

  init(stdin: Data = Data(), joined: Bool = false) {
    stdoutPath = FileManager.default.temporaryDirectory.appending(path: "stdout-\(UUID().uuidString)").path
    self.stdin = stdin
    self.joined = joined
  }

  deinit { try? FileManager.default.removeItem(atPath: stdoutPath) }

  var io: CommandIO {
    CommandIO(
      writeStandardOutput: { [stdoutPath] render in
        let descriptor = open(stdoutPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        defer { close(descriptor) }
        var output = FileDescriptorOutput(descriptor: descriptor, name: "<stdout>")
        try render(&output)
        try output.finish()
      },
      writeError: { [self] line in
        self.errors.withLock { errors in
          errors.append(line)
          if joined {
            let descriptor = open(stdoutPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
            defer { close(descriptor) }
            _ = Array((line + "\n").utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
          }
        }
      },
      readStandardInput: { [stdin] in stdin })
  }

  /// The environment of a run unless a test gives one: a French Canadian
  /// user in Toronto.
  static let defaultEnvironment = ["LANG": "fr_CA.UTF-8", "TZ": "America/Toronto"]

  /// Runs `posttim-report ARGS` with a fixed clock and environment.
  func run(_ arguments: [String], environment: [String: String] = defaultEnvironment) -> ExitCode {
    ReportCommand(
      arguments: arguments, environment: environment, io: io,
      clock: { Date(timeIntervalSince1970: 1_796_047_200) }
    ).run()
  }

  var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
  var stderr: [String] { errors.withLock { $0 } }
}

/// Runs `posttim-report ARGUMENTS` in-process (``CapturedRun``) and checks
/// its exit status and, when given, its standard error: every line
/// (`stderr`) or the first one (`error`).
///
///     expectRun(arguments: [example, "--bogus"], exit: .usage, error: "posttim-report: error: …")
///
/// - Returns: the run, for checks of its output.
@discardableResult
func expectRun(
  arguments: [String], exit: ExitCode, stderr: [String]? = nil, error: String? = nil,
  environment: [String: String] = CapturedRun.defaultEnvironment, stdin: Data = Data(),
  sourceLocation: SourceLocation = #_sourceLocation
) -> CapturedRun {
  let run = CapturedRun(stdin: stdin)
  let status = run.run(arguments, environment: environment)
  #expect(status == exit, "standard error: \(run.stderr)", sourceLocation: sourceLocation)
  if let stderr { #expect(run.stderr == stderr, sourceLocation: sourceLocation) }
  if let error { #expect(run.stderr.first == error, sourceLocation: sourceLocation) }
  return run
}

/// A fresh temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appending(path: "posttim-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

/// A fresh temporary folder, removed by the caller, holding a copy of the
/// example list named `name`; returns the folder and the copy's path.
func temporaryFolderWithExample(named name: String) throws -> (folder: URL, list: String) {
  let folder = try temporaryFolder()
  let list = folder.appending(path: name).path
  try FileManager.default.copyItem(atPath: TestPaths.example.path, toPath: list)
  return (folder, list)
}

/// The example list with `target` replaced by `replacement`, written to
/// `name` in `folder`; returns its URL.
func exampleList(replacing target: String, with replacement: String, as name: String, in folder: URL) throws -> URL {
  let text = try String(contentsOf: TestPaths.example, encoding: .utf8)
    .replacingOccurrences(of: target, with: replacement)
  let url = folder.appending(path: name)
  try text.write(to: url, atomically: true, encoding: .utf8)
  return url
}
