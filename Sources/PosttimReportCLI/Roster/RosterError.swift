import PosttimICU

/// A roster refused whole, before any reader is handled: located as
/// `ROSTER, row N, column 'NAME': message` (the header is row 1; row 0
/// is the whole file), with the exit status of its kind: 65 for the
/// file's content (its CSV, its columns, a cell), 66 for a roster that
/// cannot be read, 64 or 78 for an option from the command line or the
/// config file that no row can use.
struct RosterError: Error, CustomStringConvertible {
  let exitCode: ExitCode
  let path: String
  let row: Int
  let column: String?
  let message: String

  /// A cell whose value its option refuses (a bad locale or zone).
  static func cell(path: String, row: Int, column: String, message: String) -> RosterError {
    RosterError(exitCode: .dataError, path: path, row: row, column: column, message: message)
  }

  /// The file's content: its CSV, its header, an `id`, a `list`, an `at`.
  static func content(_ path: String, row: Int = 0, column: String? = nil, _ message: String) -> RosterError {
    RosterError(exitCode: .dataError, path: path, row: row, column: column, message: message)
  }

  var description: String {
    var location = "roster '\(TerminalText.echo(path))'"
    if row > 0 { location += ", row \(row)" }
    if let column { location += ", column '\(TerminalText.echo(column, limit: 80))'" }
    return location + ": " + TerminalText.echo(message, keepingEndPast: ConfigFileError.messageLimit)
  }
}

/// Every problem found in one roster, one line each (at most
/// ``shownLimit``, then a count); the exit status is the first one's.
struct RosterErrors: Error, CustomStringConvertible, SeveralErrors {
  let errors: [RosterError]
  static let shownLimit = 20

  var exitCode: ExitCode { errors[0].exitCode }
  var lines: [String] {
    let shown = errors.prefix(Self.shownLimit).map(\.description)
    let more = errors.count - shown.count
    return shown + (more > 0 ? ["roster '\(TerminalText.echo(errors[0].path))': \(more) more errors not shown"] : [])
  }
  var description: String { lines.joined(separator: "; ") }
}

extension RosterJournal.Failure {
  /// 75 for a journal another run holds (this hour's run is still going:
  /// the next one will do the work) or a folder a run with another split
  /// holds, 73 for one that cannot be opened or created, 74
  /// for one that cannot record, 65 for one that is not a journal, 78 for
  /// one another user could have written or another roster's.
  var exitCode: ExitCode {
    switch self {
    case .busy, .otherSplit: return .temporaryFailure
    case .cannotOpen, .cannotCreate: return .cannotCreate
    case .cannotWrite, .notRecorded: return .ioError
    case .corrupt: return .dataError
    case .untrusted, .otherRoster: return .configuration
    }
  }
}
