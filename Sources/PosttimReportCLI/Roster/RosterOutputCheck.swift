import FoundationEssentials
import PosttimICU
import PosttimReport

/// `-o DIR`: no reader's `DIR/ID.eml` may be another reader's task list
/// (the same path, or the same file by identity: links, hard links, `..`).
/// Checked for the whole roster before anything is written; a reader's
/// own list, the roster file and the config file are refused by the
/// report's output check (``TaskInputs/checkOutput(_:isNotIn:)``).
///
/// A list that is a symbolic link to a reader's `DIR/ID.eml` (its own
/// included) is the list's doing, not the roster's: whoever owns the link
/// could otherwise stop every reader, every run. That reader alone fails
/// (``listRefusal(_:folder:roster:)``); the output is written.
enum RosterOutputCheck {
  /// - Throws: ``RosterErrors`` (64) naming each clash's two rows.
  static func check(_ roster: RosterFile, folder: String) throws {
    var rowByPath: [String: Int] = [:]
    var rowByFile: [FileIdentity: Int] = [:]
    let realFolder = walked(folder, rule: .callerOrRoot)
    for reader in roster.readers {
      if linkedOutput(reader.list, folder: folder, realFolder: realFolder, roster: roster) != nil { continue }
      let path = PathText.resolved(reader.list)
      if rowByPath[path] == nil { rowByPath[path] = reader.row }
      if let id = FileIdentity(path: reader.list), rowByFile[id] == nil { rowByFile[id] = reader.row }
    }
    var errors: [RosterError] = []
    for index in roster.readers.indices {
      let output = folder + "/" + roster.readers.id(at: index) + ".eml"
      let byPath = rowByPath[PathText.resolved(output)]
      guard let listRow = byPath ?? FileIdentity(path: output).flatMap({ rowByFile[$0] }) else { continue }
      let row = roster.readers[index].row
      errors.append(
        RosterError(
          exitCode: .usage, path: roster.path, row: row, column: nil,
          message: "output '\(output)' is the list of row \(listRow); refusing to overwrite a task list"))
    }
    if !errors.isEmpty { throw RosterErrors(errors: errors) }
  }

  /// Why `reader`'s list is not read, or nil: it leads to a reader's
  /// `DIR/ID.eml` (65, naming the list, that reader's row and the output).
  static func listRefusal(_ reader: RosterReader, folder: String, roster: RosterFile) -> TaskListError? {
    let realFolder = walked(folder, rule: .callerOrRoot)
    guard let (row, name) = linkedOutput(reader.list, folder: folder, realFolder: realFolder, roster: roster) else {
      return nil
    }
    return TaskListError(
      .invalid, file: reader.list, message: "is row \(row)'s output '\(folder)/\(name)', not a task list")
  }

  /// `path` with no link left, as the walk that reads (a list) or writes
  /// (`DIR`) it resolves it; nil when that walk refuses it (the read or
  /// write says why) or it does not exist.
  private static func walked(_ path: String, rule: ProtectedLinkWalk.Rule) -> String? {
    guard let walked = try? ProtectedLinkWalk.walk(path, rule: rule) else { return nil }
    walked.closeDescriptor()
    return walked.descriptor >= 0 ? walked.path : nil
  }

  /// The row of the reader whose `DIR/ID.eml` the file `list` leads to
  /// through a link (its real path is `ID.eml` in `DIR`'s, its path is
  /// not), and that name, or nil.
  private static func linkedOutput(
    _ list: String, folder: String, realFolder: String?, roster: RosterFile
  ) -> (row: Int, name: String)? {
    guard let realFolder, let real = walked(list, rule: .callerOrRootRead), real.hasPrefix(realFolder + "/") else {
      return nil
    }
    let name = String(real.dropFirst(realFolder.count + 1))
    guard name.hasSuffix(".eml"), !name.contains("/") else { return nil }
    // As written, links not followed.
    let plain = PathText.lexical(list)
    guard plain != real, plain != PathText.lexical(folder + "/" + name) else { return nil }
    let id = String(name.dropLast(4))
    guard let index = roster.readers.indices.first(where: { roster.readers.id(at: $0) == id }) else { return nil }
    return (roster.readers[index].row, name)
  }
}
