import FoundationEssentials
import Glibc
import PosttimReport

/// The process's streams, injectable so tests run the CLI in-process.
public struct CommandIO: Sendable {
  /// Writes text (help, a roster's lines) to standard output and reports failure.
  public var writeStandardOutput: @Sendable (_ render: (inout FileDescriptorOutput) throws -> Void) throws -> Void
  /// Writes a report to standard output, all or nothing where the streams
  /// are the process's (``StagedStandardOutput``).
  public var writeReport: @Sendable (_ render: (inout FileDescriptorOutput) throws -> Void) throws -> Void
  /// One line of diagnostics (no trailing newline).
  public var writeError: @Sendable (String) -> Void
  /// Reads standard input whole; nil reads descriptor 0 as a stream
  /// (``TaskListLoader/readStandardInput``).
  public var readStandardInput: (@Sendable () throws -> Data)?
  /// True when standard output is a terminal (colour may be used).
  public var standardOutputIsTerminal: Bool = false

  public init(
    writeStandardOutput: @escaping @Sendable ((inout FileDescriptorOutput) throws -> Void) throws -> Void,
    writeError: @escaping @Sendable (String) -> Void,
    readStandardInput: (@Sendable () throws -> Data)?, standardOutputIsTerminal: Bool = false,
    writeReport: (@Sendable ((inout FileDescriptorOutput) throws -> Void) throws -> Void)? = nil
  ) {
    self.writeStandardOutput = writeStandardOutput
    self.writeReport = writeReport ?? writeStandardOutput
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
    // write(2), not FileHandle: FileHandle traps when stderr is closed or
    // full; a diagnostic that cannot be shown is dropped, the status stays.
    // Nor into a file the run reads (`2>> config`, ``StandardStreams``).
    writeError: { line in
      guard StandardStreams.errorIsWritable else { return }
      var bytes = Array((line + "\n").utf8)
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
        if written <= 0 { break }
        offset += written
      }
    },
    readStandardInput: nil,
    standardOutputIsTerminal: isatty(1) == 1,
    writeReport: { render in try StagedStandardOutput.write(render) })
}
