import FoundationEssentials
import PosttimICU
import PosttimTemplating
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A file's text as a report loads it, and which file it is: names of one
/// file (hard or symbolic links) share one text and one parse.
public struct ResourceText: Sendable {
  /// The file's text.
  public let text: String
  /// The file's device and inode; nil for an embedded file.
  public let identity: FileIdentity?
}

/// The texts one report loads from a template folder: each file (device
/// and inode) read once, and all of them within ``TemplateTextCap``. The
/// file whose loading would pass the cap is not read, by its size: it is
/// the refusal ``check()`` throws, as is a listed file that cannot be
/// loaded (replaced since the folder was listed), so a report never
/// renders the defaults in its place.
final class TemplateFolderTexts: Sendable {
  private struct State: Sendable {
    var texts: [FileIdentity: String] = [:]
    var bytes = 0
    /// The file refused and why.
    var refused: (path: String, reason: String)?
  }

  /// The folder the files are listed in and loaded from.
  let folder: TemplateFolder
  private let state = Mutex(State())

  init(folder: TemplateFolder) { self.folder = folder }

  /// The text of the listed regular UTF-8 file `entry`, or nil when it
  /// cannot be loaded (then recorded), or past ``TemplateTextCap`` (then
  /// recorded too).
  func load(_ entry: TemplateFolder.Entry) -> ResourceText? {
    if let identity = entry.identity, let text = state.withLock({ $0.texts[identity] }) {
      return ResourceText(text: text, identity: identity)
    }
    let path = folder.fullPath(entry.path)
    let file: DataFile.Opened
    do throws(DataFile.Failure) {
      file = try folder.open(entry)
    } catch {
      refuse(path, error.reason())
      return nil
    }
    defer { close(file.descriptor) }
    guard let identity = FileIdentity(file.info) else { return nil }
    return state.withLock { state -> ResourceText? in
      if let text = state.texts[identity] { return ResourceText(text: text, identity: identity) }
      guard state.refused == nil else { return nil }
      let room = TemplateTextCap.bytes - state.bytes
      guard Int(file.info.st_size) <= room else {
        state.refused = (path, TemplateTextCap.refusal(folder: folder.path))
        return nil
      }
      let bytes: [UInt8]
      do throws(DataFile.Failure) {
        bytes = try DataFile.readAll(file.descriptor, limit: min(room, TemplateFileCap.bytes))
      } catch .tooLarge {
        // Grown since its size was taken.
        state.refused = (
          path, room < TemplateFileCap.bytes ? TemplateTextCap.refusal(folder: folder.path) : TemplateFileCap.refusal
        )
        return nil
      } catch {
        state.refused = (path, error.reason())
        return nil
      }
      guard let text = String(validating: bytes, as: UTF8.self) else {
        state.refused = (path, "is not UTF-8 text")
        return nil
      }
      state.bytes += bytes.count
      state.texts[identity] = text
      return ResourceText(text: text, identity: identity)
    }
  }

  private func refuse(_ path: String, _ reason: String) {
    state.withLock { state in
      if state.refused == nil { state.refused = (path, reason) }
    }
  }

  /// - Throws: `TemplateError` (`.syntax`, exit 78) naming the first file
  ///   refused (past ``TemplateTextCap``, with the folder; or why it could
  ///   not be loaded).
  func check() throws(TemplateError) {
    guard let (path, reason) = state.withLock({ $0.refused }) else { return }
    throw TemplateError(kind: .syntax, templateName: path, message: reason)
  }
}
