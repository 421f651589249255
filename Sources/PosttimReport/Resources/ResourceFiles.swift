import FoundationEssentials
import PosttimTemplating

/// Text files laid out like `Templates/` (`html/…`, `markdown/…`,
/// `messages/…`), from the copy embedded at build time or from a folder.
public protocol ResourceFiles: Sendable {
  /// The text of `path` (relative, `/`-separated), or nil when absent.
  func text(at path: String) -> String?
  /// Every source's text of `path`, the first source's first: a user's
  /// catalog and the shipped one of the same name.
  func texts(at path: String) -> [String]
  /// Every relative path under `folder` (e.g. "messages/").
  func paths(under folder: String) -> [String]
  /// The text of `path` and which file it is, or nil when absent.
  func file(at path: String) -> ResourceText?
  /// - Throws: `TemplateError` (78) when a file could not be loaded for
  ///   ``TemplateTextCap``, naming it and its folder.
  func checkLoaded() throws(TemplateError)
}

extension ResourceFiles {
  /// One source: its text, if any.
  public func texts(at path: String) -> [String] { text(at: path).map { [$0] } ?? [] }

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

/// A folder laid out like `Templates/`, e.g. a user's `--template-dir`:
/// its one listing (``TemplateFolder``), so what is checked is what is
/// loaded. Paths that could leave the folder are absent (see
/// ``isContained(_:)``), and so is a file the listing does not hold.
public struct DirectoryResources: ResourceFiles {
  /// The folder, opened and listed once.
  public let folder: TemplateFolder
  /// What a report has loaded from it; nil for a check that holds nothing.
  private let loaded: TemplateFolderTexts?

  /// The folder `folder`.
  /// - Parameter capped: true for a report's folder: each file is loaded
  ///   once, however many names it has, and all of them within
  ///   ``TemplateTextCap`` (``checkLoaded()``); false for a check or a
  ///   listing that reads each file once and keeps none.
  public init(folder: TemplateFolder, capped: Bool = true) {
    self.folder = folder
    loaded = capped ? TemplateFolderTexts(folder: folder) : nil
  }

  /// The folder at `root`, opened and listed now.
  /// - Throws: ``TemplateFolder/Failure``.
  public init(root: URL, capped: Bool = true) throws(TemplateFolder.Failure) {
    self.init(folder: try TemplateFolder(opening: root.path), capped: capped)
  }

  /// - Returns: the file's UTF-8 text; nil when it is not listed, not a
  ///   regular file (a FIFO is never waited on), unreadable, not UTF-8,
  ///   `path` is not ``isContained(_:)``, or loading it would pass
  ///   ``TemplateTextCap`` (``checkLoaded()`` then throws, as it does for
  ///   a listed file that cannot be loaded).
  public func text(at path: String) -> String? { file(at: path)?.text }

  public func file(at path: String) -> ResourceText? {
    guard Self.isContained(path), let entry = folder.entry(path), entry.isRegular else { return nil }
    if let loaded { return loaded.load(entry) }
    guard let bytes = try? folder.read(entry), let text = String(validating: bytes, as: UTF8.self) else { return nil }
    return ResourceText(text: text, identity: entry.identity)
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

  /// The first file that would be silently skipped: a link the rule does
  /// not follow, a folder that cannot be listed, or a `.mustache` or
  /// `.json` entry that is not a regular UTF-8 text file. Checked up
  /// front so a broken user template is an error (exit 78), never a quiet
  /// fall back to the embedded default.
  /// - Returns: the relative path and the reason, or nil when all is well.
  public func firstUnusableFile() -> (path: String, reason: String)? {
    if let refused = folder.entries.first(where: { $0.refusal != nil }) { return (refused.path, refused.refusal!) }
    // A file under several names (hard links) is read once: 1,500 names
    // of a 1 MB file are not 1.5 GB to read.
    var checked: Set<FileIdentity> = []
    for entry in folder.entries where Self.isTemplateOrCatalog(entry.path) {
      if let identity = entry.identity, checked.contains(identity) { continue }
      let bytes: [UInt8]
      do {
        bytes = try folder.read(entry)
      } catch .wrongKind("a directory") {
        return (entry.path, "is a directory, not a template")
      } catch .tooLarge {
        return (entry.path, TemplateFileCap.refusal)
      } catch {
        return (entry.path, error.reason())
      }
      guard String(validating: bytes, as: UTF8.self) != nil else { return (entry.path, "is not UTF-8 text") }
      if let identity = entry.identity { checked.insert(identity) }
    }
    return nil
  }

  private static func isTemplateOrCatalog(_ path: String) -> Bool {
    path.hasSuffix(".mustache") || path.hasSuffix(".json")
  }

  /// The sizes of the templates and catalogs ``firstUnusableFile()``
  /// checked (each within ``TemplateFileCap``), largest first: what
  /// parsing them is charged against a memory limit by. A file under
  /// several names is one text in memory, listed once (its first name).
  public func templateFileSizes() -> [(path: String, bytes: Int)] {
    var seen: Set<FileIdentity> = []
    return folder.entries
      .compactMap { entry in
        guard Self.isTemplateOrCatalog(entry.path), entry.isRegular, let identity = entry.identity,
          seen.insert(identity).inserted
        else { return nil }
        return (folder.fullPath(entry.path), min(entry.size, TemplateFileCap.bytes))
      }
      .sorted { ($0.bytes, $1.path) > ($1.bytes, $0.path) }
  }

  /// Every regular file below `prefix` (e.g. "messages/"), at any depth
  /// (as the embedded copy lists them), skipping dot files.
  public func paths(under prefix: String) -> [String] {
    folder.entries.compactMap { entry in
      guard entry.isRegular, entry.path.hasPrefix(prefix),
        !entry.path.dropFirst(prefix.count).split(separator: "/").contains(where: { $0.hasPrefix(".") })
      else { return nil }
      return entry.path
    }
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

  public func texts(at path: String) -> [String] { layers.flatMap { $0.texts(at: path) } }

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
