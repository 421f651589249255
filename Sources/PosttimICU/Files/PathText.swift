import FoundationEssentials

/// Path arithmetic on the text alone, as `NSString`'s path methods do it:
/// no file is looked at and no link followed.
public enum PathText {
  /// The last component: `/a/b.csv` → `b.csv`, `/a/b/` → `b`, `/` → `/`.
  public static func lastComponent(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return trimmed }
    return String(trimmed[trimmed.index(after: slash)...])
  }

  /// The path without its last component: `/a/b.csv` → `/a`, `/a` → `/`,
  /// `b.csv` → `` (the current folder).
  public static func deletingLastComponent(_ path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if trimmed == "/" { return "/" }
    let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
    return folder.isEmpty ? "/" : folder
  }

  /// An absolute path with `.` and `..` worked out on the text (from the
  /// current folder for a relative one): two spellings of one path compare
  /// equal.
  public static func standardized(_ path: String) -> String {
    // Not URL.standardized: for a relative file URL it drops the current
    // folder ("a/../b" became "/b").
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var parts: [Substring] = []
    for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..": _ = parts.popLast()
      default: parts.append(part)
      }
    }
    return "/" + parts.joined(separator: "/")
  }

  private static func withoutTrailingSlashes(_ path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    return String(trimmed)
  }
}
