import Foundation
import PosttimTemplating

/// Text files laid out like `Templates/` (`html/…`, `markdown/…`,
/// `messages/…`), from the copy embedded at build time or from a folder.
public protocol ResourceFiles: Sendable {
  /// The text of `path` (relative, `/`-separated), or nil when absent.
  func text(at path: String) -> String?
  /// Every relative path under `folder` (e.g. "messages/").
  func paths(under folder: String) -> [String]
  /// The text of `path` and which file it is, or nil when absent.
  func file(at path: String) -> ResourceText?
  /// - Throws: `TemplateError` (78) when a file could not be loaded for
  ///   ``TemplateTextCap``, naming it and its folder.
  func checkLoaded() throws(TemplateError)
}

extension ResourceFiles {
  /// The text, from no file in particular.
  public func file(at path: String) -> ResourceText? { text(at: path).map { ResourceText(text: $0, identity: nil) } }
  /// Nothing is refused.
  public func checkLoaded() throws(TemplateError) {}
}

/// The `Templates/` folder as it was at build time (embedded by the
/// EmbedTemplates plugin), so a copied binary needs no files beside it.
public struct EmbeddedResources: ResourceFiles {
  /// The embedded copy; it holds no state.
  public init() {}
  public func text(at path: String) -> String? { EmbeddedTemplates.files[path] }
  public func paths(under folder: String) -> [String] {
    EmbeddedTemplates.files.keys.filter { $0.hasPrefix(folder) }.sorted()
  }
}

/// A folder laid out like `Templates/`, e.g. a user's `--template-dir`.
/// Paths that could leave the folder are absent (see ``isContained(_:)``).
public struct DirectoryResources: ResourceFiles {
  /// The folder, standardized.
  public let root: URL
  /// What a report has loaded from it; nil for a check that holds nothing.
  private let loaded: TemplateFolderTexts?

  /// The folder at `root`.
  /// - Parameter capped: true for a report's folder: each file is loaded
  ///   once, however many names it has, and all of them within
  ///   ``TemplateTextCap`` (``checkLoaded()``); false for a check or a
  ///   listing that reads each file once and keeps none.
  public init(root: URL, capped: Bool = true) {
    self.root = root.standardizedFileURL
    loaded = capped ? TemplateFolderTexts(folder: self.root.path) : nil
  }

  /// - Returns: the file's UTF-8 text; nil when it is absent, not a
  ///   regular file (a FIFO is never waited on), unreadable, not UTF-8,
  ///   `path` is not ``isContained(_:)``, or loading it would pass
  ///   ``TemplateTextCap`` (``checkLoaded()`` then throws).
  public func text(at path: String) -> String? { file(at: path)?.text }

  public func file(at path: String) -> ResourceText? {
    guard Self.isContained(path) else { return nil }
    let full = root.appending(path: path).path
    if let loaded { return loaded.load(full) }
    guard let bytes = try? Self.read(full), let text = String(validating: bytes, as: UTF8.self) else { return nil }
    return ResourceText(text: text, identity: nil)
  }

  public func checkLoaded() throws(TemplateError) { try loaded?.check() }

  /// Whether `path` (relative, `/`-separated) names a file inside the
  /// folder whatever the folder holds: not empty, not absolute or `~`, no
  /// backslash or NUL, and no empty, `.` or `..` component. The one rule for
  /// every path a user's folder is read at (templates, catalogs).
  public static func isContained(_ path: String) -> Bool {
    !path.isEmpty && !path.hasPrefix("/") && !path.hasPrefix("~") && !path.contains("\\") && !path.contains("\0")
      && !path.split(separator: "/", omittingEmptySubsequences: false).contains {
        $0.isEmpty || $0 == "." || $0 == ".."
      }
  }

