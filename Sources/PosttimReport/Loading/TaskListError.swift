import PosttimICU
/// Why a task list could not be used, with the file, the entry and the key.
///
/// `description` is the one-line message for stderr, for example
/// `listeDesTaches.plist: entry 3: "importance" must be 1…9, got "urgent"`.
/// The CLI maps ``Kind/notFound`` to exit 66 (EX_NOINPUT),
/// ``Kind/systemLimit`` to 71 (EX_OSERR) and every other kind to 65
/// (EX_DATAERR).
public struct TaskListError: Error, Equatable, CustomStringConvertible {
  /// The failure's kind (each maps to a documented exit status).
  public enum Kind: Sendable, Equatable {
    /// The file does not exist or cannot be opened.
    case notFound
    /// The bytes are not an XML or binary property list.
    case unreadable
    /// A property list, but not a valid Post'TIM task list.
    case invalid
    /// The system refused what reading needs: no file descriptor or no
    /// memory left (`ulimit -n`, `ulimit -v`).
    case systemLimit
  }

  /// What kind of failure, which decides the exit status (docs/usage.md, "Exit status").
  public let kind: Kind
  /// The path as given (`-` for stdin).
  public let file: String
  /// The entry (from 1), when the problem is inside one.
  public let entry: Int?
  /// The plist key, when the problem is one value.
  public let key: String?
  /// The reason, one line, without the file/entry/key prefix.
  public let message: String

  /// An error in `file`, at `entry` (from 1) and `key` when known.
  public init(_ kind: Kind, file: String, entry: Int? = nil, key: String? = nil, message: String) {
    self.kind = kind
    self.file = file
    self.entry = entry
    self.key = key
    self.message = message
  }

  public var description: String {
    var text = file == "-" ? "<stdin>" : Self.printable(file, limit: 200)
    if let entry { text += ": entry \(entry)" }
    if let key { text += ": \"\(Self.printable(key))\"" }
    // The message's echoed values are made printable where they are cut;
    // this pass is the last guard for the one-line promise.
    return text + (key == nil ? ": " : " ") + Self.printable(message, limit: .max)
  }

  /// Text from a task list or a file name made safe for one terminal
  /// line: control characters escaped (a value cannot move the cursor or
  /// change colours), and cut at `limit` characters.
  public static func printable(_ text: String, limit: Int = 60) -> String {
    TerminalText.echo(text, limit: limit)
  }

}
