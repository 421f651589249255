import Foundation
import Synchronization

/// Templates read from files `root/<name>.<fileExtension>`, parsed once and cached.
///
/// Shape: `DirectoryTemplateSource(root: url, fileExtension: "mustache")`;
/// names may contain `/` to reach subfolders (`{{>rows/task}}`). A missing file
/// is `nil`. Thread-safe: the cache is guarded by a `Mutex`.
///
/// Errors: `.notFound` for names that could escape `root` (absolute paths, `..`
/// or empty components, backslashes, NUL) and for unreadable or non-UTF-8
/// files; `.syntax` for files that do not parse (named by the template name).
///
/// Source followed: the Mustache spec v1.x (https://github.com/mustache/spec)
/// for partial semantics; the path checks are this project's own rule, since a
/// template directory may come from a user's `--template-dir`.
public final class DirectoryTemplateSource: TemplateSource {
  public let root: URL
  public let fileExtension: String
  private let cache = Mutex<[String: Template]>([:])

  public init(root: URL, fileExtension: String) {
    self.root = root.standardizedFileURL
    self.fileExtension = fileExtension
  }

  public func template(named name: String) throws(TemplateError) -> Template? {
    if let cached = cache.withLock({ $0[name] }) { return cached }
    let url = try fileURL(for: name)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let text: String
    do {
      text = try String(contentsOf: url, encoding: .utf8)
    } catch {
      throw TemplateError(
        kind: .notFound, templateName: name,
        message: "cannot read \(url.path): \(error.localizedDescription)")
    }
    let template = try Template(source: text, name: name)
    cache.withLock { $0[name] = template }
    return template
  }

  /// The file for `name`, refusing anything that could resolve outside `root`.
  func fileURL(for name: String) throws(TemplateError) -> URL {
    let components = name.split(separator: "/", omittingEmptySubsequences: false)
    let unsafe =
      name.isEmpty || name.hasPrefix("/") || name.hasPrefix("~") || name.contains("\\")
      || name.contains("\0") || components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    guard !unsafe else {
      throw TemplateError(
        kind: .notFound, templateName: name,
        message: "invalid template name '\(name)': names must be relative paths inside the template directory")
    }
    let url = root.appendingPathComponent(name + "." + fileExtension).standardizedFileURL
    // Belt and braces: the checks above should already make this impossible.
    guard url.path.hasPrefix(root.path.hasSuffix("/") ? root.path : root.path + "/") else {
      throw TemplateError(
        kind: .notFound, templateName: name,
        message: "invalid template name '\(name)': resolves outside the template directory")
    }
    return url
  }
}