  /// The first file that would be silently skipped: a `.mustache` or
  /// `.json` entry that is not a regular UTF-8 text file. Checked up
  /// front so a broken user template is an error (exit 78), never a quiet
  /// fall back to the embedded default.
  /// - Returns: the relative path and the reason, or nil when all is well.
  public func firstUnusableFile() -> (path: String, reason: String)? {
    guard let walker = FileManager.default.enumerator(atPath: root.path) else {
      return (".", "cannot be listed")
    }
    // The folder, and any link in it (to a subfolder, which the listing
    // does not enter), under the link rule every file is read by: a folder
    // refused there would be a quiet fall back to the defaults.
    if let refusal = Self.linkRefusal(root.path) { return (".", refusal) }
    let files = walker.allObjects.compactMap { $0 as? String }.sorted()
    for relative in files {
      var info = stat()
      if lstat(root.appending(path: relative).path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
        let refusal = Self.linkRefusal(root.appending(path: relative).path)
      {
        return (relative, refusal)
      }
    }
    // A file under several names (hard links) is read once: 1,500 names
    // of a 1 MB file are not 1.5 GB to read.
    var checked: Set<FileIdentity> = []
    for relative in files where relative.hasSuffix(".mustache") || relative.hasSuffix(".json") {
      let identity = FileIdentity(path: root.appending(path: relative).path)
      if let identity, checked.contains(identity) { continue }
      let bytes: [UInt8]
      do {
        bytes = try Self.read(root.appending(path: relative).path)
      } catch .wrongKind("a directory") {
        return (relative, "is a directory, not a template")
      } catch .tooLarge {
        return (relative, TemplateFileCap.refusal)
      } catch {
        return (relative, error.reason())
      }
      guard String(validating: bytes, as: UTF8.self) != nil else { return (relative, "is not UTF-8 text") }
      if let identity { checked.insert(identity) }
    }
    return nil
  }

  /// The bytes of the file at `path`, within ``TemplateFileCap``.
  static func read(_ path: String) throws(DataFile.Failure) -> [UInt8] {
    try DataFile.readRegular(path, limit: TemplateFileCap.bytes, as: .templateFolderFile)
  }

  /// The sizes of the templates and catalogs ``firstUnusableFile()``
  /// checked (each within ``TemplateFileCap``), largest first: what
  /// parsing them is charged against a memory limit by. A file under
  /// several names is one text in memory, listed once (its first name).
  public func templateFileSizes() -> [(path: String, bytes: Int)] {
    let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects ?? []).compactMap { $0 as? String }
    var seen: Set<FileIdentity> = []
    return files.filter { $0.hasSuffix(".mustache") || $0.hasSuffix(".json") }.sorted()
      .compactMap { relative in
        var info = stat()
        let path = root.appending(path: relative).path
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let identity = FileIdentity(info),
          seen.insert(identity).inserted
        else { return nil }
        return (path, min(Int(info.st_size), TemplateFileCap.bytes))
      }
      .sorted { ($0.bytes, $1.path) > ($1.bytes, $0.path) }
  }

  /// Why the link rule refuses a link on the way to `path`, or nil.
  static func linkRefusal(_ path: String) -> String? {
    do {
      let file = try DataFile.open(path)
      close(file.descriptor)
      return nil
    } catch .unreadable(let reason) {
      return reason
    } catch {
      return nil
    }
  }

  /// Every file below `folder`, at any depth (as the embedded copy
  /// lists them), skipping dot files.
  public func paths(under folder: String) -> [String] {
    let base = root.appending(path: folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return walker.allObjects.compactMap { $0 as? String }
      .filter { relative in
        !relative.split(separator: "/").contains { $0.hasPrefix(".") }
          && (try? base.appending(path: relative).resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
      }
      .map { folder + $0 }.sorted()
  }

}

/// Looks in each source in order: the user's folder first, then the
/// embedded defaults.
public struct LayeredResources: ResourceFiles {
  /// The sources, searched first to last.
  public let layers: [any ResourceFiles]
  /// Sources searched in order: the first that has a file wins.
  public init(_ layers: [any ResourceFiles]) { self.layers = layers }

  public func text(at path: String) -> String? {
    for layer in layers { if let text = layer.text(at: path) { return text } }
    return nil
  }

  public func paths(under folder: String) -> [String] {
    Array(Set(layers.flatMap { $0.paths(under: folder) })).sorted()
  }

  public func file(at path: String) -> ResourceText? {
    for layer in layers { if let file = layer.file(at: path) { return file } }
    return nil
  }

  public func checkLoaded() throws(TemplateError) {
    for layer in layers { try layer.checkLoaded() }
  }
}
