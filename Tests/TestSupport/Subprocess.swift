import Foundation
import Synchronization

/// Runs a real program (a consumer, a shell, a browser) for a test.
public enum Subprocess {
  public struct Result: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
  }

  /// Runs `executable` with `arguments`, feeding `stdin`, and waits; with
  /// `environment`, else ``ProgramEnvironment/inherited``.
  public static func run(
    _ executable: String, _ arguments: [String], stdin: String = "", environment: [String: String]? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment ?? ProgramEnvironment.inherited
    let input = Pipe(), output = Pipe(), error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read both pipes while the program runs, so a large output cannot block it.
    let errors = Mutex<Data>(Data())
    let done = DispatchSemaphore(value: 0)
    Thread {
      errors.withLock { $0 = error.fileHandleForReading.readDataToEndOfFile() }
      done.signal()
    }.start()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    done.wait()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: errors.withLock { $0 }, as: UTF8.self))
  }

  /// The first executable `NAME` in `/usr/bin`, `/bin`, `/usr/local/bin`,
  /// then in the folders of PATH.
  public static func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map(String.init) ?? []
    return (["/usr/bin", "/bin", "/usr/local/bin"] + path).map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }
}

/// Runs a program to completion, standard output and error together, in
/// ``ProgramEnvironment/inherited``.
/// - Returns: the exit status and the combined output, as UTF-8.
public func runCombiningOutput(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  process.environment = ProgramEnvironment.inherited
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  try process.run()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  return (process.terminationStatus, text)
}
