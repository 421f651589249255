import Foundation

/// Hands a finished message to the local MTA through the `sendmail`
/// interface every Unix MTA provides (`sendmail -t -oi`: recipients from
/// the `To`/`Cc` headers; a line holding only `.` does not end the input).
///
/// Nothing is half-sent: the message is complete in memory before this is
/// called, then written to an unlinked temporary file that becomes
/// sendmail's standard input. Even if this process is killed while sendmail
/// runs, sendmail reads the whole message from that file, never a prefix.
public enum SendmailDelivery {
  /// `/usr/sbin/sendmail`, where Debian's MTAs (exim4, postfix) put it.
  public static let defaultPath = "/usr/sbin/sendmail"

  /// The remedy a missing program's message ends with, in the library's
  /// words; a command line names its own way to choose the program.
  public static let otherProgramHint = "or name another sendmail program"

  /// Delivery did not happen: the CLI's exit 69 (EX_UNAVAILABLE).
  public struct Failure: Error, Equatable, CustomStringConvertible {
    /// What went wrong, one line.
    public let message: String
    public var description: String { message }
  }

  /// Runs `path -t -oi` with `message` on standard input and waits.
  /// - Throws: ``Failure`` when `path` is not an executable file, cannot be
  ///   started, exits with a non-zero status or is killed by a signal.
  public static func send(_ message: String, sendmail path: String) throws(Failure) {
    try checkProgram(at: path)
    let input: FileHandle
    do {
      input = try unlinkedFile(holding: Array(message.utf8))
    } catch {
      throw Failure(message: "cannot send: \(error.message); nothing was sent")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["-t", "-oi"]
    process.standardInput = input
    do {
      try process.run()
    } catch {
      throw Failure(message: "cannot send: \(path) could not be started (\(error)); nothing was sent")
    }
    process.waitUntilExit()
    try? input.close()
    if process.terminationReason == .uncaughtSignal {
      throw Failure(message: "cannot send: \(path) was killed by signal \(process.terminationStatus)")
    }
    if process.terminationStatus != 0 {
      throw Failure(
        message: "cannot send: \(path) -t -oi exited with status \(process.terminationStatus); "
          + "the message may not have been delivered")
    }
  }

  /// Refuses a `path` that is missing, a directory (which `access(X_OK)`
  /// alone would accept) or not executable, before Foundation's `Process`
  /// would fail with an opaque Cocoa error.
  static func checkProgram(at path: String) throws(Failure) {
    var isDirectory: ObjCBool = false
    let problem: String
    if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      problem = "no sendmail program at \(path)"
    } else if isDirectory.boolValue {
      problem = "\(path) is a directory, not a sendmail program"
    } else if !FileManager.default.isExecutableFile(atPath: path) {
      problem = "\(path) is not executable"
    } else {
      return
    }
    throw Failure(
      message: "cannot send: \(problem) (install a mail transfer agent, e.g. "
        + "apt-get install exim4-daemon-light, \(otherProgramHint)); nothing was sent")
  }

  /// A temporary file holding `bytes`, already unlinked, positioned at 0.
  /// - Throws: ``Failure`` naming the folder (`$TMPDIR`, else /tmp) and
  ///   the system's reason, without the "cannot send" frame.
  static func unlinkedFile(holding bytes: [UInt8]) throws(Failure) -> FileHandle {
    let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    func failure(_ doing: String) -> Failure {
      Failure(message: "cannot \(doing) a temporary file in \(directory) (\(String(cString: strerror(errno))))")
    }
    var template = Array((directory + "/posttim-report-mail-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw failure("create") }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    var output = FileDescriptorOutput(descriptor: descriptor, name: directory)
    bytes.withUnsafeBufferPointer { output.write(validUTF8: $0) }
    do {
      try output.finish()
    } catch {
      throw Failure(message: "cannot write a temporary file in \(directory) (\(error.reason))")
    }
    guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw failure("rewind") }
    return handle
  }
}
