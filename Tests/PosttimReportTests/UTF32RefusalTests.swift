import Foundation
import PosttimReport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A UTF-32 list, with or without its byte order mark, is refused naming
/// the encoding, as every other encoding the tool does not read is: not as
/// UTF-16 with a NUL in it, nor as bytes that cannot start XML.
@Suite("Reader: UTF-32 is named as an encoding not read")
struct UTF32RefusalTests: DecodesSampleLists {
  static let refusal =
    "x.plist: is in an encoding this tool does not read (\"UTF-32\"; it reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII)"

  /// The list in UTF-32 (`mark`: with its byte order mark).
  func utf32(bigEndian: Bool, mark: Bool, declaring declared: String = "UTF-32") -> Data {
    var bytes: [UInt8] = []
    for scalar in ((mark ? "\u{FEFF}" : "") + xmlTask("", encoding: declared)).unicodeScalars {
      let value = scalar.value
      let word = [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
      bytes += bigEndian ? word : word.reversed()
    }
    return Data(bytes)
  }

  @Test(
    "UTF-32, either byte order, with or without its mark",
    arguments: [(false, true), (true, true), (false, false), (true, false)])
  func refusedNamingUTF32(bigEndian: Bool, mark: Bool) throws {
    let refused = try #require(error(utf32(bigEndian: bigEndian, mark: mark)))
    #expect(refused.description == Self.refusal)
    #expect(refused.kind == .unreadable)
  }

  @Test("UTF-32 (little-endian, no mark) that declares UTF-8: still UTF-32")
  func declaringUTF8() throws {
    let refused = try #require(error(utf32(bigEndian: false, mark: false, declaring: "UTF-8")))
    #expect(refused.description == Self.refusal)
  }

  @Test("a UTF-32 file and a UTF-32 stream are refused as the bytes are")
  func fileAndStream() throws {
    let path = FileManager.default.temporaryDirectory.appending(path: "utf32-\(UUID().uuidString).plist").path
    defer { unlink(path) }
    try utf32(bigEndian: false, mark: true).write(to: URL(fileURLWithPath: path))
    do {
      _ = try TaskListLoader().load(path)
      Issue.record("decoded")
    } catch {
      #expect(error.description == Self.refusal.replacingOccurrences(of: "x.plist", with: path))
    }
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    do {
      _ = try decoder.decode(stream: descriptor, file: "x.plist")
      Issue.record("decoded")
    } catch {
      #expect(error.description == Self.refusal)
    }
  }
}
