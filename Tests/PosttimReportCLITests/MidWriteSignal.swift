import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A run caught while it writes its output: it writes `agenda.html` (HTML,
/// fr_CA) into a folder and gets a signal once its temporary file exists.
struct MidWriteSignal {
  let process: Process
  /// The temporary file seen in the folder when the signal was sent.
  let temporaryName: String
  let stderr: String

  /// Runs the binary on `input`, with `environment`, and sends `number` once `.agenda.html.posttim-…` exists.
  /// - Returns: nil when the run finished before its temporary file was seen.
  static func send(
    _ number: Int32, folder: URL, input: URL, environment: [String: String] = [:]
  ) throws -> MidWriteSignal? {
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = [
      input.path, "-f", "html", "-o", folder.appending(path: "agenda.html").path, "--now", "2026-11-30T14:00:00Z",
      "-z", "UTC", "-l", "fr_CA",
    ]
    process.environment = environment
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    var seen: String?
    while process.isRunning, seen == nil {
      seen = try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
        $0.hasPrefix(".agenda.html.posttim-")
      }
      if seen == nil { usleep(200) }
    }
    if seen != nil { kill(process.processIdentifier, number) }
    process.waitUntilExit()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return seen.map { MidWriteSignal(process: process, temporaryName: $0, stderr: stderr) }
  }
}
