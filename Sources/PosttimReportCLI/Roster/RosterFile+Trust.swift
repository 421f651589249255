import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

extension RosterFile {
  /// The roster's bytes, once the file is trusted as a config file is
  /// (``ConfigFileTrust``): it names the task lists read and who gets
  /// them, so a root run must not take another user's.
  /// - Throws: ``RosterError``: 66 for a file that cannot be read, 78 for
  ///   one not trusted, naming the owner, the mode or the folder.
  static func readTrusted(_ path: String) throws(RosterError) -> [UInt8] {
    func unreadable(_ failure: DataFile.Failure) -> RosterError {
      RosterError(exitCode: .noInput, path: path, row: 0, column: nil, message: failure.reason())
    }
    let file: DataFile.Opened
    do {
      // The trust check walks the path, and names a refused link as a reason not to trust it.
      file = try DataFile.open(path, checkingLinks: false, as: .roster)
    } catch {
      throw unreadable(error)
    }
    defer { close(file.descriptor) }
    guard file.kind == .regular else { throw unreadable(.wrongKind(file.what)) }
    if let refused = ConfigFileTrust.refusal(path, descriptor: file.descriptor, info: file.info) {
      throw RosterError(exitCode: .configuration, path: path, row: 0, column: nil, message: "not trusted: " + refused)
    }
    guard Int(file.info.st_size) <= sizeLimit else { throw unreadable(.tooLarge) }
    do {
      return try DataFile.readAll(file.descriptor, limit: sizeLimit)
    } catch {
      throw unreadable(error)
    }
  }
}
