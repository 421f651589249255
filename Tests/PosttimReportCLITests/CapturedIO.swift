import Foundation
import PosttimReport
import PosttimReportCLI
import Synchronization
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the CLI in-process with stdout captured in a temp file (the real
/// descriptor-based writer is exercised) and stderr captured as lines.
final class CapturedRun: Sendable {
  let stdoutPath: String
  let errors = Mutex<[String]>([])
  let stdin: Data

  init(stdin: Data = Data()) {
    stdoutPath = FileManager.default.temporaryDirectory.appending(path: "stdout-\(UUID().uuidString)").path
    self.stdin = stdin
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
      writeError: { [self] line in self.errors.withLock { $0.append(line) } },
      readStandardInput: { [stdin] in stdin })
  }

  /// Runs `posttim-report ARGS` with a fixed clock and environment.
  func run(_ arguments: [String], environment: [String: String] = ["LANG": "fr_CA.UTF-8", "TZ": "America/Toronto"])
    -> ExitCode
  {
    ReportCommand(
      arguments: arguments, environment: environment, io: io,
      clock: { Date(timeIntervalSince1970: 1_796_047_200) }
    ).run()
  }

  var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
  var stderr: [String] { errors.withLock { $0 } }
}

/// A fresh temporary folder, removed by the caller.
func temporaryFolder() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appending(path: "posttim-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
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
