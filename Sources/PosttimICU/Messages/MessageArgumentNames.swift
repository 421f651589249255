import CICUShim

extension ICUMessageFormat {
  /// The name of every argument `pattern` uses (a number such as `0` for
  /// `{0}`), nested ones included, each once, in pattern order, exactly as
  /// ICU's MessagePattern parses them.
  ///
  ///     try ICUMessageFormat.argumentNames(in: "{count, plural, one {{date}} other {{nom}}}")
  ///     // ["count", "date", "nom"]
  ///
  /// Used to refuse a placeholder no caller supplies: ICU formats an
  /// argument it is not given as its own text (`{nom}`), silently.
  /// - Throws: ``Failure`` for a syntax error, with its offset, or for
  ///   arguments nested too deep (``maximumNesting``).
  public static func argumentNames(in pattern: String) throws(Failure) -> [String] {
    try checkNesting(pattern)
    var offset: Int32 = -1
    var status: Int32 = 0
    let bytes = pattern.withUTF16Buffer { units, length -> [UInt8] in
      // Names are at most the pattern's length, as UTF-8 (3 bytes a unit), plus a newline each.
      var out = [UInt8](repeating: 0, count: Int(length) * 4 + 2)
      let written = out.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          cicu_msg_argument_names(units, length, $0.baseAddress, Int32($0.count), &offset, &status)
        }
      }
      return status > 0 ? [] : Array(out[..<Int(written)])
    }
    guard status <= 0 else {
      throw Failure(parsing: status, offset: offset)
    }
    var seen: Set<String> = []
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter {
      seen.insert($0).inserted
    }
  }
}
