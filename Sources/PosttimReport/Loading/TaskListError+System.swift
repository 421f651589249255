import FoundationEssentials

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

  /// A stream that could not be read or held: out of memory is
  /// ``Kind/systemLimit``.
  init(_ failure: StreamBuffer.Failure, file: String) {
    switch failure {
    case .unreadable(let code): self = .unreadable(file, errno: code)
    case .outOfMemory:
      self.init(.systemLimit, file: file, message: "cannot be held in memory (\(failure.reason))")
    }
  }

  /// An input past `limit` bytes, which ends reading it.
  static func tooLarge(_ file: String, limit: Int) -> TaskListError {
    TaskListError(
      .invalid, file: file, message: "is larger than \(InputReader.sizeText(limit)); not a task list this tool reads")
  }
}
