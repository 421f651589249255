import PosttimICU

#if canImport(Glibc)
  import Glibc
#endif

/// Why a program that exists could not be started, in words that name the
/// real culprit: exec's ENOENT for an existing script means its `#!`
/// interpreter is missing, EACCES may be about the interpreter too.
enum ExecFailureReason {
  /// The explanation of `code`, the errno of starting `path`.
  static func explain(_ code: Int32, program path: String) -> String {
    if let interpreter = interpreter(of: path) {
      let named = "its interpreter \(interpreter) (from its #! line)"
      var info = stat()
      if stat(interpreter, &info) != 0 { return "\(named) does not exist" }
      if info.st_mode & S_IFMT != S_IFREG || access(interpreter, X_OK) != 0 { return "\(named) is not executable" }
      if code == ENOENT { return "\(named) needs a program that does not exist" }
      if code == ENOEXEC { return "\(named) is not a program this system can run" }
    }
    switch code {
    case ENOENT: return "the program loader it names does not exist (is it built for another system?)"
    case EACCES: return "permission denied (is its file system mounted noexec?)"
    case ENOEXEC:
      return "it is not a program this system can run (no #! line, and not an executable for this machine)"
    default: return String(cString: strerror(code))
    }
  }

  /// The interpreter path of a `#!` script, or nil for anything else.
  static func interpreter(of path: String) -> String? {
    guard let file = try? NonBlockingFile.open(path) else { return nil }
    let descriptor = file.descriptor
    defer { close(descriptor) }
    guard file.isRegular else { return nil }
    var head = [UInt8](repeating: 0, count: 256)
    let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 2, head.starts(with: "#!".utf8) else { return nil }
    // As the kernel reads it: blanks after "#!", then the path up to a blank or the line's end.
    let line = head[2..<count].prefix { $0 != UInt8(ascii: "\n") }
    let path = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      .prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
    return path.isEmpty ? nil : String(decoding: path, as: UTF8.self)
  }
}
