import Glibc

/// Path arithmetic as `NSString`'s path methods do it.
public enum PathText {
  /// The last component: `/a/b.csv` → `b.csv`, `/a/b/` → `b`, `/` → `/`.
  public static func lastComponent(_ path: String) -> String {
    let fixed = fixingSlashes(path)
    guard fixed != "/", let slash = fixed.lastIndex(of: "/") else { return fixed }
    return String(fixed[fixed.index(after: slash)...])
  }

  /// The path without its last component: `/a/b.csv` → `/a`, `/a` → `/`,
  /// `b.csv` → `` (the current folder); `//` is one slash.
  public static func deletingLastComponent(_ path: String) -> String {
    let fixed = fixingSlashes(path)
    guard let slash = fixed.lastIndex(of: "/") else { return "" }
    return slash == fixed.startIndex ? "/" : String(fixed[..<slash])
  }

  /// An absolute path with `.` and `..` worked out on the text alone (from
  /// the current folder for a relative one), links not followed: the path
  /// as written.
  public static func lexical(_ path: String) -> String {
    // Not URL.standardized: for a relative file URL it drops the current
    // folder ("a/../b" became "/b").
    var parts: [Substring] = []
    for part in absolute(path).split(separator: "/") {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  /// The file `path` names: an absolute path with every link in its
  /// existing part followed (realpath(3)), and the part that does not
  /// exist yet worked out on the text. Two spellings of one file, or of
  /// one file still to be made, give the same text.
  public static func resolved(_ path: String) -> String {
    resolvedAbsolute(lexicalSlashes(absolute(path)))
  }

  private static func resolvedAbsolute(_ path: String) -> String {
    if path == "/" { return path }
    if let real = real(path) { return real }
    let folder = resolvedAbsolute(deletingLastComponent(path))
    switch lastComponent(path) {
    case ".": return folder
    // The folder is a real path here: its text's parent is its parent.
    case "..": return deletingLastComponent(folder)
    case let name: return (folder == "/" ? "" : folder) + "/" + name
    }
  }

  /// `path` with every link followed, realpath(3); nil when it does not exist.
  static func real(_ path: String) -> String? {
    guard let real = realpath(path, nil) else { return nil }
    defer { free(real) }
    return String(cString: real)
  }

  /// The current folder, getcwd(3); nil when it cannot be named.
  static func currentFolder() -> String? {
    guard let text = getcwd(nil, 0) else { return nil }
    defer { free(text) }
    return String(cString: text)
  }

  private static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : (currentFolder() ?? "") + "/" + path
  }

  /// `path` with repeated slashes made one and a trailing one dropped.
  private static func fixingSlashes(_ path: String) -> String {
    guard path.contains("/") else { return path }
    let fixed = lexicalSlashes(path)
    return path.hasPrefix("/") ? fixed : String(fixed.dropFirst())
  }

  private static func lexicalSlashes(_ path: String) -> String {
    "/" + path.split(separator: "/").joined(separator: "/")
  }
}
