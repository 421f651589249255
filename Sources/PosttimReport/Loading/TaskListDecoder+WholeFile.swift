import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

extension TaskListDecoder {
  /// The `size` bytes (its size when opened) of the regular file open at
  /// `descriptor`, read into memory: a binary list that cannot be mapped
  /// (``CutProofMapping``). A file that holds another number of bytes once
  /// read was changed meanwhile, and what was read may be parts of two
  /// versions: it is refused.
  /// - Throws: ``TaskListError``: `.unreadable` for a changed file (exit
  ///   65), `.systemLimit` when memory for it is refused, `.notFound` when
  ///   a read fails.
  static func readWhole(descriptor: Int32, size: Int, file: String) throws(TaskListError) -> Data {
    let buffer = StreamBuffer(limit: size)
    let held: Int
    do throws(StreamBuffer.Failure) {
      held = try buffer.read(file: descriptor, size: size)
    } catch {
      throw TaskListError(error, file: file)
    }
    try checkUnchanged(descriptor: descriptor, size: size, read: held, file: file)
    return buffer.takeData()
  }

  /// Refuses the file open at `descriptor` when it holds other than `size`
  /// bytes (its size when opened), after `read` bytes of it were read.
  static func checkUnchanged(descriptor: Int32, size: Int, read: Int, file: String) throws(TaskListError) {
    let now = currentSize(descriptor) ?? read
    guard read != size || now != size else { return }
    let sizes = now == size ? "when opened and now, fewer while it was read" : "when opened, \(now) now"
    throw TaskListError(.unreadable, file: file, message: "changed while it was read (\(size) bytes \(sizes))")
  }

  /// Refuses a file modified since `opened` (its `st_mtim` then), as one
  /// whose size changed: a rewrite in place at the same size gave a list
  /// mixed from both versions.
  static func checkNotModified(descriptor: Int32, since opened: timespec, size: Int, file: String)
    throws(TaskListError)
  {
    var info = stat()
    guard fstat(descriptor, &info) == 0,
      info.st_mtim.tv_sec != opened.tv_sec || info.st_mtim.tv_nsec != opened.tv_nsec
    else { return }
    throw TaskListError(
      .unreadable, file: file,
      message: "changed while it was read (\(size) bytes when opened and now, written meanwhile)")
  }

  /// The whole content of a regular file that gave fewer bytes than its
  /// size says while that size stays the same: a file of sysfs (4096
  /// bytes by its size, a line by its content) or the like, whose size
  /// does not tell what it holds. Read from its start to its end, it is
  /// what it holds, and the parser decides. Nil when its size changed
  /// (it was cut while it was read: ``checkUnchanged(descriptor:size:read:file:)``).
  static func contentShorterThanItsSize(descriptor: Int32, size: Int, file: String) throws(TaskListError) -> Data? {
    guard currentSize(descriptor) == size else { return nil }
    guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw TaskListError.unreadable(file, errno: errno) }
    let buffer = StreamBuffer(limit: InputReader.limit)
    let ended: Bool
    do throws(StreamBuffer.Failure) {
      ended = try buffer.readToEnd(from: descriptor)
    } catch {
      throw TaskListError(error, file: file)
    }
    guard ended else { throw TaskListError.tooLarge(file, limit: InputReader.limit) }
    return buffer.takeData()
  }

  /// The size `fstat` gives the file open at `descriptor`, or nil.
  private static func currentSize(_ descriptor: Int32) -> Int? {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? Int(info.st_size) : nil
  }
}
