import Foundation
import PosttimReport
import Testing

/// A byte order mark that says one encoding and a declaration that says
/// another: the message names both, and that they disagree.
@Suite("Reader: byte order mark against the declared encoding")
struct EncodingMismatchMessageTests: DecodesSampleLists {
  @Test("UTF-16LE with its mark, declaring UTF-8: named, and the disagreement said")
  func utf16DeclaringUTF8() throws {
    let text = try #require(xmlTask("", encoding: "UTF-8").data(using: .utf16LittleEndian))
    let refused = try #require(error(Data([0xFF, 0xFE]) + text))
    #expect(
      refused.description
        == "x.plist: declares the encoding \"UTF-8\" but starts with a UTF-16 (little-endian) byte order mark: "
        + "the two must agree")
  }

  @Test("UTF-8 with its mark, declaring UTF-16: named, and the disagreement said")
  func utf8DeclaringUTF16() throws {
    let refused = try #require(error(Data([0xEF, 0xBB, 0xBF]) + Data(xmlTask("", encoding: "UTF-16").utf8)))
    #expect(
      refused.description
        == "x.plist: declares the encoding \"UTF-16\" but starts with a UTF-8 byte order mark: the two must agree")
  }
}
