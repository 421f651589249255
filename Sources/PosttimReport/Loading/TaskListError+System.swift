import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension TaskListError {
  /// A failed `open` or `read` of `file`: out of descriptors or memory is
  /// ``Kind/systemLimit`` (the input is fine, the system is short), any
  /// other reason ``Kind/notFound``; the message gives the system's words.
  static func unreadable(_ file: String, errno code: Int32) -> TaskListError {
    let kind: Kind = [EMFILE, ENFILE, ENOMEM].contains(code) ? .systemLimit : .notFound
    return TaskListError(kind, file: file, message: "cannot be read (\(String(cString: strerror(code))))")
  }

  /// An input past `limit` bytes, which ends reading it.
  static func tooLarge(_ file: String, limit: Int) -> TaskListError {
    TaskListError(
      .invalid, file: file, message: "is larger than \(InputReader.sizeText(limit)); not a task list this tool reads")
  }
}
