import Testing

@testable import PosttimReport

@Suite("Transfer encoding: the canonical form")
struct TransferEncodingCanonicalTests {
  @Test("LF becomes CRLF, CRLF stays, a lone CR stays, non-ASCII bytes pass")
  func canonical() {
    let text = "a\nb\r\nc\rd\r\r\né\n\n"
    #expect(TransferEncoding.canonicalBytes(text) == Array("a\r\nb\r\nc\rd\r\r\né\r\n\r\n".utf8))
    #expect(TransferEncoding.canonicalBytes("") == [])
    #expect(TransferEncoding.encode("عربي\nسطر\r\n").1 == Base64Lines.body(Array("عربي\r\nسطر\r\n".utf8)))
  }
}
