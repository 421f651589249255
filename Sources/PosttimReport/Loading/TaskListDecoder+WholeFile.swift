import Foundation

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
    var info = stat()
    let now = fstat(descriptor, &info) == 0 ? Int(info.st_size) : read
    guard read != size || now != size else { return }
    throw TaskListError(
      .unreadable, file: file, message: "changed while it was read (\(size) bytes when opened, \(now) now)")
  }
}
