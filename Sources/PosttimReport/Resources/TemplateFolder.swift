import FoundationEssentials
import PosttimICU

#if canImport(Glibc)
  import Glibc
#endif

/// A template folder (`--template-dir`, a config file's `template-dir`, a
/// roster reader's cell) looked up once, by the link walk every read
/// follows (``ProtectedLinkWalk``: `m/l/..` meets the link `m/l` before
/// its `..`), and listed once, relative to that folder's descriptor. The
/// check, the sizes, the listing and every load use this one listing, and
/// each file is opened from the folder's descriptor and must be the one
/// listed: a folder swapped meanwhile cannot make a run check one set of
/// files and render another, or fall back to the defaults in silence.
public final class TemplateFolder: Sendable {
  /// One entry below the folder, after the links the rule follows.
  public struct Entry: Sendable {
    /// Relative, `/`-separated.
    public let path: String
    /// `S_IFREG`, `S_IFDIR`, …; 0 when ``refusal`` is set.
    let kind: mode_t
    let size: Int
    /// A regular file's or FIFO's device and inode.
    public let identity: FileIdentity?
    /// Why it cannot be used (a link the rule does not follow, a folder
    /// that cannot be listed), or nil.
    let refusal: String?

    var isRegular: Bool { kind == S_IFREG }
  }

  /// Why a folder could not be opened or listed.
  public enum Failure: Error, Equatable {
    /// Missing (ENOENT, ENOTDIR).
    case notFound
    /// Not a folder.
    case notAFolder
    /// A link refused on the way, a folder that cannot be opened, or one
    /// past the listing's caps: the reason, after the folder's name.
    case refused(String)
  }

  /// The deepest a file may lie below the folder, in folders.
  public static let maximumDepth = 64
  /// The most entries (files and folders) a folder may hold in all.
  public static let maximumEntries = 10_000

  /// The folder as the user spelled it, for messages.
  public let path: String
  /// Open for reading (`O_DIRECTORY`), for the life of this value.
  let descriptor: Int32
  /// Every entry, sorted by path.
  public let entries: [Entry]
  private let byPath: [String: Int]

  /// Opens and lists the folder at `path`.
  /// - Throws: ``Failure``.
  public init(opening path: String) throws(Failure) {
    let walked: WalkedPath
    do throws(ProtectedLinkWalk.Refusal) {
      walked = try ProtectedLinkWalk.walk(path, rule: .callerOrRootRead)
    } catch {
      throw .refused(error.reason)
    }
    guard walked.descriptor >= 0 else {
      if walked.error == ENOENT || walked.error == ENOTDIR { throw .notFound }
      throw .refused("cannot be opened (\(String(cString: strerror(walked.error))))")
    }
    guard walked.info.map({ $0.st_mode & S_IFMT == S_IFDIR }) == true else {
      walked.closeDescriptor()
      throw .notAFolder
    }
    let folder = walked.openedFolder()
    guard folder >= 0 else { throw .refused("cannot be listed (\(ProtectedLinkWalk.lastError))") }
    var listing = Listing(top: Self.trimmed(path))
    do throws(Failure) {
      // The listing's stream owns (and closes) a copy; the folder's is kept.
      try listing.list(dup(folder), at: "", above: [])
    } catch {
      close(folder)
      throw error
    }
    self.path = path
    descriptor = folder
    entries = listing.entries.sorted { $0.path < $1.path }
    byPath = Dictionary(entries.enumerated().map { ($1.path, $0) }) { first, _ in first }
  }

  deinit { close(descriptor) }

  /// The entry at `relative`, or nil when the listing has none.
  public func entry(_ relative: String) -> Entry? { byPath[relative].map { entries[$0] } }

  /// `relative` below the folder as spelled, for messages.
  public func fullPath(_ relative: String) -> String { Self.trimmed(path) + "/" + relative }

  /// `path` without a trailing `/` (but `/` itself).
  private static func trimmed(_ path: String) -> String {
    var text = Substring(path)
    while text.count > 1 && text.hasSuffix("/") { text = text.dropLast() }
    return text == "/" ? "" : String(text)
  }

  /// The listed regular file `entry`, opened from the folder's descriptor.
  /// - Throws: `DataFile.Failure`: `.wrongKind` for what is not a regular
  ///   file, `.unreadable` for one that is not the file listed.
  func open(_ entry: Entry) throws(DataFile.Failure) -> DataFile.Opened {
    if let refusal = entry.refusal { throw .unreadable(refusal) }
    guard entry.isRegular else { throw .wrongKind(Self.what(entry.kind)) }
    let file = try DataFile.open(
      entry.path, from: (descriptor, Self.trimmed(path)), regularOnly: true, as: .templateFolderFile)
    guard file.kind == .regular, FileIdentity(file.info) == entry.identity else {
      close(file.descriptor)
      throw .unreadable("it was replaced after its folder was listed")
    }
    return file
  }

