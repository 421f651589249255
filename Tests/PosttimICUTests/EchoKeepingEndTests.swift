import Testing

@testable import PosttimICU

/// A long message is cut in the middle, so that its end, which says why,
/// stays: `…/tasks.plist: cannot be read (File name too long)`.
@Suite("Echo cut in the middle past a limit")
struct EchoKeepingEndTests {
  @Test("up to the limit, the text as echo shows it; past it, three quarters, '…', the last quarter")
  func cutInTheMiddle() {
    #expect(TerminalText.echo("abc\u{1B}", keepingEndPast: 8) == "abc\\u{1b}")
    #expect(TerminalText.echo("12345678", keepingEndPast: 8) == "12345678")
    #expect(TerminalText.echo("123456789", keepingEndPast: 8) == "123456…89")
    let long = String(repeating: "./", count: 2_100) + "tasks.plist: cannot be read (File name too long)"
    let shown = TerminalText.echo(long, keepingEndPast: 1_000)
    #expect(shown.unicodeScalars.count == 1_001)
    #expect(shown.hasSuffix("/tasks.plist: cannot be read (File name too long)"))
    #expect(shown.hasPrefix("././"))
  }
}
