import FoundationEssentials
import Glibc
import Synchronization

/// Every regular file and FIFO this process has read as data, by identity
/// (`st_dev`, `st_ino`), with what it was read as: the one list `-o` is
/// checked against, so no output can replace a file the run reads (a
/// config file, a template, a partial or catalog, a roster), or write into
/// the pipe it came from, however its name is spelled (links, hard links,
/// `..`, `/dev/stdin`).
public enum ReadFiles {
  /// What a file was read as.
  public enum Role: String, Sendable {
    case taskList = "the input"
    case configFile = "the config file"
    case template = "the template"
    case templateFolderFile = "the template folder's file"
    case roster = "the roster"
    case zoneFile = "the zone file"

    /// What `-o` would have replaced, after "refusing to overwrite".
    package var overwritten: String { self == .taskList ? "a task list" : "a file the run reads" }
  }

  /// A file read: its role and the path it was read at.
  package struct Record: Sendable, Equatable {
    package let role: Role
    package let path: String
  }

  private struct Key: Hashable {
    let device: UInt64
    let inode: UInt64
  }

  private static let records = Mutex<[Key: Record]>([:])

  /// Whether a write to what `info` describes reaches what is read from
  /// it: a regular file, or a FIFO or pipe, whose reader (this run) would
  /// swallow the output. Not a device: a terminal or `/dev/null` written
  /// to gives back nothing of it, and an input is never one.
  package static func isWrittenBack(_ info: stat) -> Bool {
    [S_IFREG, S_IFIFO].contains(info.st_mode & S_IFMT)
  }

  /// Records the file `info` describes (one ``isWrittenBack(_:)``); the
  /// first role a file was read as stays.
  package static func record(_ info: stat, path: String, as role: Role) {
    guard isWrittenBack(info) else { return }
    let key = Key(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    records.withLock { if $0[key] == nil { $0[key] = Record(role: role, path: path) } }
  }

  /// What the file with this identity was read as, or nil.
  package static func record(device: UInt64, inode: UInt64) -> Record? {
    records.withLock { $0[Key(device: device, inode: inode)] }
  }
}
