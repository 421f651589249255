/// Text no escaper of a report changes: a row may lend a value as plain
/// (``TemplateMembers/withUTF8(ofMember:_:)``), and a row program then
/// writes it without calling the escaper. A task's anchor, its importance
/// in the locale's digits and most formatted dates are plain; checking
/// them again for every row was about a twentieth of a long HTML report.
///
/// Plain: no ASCII control or DEL, none of `& < > " ' \ ` * _ [ ] | ~`
/// (what HTML or GFM escaping changes), and none of the other scalars
/// either escaper looks at (C1 controls, noncharacters, bidi embeddings,
/// overrides and isolates, U+2028 and U+2029). Every ``TemplateByteEscape`` of the
/// package returns plain text unchanged (checked by the tests, scalar by
/// scalar, for HTML and Markdown).
package enum PlainText {
  /// Whether the text whose UTF-8 (valid) is `bytes` is plain.
  package static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { !scan.finds(in: bytes) }

  /// ``isPlain(_:)`` of `text`.
  package static func isPlain(_ text: String) -> Bool { text.withUTF8Bytes { isPlain($0) } }

  /// The ASCII bytes that are not plain.
  private static let markupASCII = ASCIISet { $0 < 0x20 || $0 == 0x7F || markup.contains($0) }

  private static let markup = Array("&<>\"'\\`*_[]|~".utf8)

  private static let scan = EscapeScan(ascii: markupASCII, lineSeparators: true)
}
