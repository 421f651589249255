import Testing

@testable import PosttimICU

/// Kept texts record whether they are ordinary (`OrdinaryText`): letters,
/// numbers, spaces, the punctuation dates print, symbols outside ASCII.
@Suite("Ordinary text")
struct OrdinaryTextTests {
  @Test("dates are ordinary, directional marks too; quotes, markup, controls, other format characters are not")
  func examples() {
    for text in [
      "", "20 h 02", "31 oct. 2026, 20 h 02 (UTC−04:00)", "12:30 p.m.", "30/11/2026", "2026年11月30日 9:00",
      "lundi 30 novembre 2026", "9\u{202F}h\u{A0}00", "١٢:٣٠ م", "+05:30", "50 %", "٣٠\u{200F}/١١\u{200F}/٢٠٢٦",
      "\u{200E}12:30", "\u{061C}٣٠",
    ] {
      #expect(OrdinaryText.isOrdinary(text), "\(text)")
    }
    for text in [
      "l'heure", "a&b", "<b>", "\"x\"", "a*b", "a_b", "[x]", "a|b", "~", "`", "\\", "a\nb", "\t", "\u{7F}", "\u{85}",
      "\u{202E}x", "\u{2066}", "\u{200D}", "\u{2028}", "\u{2029}", "\u{E000}", "\u{0378}",
    ] {
      #expect(!OrdinaryText.isOrdinary(text), "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test("a kept time of day records whether it is ordinary")
  func keptTextRecordsIt() {
    let texts = PublishedTexts(capacity: 16)
    texts.keep("20 h 02", for: 1)
    texts.keep("8 o'clock", for: 2)
    #expect(texts.utf8(for: 1)?.isOrdinary == true)
    #expect(texts.utf8(for: 2)?.isOrdinary == false)
    #expect(texts.utf8(for: 2).map { Array($0.bytes) } == Array("8 o'clock".utf8))
  }
}
