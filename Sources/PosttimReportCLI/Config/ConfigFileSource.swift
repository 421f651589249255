import PosttimReport

#if canImport(Glibc)
  import Glibc
#endif

/// The bytes of a config file: a regular file or a pipe (`<(…)`,
/// `/dev/stdin`), opened without blocking (``DataFile``), trusted
/// (``ConfigFileTrust``) and at most ``sizeLimit`` bytes; `/dev/null` is
/// an empty file. A directory or another device is refused.
enum ConfigFileSource {
  /// 1 MiB: a config file is a few dozen lines; a pipe that does not end is cut here.
  static let sizeLimit = 1 << 20

  /// - Parameter optional: a file that is not there is no config file
  ///   (nil), as for the default one; a folder or link on the way that is
  ///   not trusted is refused all the same.
  /// - Throws: ``ConfigFileError`` for the whole file (line 0), exit 78.
  static func read(_ path: String, optional: Bool = false) throws(ConfigFileError) -> [UInt8]? {
    func fail(_ message: String) -> ConfigFileError {
      ConfigFileError(path: path, line: 0, column: 0, message: message)
    }
    func fail(_ failure: DataFile.Failure) -> ConfigFileError {
      switch failure {
      case .notFound: fail("config file not found")
      case .unreadable(let reason): fail("cannot read the config file (\(reason))")
      case .tooLarge: fail("is larger than 1 MiB, not a config file")
      case .wrongKind(let what): fail("is \(what), not a config file")
      case .untrusted(let reason): fail("config file not trusted: " + reason)
      }
    }
    do {
      return try ConfigFileTrust.read(path, as: .configFile, limit: sizeLimit, takesPipes: true)
    } catch {
      switch error {
      case .failure(.notFound) where optional: return nil
      case .failure(let failure): throw fail(failure)
      case .untrusted(let reason): throw fail("config file not trusted: " + reason)
      }
    }
  }
}
