import FoundationEssentials
import Glibc
import PosttimReport

/// Standard output and standard error are outputs too: neither may be a
/// file the run reads (``StandardStreams``), or `>> app.plist` appends the
/// report to the task list, `2>> config` a warning to the config file, and
/// a list linked to `/proc/self/fd/1` waits forever on the run's own pipe.
/// Checked for a report and a preview, whatever the destination, once the
/// plan is made: the task lists by name before they are read, the files
/// already read (config file, templates, catalogs) by identity. A roster
/// checks its own files so, and its readers' lists and template folders
/// by name (``RosterStreamCheck``); a list that becomes one of the streams
/// after that fails its reader, refused where it is opened (``DataFile``).
enum StandardStreamCheck {
  /// - Throws: ``UsageError`` (64); standard error, when it is the input,
  ///   is silenced first, so the message is not written into it either.
  static func check(reading inputs: [String]) throws {
    try refuse { stream, streamID in
      let input = inputs.first { ($0 == "-" ? FileIdentity.standardInput : FileIdentity(path: $0)) == streamID }
      if let input {
        return "is \(input == "-" ? "standard input" : "the input '\(input)'"); refusing to write into a task list"
      }
      guard let read = streamID.readAs else { return nil }
      return "is \(read.role.rawValue) '\(read.path)'; refusing to write into \(read.role.overwritten)"
    }
    for input in inputs {
      try refuseOwnWriteEnd(input, named: input == "-" ? "standard input" : "the input '\(input)'")
    }
  }

  /// The config file, by name before it is read (a pipe would be read forever).
  static func check(configFile path: String) throws {
    try refuse { _, streamID in
      FileIdentity(path: path) == streamID
        ? "is the config file '\(path)'; refusing to write into a file the run reads" : nil
    }
    try refuseOwnWriteEnd(path, named: "the config file '\(path)'")
  }

  /// An input that is a FIFO this run holds open for writing, which would
  /// be read forever (``OwnWriteEnd``): `path` by name, `-` standard input.
  private static func refuseOwnWriteEnd(_ path: String, named name: String) throws {
    var info = stat()
    guard (path == "-" ? fstat(0, &info) : stat(path, &info)) == 0,
      let reason = OwnWriteEnd.refusal(info, reading: path == "-" ? 0 : nil)
    else { return }
    throw UsageError(name + " " + reason)
  }

  /// A roster's state folder: its journals and lock are the roster's only
  /// memory, and a line written into one stops every later run.
  static func check(stateFolder: String) throws {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: stateFolder)) ?? []
    try refuse { _, streamID in
      files.first { FileIdentity(path: stateFolder + "/" + $0) == streamID }.map {
        "is '\(stateFolder)/\($0)' of the roster's state folder; refusing to write into its journals"
      }
    }
  }

  /// Silences standard error when an argument names its file: the error
  /// about to be printed could be one of a command line that names a list
  /// but does not parse, so was never checked.
  static func silenceError(ifNamedIn arguments: [String]) {
    guard let errorID = StandardStreams.identityOf(.error) else { return }
    if arguments.contains(where: { FileIdentity(path: $0) == errorID }) { StandardStreams.silenceError() }
  }

  /// Throws the first refusal `reason` gives for a stream that is a regular
  /// file or a pipe, after its name.
  private static func refuse(_ reason: (StandardStreams.Stream, FileIdentity) -> String?) throws {
    for stream in [StandardStreams.Stream.output, .error] {
      guard let streamID = StandardStreams.identityOf(stream), let refusal = reason(stream, streamID) else { continue }
      if stream == .error { StandardStreams.silenceError() }
      throw UsageError(stream.name + " " + refusal)
    }
  }
}
