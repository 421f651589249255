extension String {
  /// The text with every occurrence of `target` replaced, matched byte for
  /// byte in UTF-8 (Foundation's `.literal` search).
  ///
  /// Why bytes: the standard library's `replacing(_:with:)` matches whole
  /// characters, so a quote followed by a combining mark is one character
  /// and would escape nothing; escaping must see every quote and backslash.
  public func replacingLiteral(_ target: String, with replacement: String) -> String {
    var source = self
    var target = target
    return source.withUTF8 { text in
      target.withUTF8 { pattern -> String in
        guard let first = pattern.first, text.count >= pattern.count else { return self }
        var result: [UInt8] = []
        var index = 0
        var copied = 0
        while index <= text.count - pattern.count {
          if text[index] == first,
            UnsafeBufferPointer(rebasing: text[index..<index + pattern.count]).elementsEqual(pattern)
          {
            result.append(contentsOf: text[copied..<index])
            result.append(contentsOf: replacement.utf8)
            index += pattern.count
            copied = index
          } else {
            index += 1
          }
        }
        guard copied > 0 else { return self }
        result.append(contentsOf: text[copied...])
        return String(decoding: result, as: UTF8.self)
      }
    }
  }
}
