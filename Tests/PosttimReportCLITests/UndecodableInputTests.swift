import Testing

@testable import PosttimReportCLI

/// Which argument or variable is refused, and how its bytes are shown.
@Suite("Undecodable input")
struct UndecodableInputTests {
  static func bytes(_ values: [UInt8]) -> [CChar] { values.map { CChar(bitPattern: $0) } }

  @Test("each byte outside a UTF-8 character shows as \\xHH, the characters around it as they are")
  func escapedBytes() {
    // é, a lone continuation byte, an overlong "/", a truncated é at the end.
    let text = Self.bytes([0xC3, 0xA9, 0x80, 0x61, 0xC0, 0xAF, 0x62, 0xC3])
    #expect(UndecodableInput.escaped(text) == "é\\x80a\\xC0\\xAFb\\xC3")
  }

  @Test("the first argument that is not UTF-8 is named by its position, before any variable")
  func firstArgument() {
    let refusal = UndecodableInput.check(
      arguments: [Array("-o".utf8CString.dropLast()), Self.bytes([0x72, 0xE9]), Self.bytes([0xFF])],
      variable: { $0 == "TZ" ? Self.bytes([0xFF]) : nil })
    #expect(refusal == UsageError("argument 2 is not UTF-8 text: 'r\\xE9'"))
  }

  @Test("a variable read as a path or name that is not UTF-8 is named; one the tool does not read is not")
  func variables() {
    let refusal = UndecodableInput.check(
      arguments: [Array("é".utf8CString.dropLast())],
      variable: { ["LC_TIME": Self.bytes([0x66, 0x72, 0xE9]), "EDITOR": Self.bytes([0xFF])][$0] })
    #expect(refusal == UsageError("environment variable LC_TIME is not UTF-8 text: 'fr\\xE9'"))
    let unread = UndecodableInput.check(arguments: [], variable: { $0 == "EDITOR" ? Self.bytes([0xFF]) : nil })
    #expect(unread == nil)
  }
}
