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
  /// - Returns: the bytes, and the path its walk reached (no link left).
  static func readTrusted(_ path: String) throws(RosterError) -> (bytes: [UInt8], resolved: String) {
    do {
      return try ConfigFileTrust.readResolved(path, as: .roster, limit: sizeLimit, takesPipes: false)
    } catch {
      switch error {
      case .failure(let failure):
        throw RosterError(exitCode: .noInput, path: path, row: 0, column: nil, message: failure.reason())
      case .untrusted(let reason):
        throw RosterError(exitCode: .configuration, path: path, row: 0, column: nil, message: "not trusted: " + reason)
      }
    }
  }
}
