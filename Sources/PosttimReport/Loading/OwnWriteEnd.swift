import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// A FIFO or pipe this run itself holds open for writing: a list read from
/// it never ends, since its end comes only once every writer has closed
/// it (`posttim-report fifo 0<>fifo`, or `exec 3<>fifo` before the run).
/// There is no read time limit for a stream, so such an input is refused,
/// not waited on.
public enum OwnWriteEnd {
  /// The lowest descriptor of this run open for writing (write-only or
  /// read-write) on the FIFO or pipe `info` describes, or nil (nil for any
  /// other kind of file).
  public static func descriptor(on info: stat) -> Int32? {
    guard info.st_mode & S_IFMT == S_IFIFO else { return nil }
    return openDescriptors().first { descriptor in
      var held = stat()
      guard fstat(descriptor, &held) == 0, held.st_dev == info.st_dev, held.st_ino == info.st_ino else {
        return false
      }
      let flags = fcntl(descriptor, F_GETFL)
      return flags >= 0 && flags & O_ACCMODE != O_RDONLY
    }
  }

  /// Why the FIFO or pipe `info` describes is not read, or nil, after its
  /// name: "is a FIFO this run holds open for writing (standard input,
  /// opened read-write): …".
  /// - Parameter reading: the descriptor it would be read through, when
  ///   it is one of this run's own (standard input's 0).
  public static func refusal(_ info: stat, reading: Int32? = nil) -> String? {
    guard let descriptor = descriptor(on: info) else { return nil }
    let never = "reading it would never end"
    let mode = fcntl(descriptor, F_GETFL) & O_ACCMODE == O_RDWR ? "opened read-write" : "opened for writing"
    if descriptor == reading { return "is a FIFO \(mode), so this run is its writer: \(never)" }
    let names = [0: "standard input", 1: "standard output", 2: "standard error"]
    let name = names[Int(descriptor)] ?? "descriptor \(descriptor)"
    return "is a FIFO this run holds open for writing (\(name), \(mode)): \(never)"
  }

  /// This run's open descriptors, lowest first (`/proc/self/fd`), or the
  /// three standard ones where that cannot be listed.
  private static func openDescriptors() -> [Int32] {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return [0, 1, 2] }
    return names.compactMap { Int32($0) }.sorted()
  }
}
