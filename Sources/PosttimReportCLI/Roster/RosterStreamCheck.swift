import FoundationEssentials
import PosttimICU
import PosttimReport

/// A roster run writes every reader's line to standard output (a failed
/// one's to standard error), so neither may be a file a reader's message
/// reads: the reader's list, or a file of its template folder (templates,
/// catalogs). Failing that reader alone would not keep the file as it
/// was: the lines before its turn, and its own failure, would be written
/// into it first. So the roster is refused whole (64), naming every such
/// row, before anything is written. The names are followed as reading
/// them follows links (only yours and root's): a reader's own link is
/// never read, and cannot stop the roster. The roster-wide template folder
/// (command line, config file) is every reader's: a file of it is refused
/// once, naming no row.
enum RosterStreamCheck {
  private typealias File = (path: String, identity: FileIdentity)
  private typealias Streams = [(stream: StandardStreams.Stream, identity: FileIdentity)]

  /// - Throws: ``UsageError`` for the roster-wide template folder,
  ///   ``RosterErrors`` (64) for readers; standard error is silenced first
  ///   when it is the file.
  static func check(_ roster: RosterFile, request: RosterRequest) throws {
    let streams: Streams = [StandardStreams.Stream.output, .error].compactMap { stream in
      StandardStreams.identityOf(stream).map { (stream, $0) }
    }
    guard !streams.isEmpty else { return }
    var folders: [String: [File]] = [:]
    if let folder = request.shared.text(ReportOptions.templateDirectory) {
      folders[folder] = files(in: folder)
      if let (stream, path) = clash(folders[folder] ?? [], streams) {
        throw UsageError(
          "\(stream.name) is '\(path)' of the readers' template folder; refusing to write into a file the run reads")
      }
    }
    var errors: [RosterError] = []
    for index in roster.readers.indices {
      let reader = roster.readers[index]
      var found: (column: String, stream: StandardStreams.Stream, what: String)?
      if let (stream, path) = clash(identity(reader.list).map { [(reader.list, $0)] } ?? [], streams) {
        found = ("list", stream, "this reader's list '\(path)'; refusing to write into a task list")
      } else if let folder = cellFolder(of: reader, roster: roster, request: request) {
        let files = folders[folder] ?? self.files(in: folder)
        folders[folder] = files
        if let (stream, path) = clash(files, streams) {
          found = (
            ReportOptions.templateDirectory.spec.name, stream,
            "'\(path)' of this reader's template folder; refusing to write into a file the run reads"
          )
        }
      }
      guard let found else { continue }
      errors.append(
        RosterError(
          exitCode: .usage, path: roster.path, row: reader.row, column: found.column,
          message: found.stream.name + " is " + found.what))
    }
    if !errors.isEmpty { throw RosterErrors(errors: errors) }
  }

  /// The first of `files` that is one of `streams`, with that stream;
  /// standard error is silenced when it is the one.
  private static func clash(_ files: [File], _ streams: Streams) -> (StandardStreams.Stream, String)? {
    for file in files {
      guard let stream = streams.first(where: { $0.identity == file.identity })?.stream else { continue }
      if stream == .error { StandardStreams.silenceError() }
      return (stream, file.path)
    }
    return nil
  }

  /// The template folder `reader`'s own cell names, or nil.
  private static func cellFolder(of reader: RosterReader, roster: RosterFile, request: RosterRequest) -> String? {
    let options = request.options(for: reader, in: roster)
    guard case .roster = options.origin(of: ReportOptions.templateDirectory.spec) else { return nil }
    return options.text(ReportOptions.templateDirectory)
  }

  /// Every file in `folder`, at any depth, with what its name leads to:
  /// the folder's one listing (``TemplateFolder``), as a report reads it,
  /// so a folder reached through a link the rule follows is listed too.
  private static func files(in folder: String) -> [File] {
    guard let listed = try? TemplateFolder(opening: folder) else { return [] }
    return listed.entries.compactMap { entry in entry.identity.map { (listed.fullPath(entry.path), $0) } }
  }

  /// The regular file or FIFO `path` leads to under the link rule reading
  /// follows, or nil (none, or a link that rule does not follow).
  private static func identity(_ path: String) -> FileIdentity? {
    guard let resolved = try? ProtectedLinkWalk.resolve(folder: path, rule: .callerOrRootRead) else { return nil }
    return FileIdentity(path: resolved)
  }
}
