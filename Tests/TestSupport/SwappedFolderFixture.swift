import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// For a root run under folders another user owns: `home` (hers) holds
/// `d`, her folder with her `file`, and `l`, her link to `secret`, root's
/// folder (0700) with its own `file` (0600). ``whileSwapping(_:)`` swaps
/// `d` and `l` in a loop, as she can at any moment.
public struct SwappedFolderFixture {
  /// The other user (mallory).
  public static let other: uid_t = 1005

  public let base: String
  /// The file's name in both folders.
  public let file: String
  public var home: String { base + "/home" }
  public var folder: String { home + "/d" }
  public var secretFolder: String { base + "/secret" }
  public var secret: String { secretFolder + "/" + file }

  /// A setup call that failed, with its errno.
  public struct SetupFailure: Error {
    public let call: String
    public let code: Int32
  }

  /// - Parameters: `hers`, her file's text; `secret`, root's file's text.
  public init(file: String, hers: String, secret: String) throws {
    self.file = file
    base = FileManager.default.temporaryDirectory.appending(path: "posttim-swap-\(UUID().uuidString)").path
    for path in [base, home, folder, secretFolder] {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    try hers.write(toFile: folder + "/" + file, atomically: false, encoding: .utf8)
    try secret.write(toFile: self.secret, atomically: false, encoding: .utf8)
    let other = Self.other
    try Self.check("chmod", chmod(base, 0o755))
    try Self.check("chmod", chmod(secretFolder, 0o700))
    try Self.check("chmod", chmod(self.secret, 0o600))
    for path in [home, folder, folder + "/" + file] {
      try Self.check("chown", chown(path, other, other))
    }
    try Self.check("symlink", symlink(secretFolder, home + "/l"))
    try Self.check("lchown", lchown(home + "/l", other, other))
  }

  private static func check(_ call: String, _ result: Int32) throws {
    guard result == 0 else { throw SetupFailure(call: call, code: errno) }
  }

  public func remove() { try? FileManager.default.removeItem(atPath: base) }

  public func entries(_ path: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: path).sorted()
  }

  public func secretEntries() throws -> [String] { try entries(secretFolder) }

  /// Runs `body` while another thread swaps `d` (her folder) and `l`
  /// (her link) by renames, as fast as it can; each round ends with `d`
  /// her folder again.
  public func whileSwapping(_ body: () throws -> Void) rethrows {
    let stop = Atomic<Bool>(false)
    let done = Atomic<Bool>(false)
    let (d, l, r) = (folder, home + "/l", home + "/r")
    let thread = Thread {
      while !stop.load(ordering: .relaxed) {
        rename(d, r)
        rename(l, d)
        rename(d, l)
        rename(r, d)
      }
      done.store(true, ordering: .releasing)
    }
    thread.start()
    defer {
      stop.store(true, ordering: .relaxed)
      while !done.load(ordering: .acquiring) { usleep(1000) }
    }
    try body()
  }
}
