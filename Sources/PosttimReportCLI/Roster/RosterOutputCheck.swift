import Foundation
import PosttimReport

/// `-o DIR`: no reader's `DIR/ID.eml` may be another reader's task list
/// (the same path, or the same file by identity: links, hard links, `..`).
/// Checked for the whole roster before anything is written; a reader's
/// own list, the roster file and the config file are refused by the
/// report's output check (``TaskInputs/checkOutput(_:isNotIn:)``).
enum RosterOutputCheck {
  /// - Throws: ``RosterErrors`` (64) naming each clash's two rows.
  static func check(_ roster: RosterFile, folder: String) throws {
    var rowByPath: [String: Int] = [:]
    var rowByFile: [FileIdentity: Int] = [:]
    for reader in roster.readers {
      let path = (reader.list as NSString).standardizingPath
      if rowByPath[path] == nil { rowByPath[path] = reader.row }
      if let id = FileIdentity(path: reader.list), rowByFile[id] == nil { rowByFile[id] = reader.row }
    }
    var errors: [RosterError] = []
    for index in roster.readers.indices {
      let output = folder + "/" + roster.readers.id(at: index) + ".eml"
      let byPath = rowByPath[(output as NSString).standardizingPath]
      guard let listRow = byPath ?? FileIdentity(path: output).flatMap({ rowByFile[$0] }) else { continue }
      let row = roster.readers[index].row
      errors.append(
        RosterError(
          exitCode: .usage, path: roster.path, row: row, column: nil,
          message: "output '\(output)' is the list of row \(listRow); refusing to overwrite a task list"))
    }
    if !errors.isEmpty { throw RosterErrors(errors: errors) }
  }
}
