import PosttimICU
import PosttimTemplating
import Testing

/// A report's rows lend kept times as plain text (written without the
/// escaper) when they are ordinary: every ordinary scalar must be plain.
@Suite("Ordinary text is plain")
struct OrdinaryTextIsPlainTests {
  @Test("every ordinary scalar is plain text")
  func everyOrdinaryScalarIsPlain() {
    var ordinary = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), OrdinaryText.isOrdinary(scalar) else { continue }
      ordinary += 1
      if !PlainText.isPlain(String(Character(scalar))) {
        Issue.record("U+\(String(value, radix: 16)) is ordinary but not plain")
      }
    }
    // Most assigned scalars: enough that the check covers them.
    #expect(ordinary > 140_000)
  }
}
