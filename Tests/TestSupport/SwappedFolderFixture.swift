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

  /// renameat2(2), which Glibc's module does not declare.
  private typealias Renameat2 =
    @convention(c) (
      Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
    ) -> Int32
  private static let exchange = unsafeBitCast(dlsym(nil, "renameat2")!, to: Renameat2.self)
  private static let renameExchange: UInt32 = 1 << 1

  /// How many attempts of each loop of ``whileSwapping(swaps:tries:_:)``
  /// must have had `d` swapped while they ran: the loop's length counts
  /// races met, not tries or time, so a calm machine stops sooner.
  public static let swaps = 2_000

  /// Calls `attempt` again and again while another thread swaps `d` (her
  /// folder) and `l` (her link) by exchanges and renames, as fast as it
  /// can, ending with `d` her folder again; stops once `swaps` attempts
  /// have had `d` swapped while they ran, once `attempt` returns false (it
  /// saw what it looks for), or after `tries` calls (on a loaded machine,
  /// where the two threads seldom run at once). Returns those attempts.
  @discardableResult
  public func whileSwapping(
    swaps: Int = Self.swaps, tries: Int = 20_000, _ attempt: () throws -> Bool
  ) rethrows -> Int {
    let stop = Atomic<Bool>(false)
    let done = Atomic<Bool>(false)
    let changes = Atomic<Int>(0)
    let (d, l, r) = (folder, home + "/l", home + "/r")
    let exchange = Self.exchange
    let thread = Thread {
      func change(_ call: () -> Int32) {
        _ = call()
        changes.add(1, ordering: .relaxed)
      }
      while !stop.load(ordering: .relaxed) {
        // `d` goes from missing to link or folder and back, then from
        // folder to link and back with no moment without one: each call
        // makes one of the changes a lookup can be caught between.
        change { rename(d, r) }
        for _ in 0..<4 {
          change { rename(l, d) }
          change { rename(d, l) }
          change { rename(r, d) }
          change { rename(d, r) }
        }
        change { rename(r, d) }
        for _ in 0..<8 { change { exchange(AT_FDCWD, d, AT_FDCWD, l, Self.renameExchange) } }
      }
      done.store(true, ordering: .releasing)
    }
    thread.start()
    defer {
      stop.store(true, ordering: .relaxed)
      while !done.load(ordering: .acquiring) { usleep(1000) }
    }
    var met = 0
    for _ in 0..<tries where met < swaps {
      let before = changes.load(ordering: .relaxed)
      let goOn = try attempt()
      if changes.load(ordering: .relaxed) != before { met += 1 }
      if !goOn { break }
    }
    return met
  }
}