  /// The bytes of the listed regular file `entry`, within ``TemplateFileCap``.
  func read(_ entry: Entry) throws(DataFile.Failure) -> [UInt8] {
    let file = try open(entry)
    defer { close(file.descriptor) }
    guard Int(file.info.st_size) <= TemplateFileCap.bytes else { throw .tooLarge }
    return try DataFile.readAll(file.descriptor, limit: TemplateFileCap.bytes)
  }

  private static func what(_ kind: mode_t) -> String {
    var info = stat()
    info.st_mode = kind
    return DataFile.what(info)
  }

  /// The entries below one folder descriptor, depth first, within the caps.
  private struct Listing {
    let top: String
    var entries: [Entry] = []

    /// `name` with its ASCII as is and every other scalar as `\u{…}`, so
    /// that NFC and NFD spellings look different.
    static func spelled(_ name: String) -> String {
      name.unicodeScalars.map { scalar in
        scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F
          ? String(scalar) : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }.joined()
    }

    /// Lists `folder` (closed here), whose path below the top is `prefix`;
    /// `above` holds the device and inode of each folder it is in, so a
    /// link back to one of them is not entered again.
    mutating func list(_ folder: Int32, at prefix: String, above: Set<[UInt64]>) throws(Failure) {
      var info = stat()
      let here = fstat(folder, &info) == 0 ? [UInt64(info.st_dev), UInt64(info.st_ino)] : []
      let above = above.union([here])
      guard let stream = fdopendir(folder) else {
        let reason = ProtectedLinkWalk.lastError
        close(folder)
        throw .refused("cannot be listed (\(reason))")
      }
      defer { closedir(stream) }
      let shown = prefix.isEmpty ? top : top + "/" + prefix
      // Names are compared as Swift compares strings (canonical
      // equivalence): two names that differ only in Unicode normalization
      // (`café` written NFC and NFD, as Linux and macOS write it) or a
      // name that is not UTF-8 could not be told apart by a template
      // naming its partial, so the folder is refused naming them.
      var names: [String: String] = [:]
      while let item = readdir(stream) {
        let bytes = withUnsafeBytes(of: item.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
        guard let name = String(validating: bytes, as: UTF8.self) else {
          throw .refused(
            "holds a name that is not UTF-8 text, '\(UndecodedBytes.escaped(bytes))' in \(shown): rename it")
        }
        guard name != "." && name != ".." else { continue }
        if let other = names[name] {
          throw .refused(
            "holds two names that Unicode reads as one, '\(Self.spelled(other))' and '\(Self.spelled(name))' in "
              + "\(shown) (\(CanonicalPair.kind(other, name, spelled: Self.spelled))): rename one")
        }
        names[name] = name
      }
      for name in names.values.sorted() {
        let relative = prefix.isEmpty ? name : prefix + "/" + name
        guard entries.count < TemplateFolder.maximumEntries else {
          throw .refused(
            "holds more than \(TemplateFolder.maximumEntries) files and folders, the cap for a template folder")
        }
        let walked: WalkedPath
        do throws(ProtectedLinkWalk.Refusal) {
          walked = try ProtectedLinkWalk.walk(name, from: (dirfd(stream), shown), rule: .callerOrRootRead)
        } catch {
          entries.append(Entry(path: relative, kind: 0, size: 0, identity: nil, refusal: error.reason))
          continue
        }
        guard let info = walked.info else {
          walked.closeDescriptor()
          continue  // gone since it was listed: absent
        }
        let kind = info.st_mode & S_IFMT
        entries.append(
          Entry(path: relative, kind: kind, size: Int(info.st_size), identity: FileIdentity(info), refusal: nil))
        guard kind == S_IFDIR else {
          walked.closeDescriptor()
          continue
        }
        guard !above.contains([UInt64(info.st_dev), UInt64(info.st_ino)]) else {
          walked.closeDescriptor()
          continue  // a link back to a folder it is in
        }
        guard above.count <= TemplateFolder.maximumDepth else {
          walked.closeDescriptor()
          throw .refused(
            "has folders nested more than \(TemplateFolder.maximumDepth) deep, the cap for a template folder")
        }
        let inner = walked.openedFolder()
        guard inner >= 0 else {
          let reason = ProtectedLinkWalk.lastError
          entries[entries.count - 1] = Entry(
            path: relative, kind: 0, size: 0, identity: nil, refusal: "cannot be listed (\(reason))")
          continue
        }
        try list(inner, at: relative, above: above)
      }
    }
  }
}
