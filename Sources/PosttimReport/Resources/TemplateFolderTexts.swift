import Foundation
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
/// the refusal ``check()`` throws.
final class TemplateFolderTexts: Sendable {
  private struct State: Sendable {
    var texts: [FileIdentity: String] = [:]
    var bytes = 0
    var refused: String?
  }

  /// The folder, as the refusal names it.
  let folder: String
  private let state = Mutex(State())

  init(folder: String) { self.folder = folder }

  /// The text of the regular UTF-8 file at `path` (absolute), or nil when
  /// it is absent, unreadable, not UTF-8, over ``TemplateFileCap`` (refused
  /// by the folder's check), or past ``TemplateTextCap`` (then recorded).
  func load(_ path: String) -> ResourceText? {
    guard let file = try? DataFile.open(path, regularOnly: true, as: .templateFolderFile) else { return nil }
    defer { close(file.descriptor) }
    guard file.kind == .regular, let identity = FileIdentity(file.info) else { return nil }
    return state.withLock { state -> ResourceText? in
      if let text = state.texts[identity] { return ResourceText(text: text, identity: identity) }
      guard state.refused == nil else { return nil }
      let room = TemplateTextCap.bytes - state.bytes
      guard Int(file.info.st_size) <= room else {
        state.refused = path
        return nil
      }
      let bytes: [UInt8]
      do throws(DataFile.Failure) {
        bytes = try DataFile.readAll(file.descriptor, limit: min(room, TemplateFileCap.bytes))
      } catch .tooLarge {
        // Grown since its size was taken.
        if room < TemplateFileCap.bytes { state.refused = path }
        return nil
      } catch {
        return nil
      }
      guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
      state.bytes += bytes.count
      state.texts[identity] = text
      return ResourceText(text: text, identity: identity)
    }
  }

  /// - Throws: `TemplateError` (`.syntax`, exit 78) naming the file whose
  ///   loading would have passed ``TemplateTextCap``, and the folder.
  func check() throws(TemplateError) {
    guard let path = state.withLock({ $0.refused }) else { return }
    throw TemplateError(kind: .syntax, templateName: path, message: TemplateTextCap.refusal(folder: folder))
  }
}
