import Foundation
import PosttimReport

/// The process's streams, injectable so tests run the CLI in-process.
public struct CommandIO: Sendable {
  /// Writes the report (or help) to standard output and reports failure.
  public var writeStandardOutput: @Sendable (_ render: (inout FileDescriptorOutput) throws -> Void) throws -> Void
  /// One line of diagnostics (no trailing newline).
  public var writeError: @Sendable (String) -> Void
  public var readStandardInput: @Sendable () -> Data
  /// True when standard output is a terminal (colour may be used).
  public var standardOutputIsTerminal: Bool = false

  public init(
    writeStandardOutput: @escaping @Sendable ((inout FileDescriptorOutput) throws -> Void) throws -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    readStandardInput: @escaping @Sendable () -> Data, standardOutputIsTerminal: Bool = false
  ) {
    self.writeStandardOutput = writeStandardOutput
    self.writeError = writeError
    self.readStandardInput = readStandardInput
    self.standardOutputIsTerminal = standardOutputIsTerminal
  }

  /// The real standard streams (file descriptors 0, 1, 2).
  public static let process = CommandIO(
    writeStandardOutput: { render in
      var output = FileDescriptorOutput(descriptor: 1, name: "<stdout>")
      try render(&output)
      try output.finish()
    },
    writeError: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) },
    readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() },
    standardOutputIsTerminal: isatty(1) == 1)
}
