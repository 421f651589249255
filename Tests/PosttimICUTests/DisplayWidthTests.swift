import PosttimICU
import Testing

/// Expected widths were checked independently with the Python `wcwidth`
/// package 0.7.0 (`wcwidth.wcswidth`), which implements the same UAX #11
/// and grapheme rules from its own tables, not ICU's.
@Suite("Display width (UAX #11)")
struct DisplayWidthTests {
  @Test(
    "columns per string",
    arguments: [
      ("", 0),
      ("abc", 3),
      ("Agenda 2026!", 12),
      ("日本語", 6),
      ("\u{E9}", 1),  // é precomposed
      ("e\u{301}", 1),  // é decomposed: e + COMBINING ACUTE ACCENT (Mn)
      ("👩\u{200D}👩\u{200D}👧", 2),  // ZWJ sequence, one grapheme cluster
      ("🇨🇦", 2),  // flag: two regional indicators
      ("\u{200E}\u{200F}\u{61C}\u{2066}\u{2067}\u{2068}\u{2069}\u{200D}", 0),  // bidi marks, isolates, ZWJ
      ("مرحبا بالعالم", 13),
      ("٣٠ نوفمبر ٢٠٢٦، ٩:٠٠ ص", 22),
      ("ｶﾀｶﾅ", 4),  // halfwidth katakana (H)
      ("ＡＢ", 4),  // fullwidth Latin (F)
      ("❤\u{FE0F}", 2),  // text-default emoji + VS16
      ("1\u{FE0F}\u{20E3}", 2),  // keycap
      ("한국어", 6),
      ("\u{1100}\u{1161}\u{11A8}", 2),  // conjoining jamo L V T
      ("कि", 2),  // KA + VOWEL SIGN I (Mc takes a column)
      ("…", 1),  // ambiguous (A) counts 1
      ("\u{AD}", 1),  // soft hyphen, drawn as a hyphen
      ("Nov 30, 2026, 9:00\u{202F}AM", 21),
      ("2026年11月30日 9:00", 19),
    ])
  func width(text: String, columns: Int) {
    #expect(DisplayWidth.of(text) == columns)
  }

  @Test("padding counts columns, not characters or code units")
  func padding() {
    #expect(DisplayWidth.padded("日本", to: 6) == "日本  ")
    #expect(DisplayWidth.padded("e\u{301}", to: 3, alignment: .right) == "  e\u{301}")
    #expect(DisplayWidth.padded("🇨🇦", to: 3) == "🇨🇦 ")
    #expect(DisplayWidth.padded("abcdef", to: 3) == "abcdef")
  }

  @Test("truncation cuts at cluster boundaries and ends with …")
  func truncation() {
    #expect(DisplayWidth.truncated("日本語のテキスト", to: 7) == "日本語…")
    #expect(DisplayWidth.truncated("日本語のテキスト", to: 8) == "日本語…")
    #expect(DisplayWidth.truncated("Déposer l'archive sur le portail", to: 18) == "Déposer l'archive…")
    #expect(DisplayWidth.truncated("ab👩\u{200D}👩\u{200D}👧cd", to: 4) == "ab…")
    #expect(DisplayWidth.truncated("short", to: 5) == "short")
    #expect(DisplayWidth.truncated("short", to: 0) == "")
  }
}

@Suite("Terminal tables")
struct TextTableTests {
  @Test("single line: breaks joined, tabs spaced, escape sequences removed")
  func singleLine() {
    #expect(
      TerminalText.singleLine("Déposer l'archive.\r\nVérifier.\n\n  Fin ") == "Déposer l'archive. · Vérifier. · Fin")
    #expect(TerminalText.singleLine("a\tb\u{1B}[31mc\u{9B}2J\u{2028}d") == "a b[31mc2J · d")
  }

  @Test("isolation: only right-to-left, Arabic-digit or bidi-control text, balanced")
  func isolation() {
    #expect(BidiIsolation.isolated("Nov 30, 2026") == "Nov 30, 2026")
    #expect(BidiIsolation.isolated("d MMM y، h:mm a") == "d MMM y، h:mm a")
    #expect(BidiIsolation.isolated("שלום") == "\u{2068}שלום\u{2069}")
    #expect(BidiIsolation.isolated("٣٠") == "\u{2068}٣٠\u{2069}")
    // A stray PDI would close our isolate early; an open RLI would swallow it.
    #expect(BidiIsolation.isolated("a\u{2069}b") == "\u{2068}ab\u{2069}")
    #expect(BidiIsolation.isolated("\u{2067}x") == "\u{2068}\u{2067}x\u{2069}\u{2069}")
    #expect(BidiIsolation.isolated("\u{202E}x") == "\u{2068}\u{202E}x\u{2069}")
  }

  @Test("columns line up by display width; the last column is not padded")
  func layout() {
    var table = TextTable(columns: [.init("id"), .init("n", alignment: .right), .init("text", maxWidth: 6)])
    table.rows = [["日本", "1", "short"], ["e\u{301}", "10", "a much longer cell"], ["עב", "2", ""]]
    #expect(
      table.lines() == [
        "id     n  text",
        "----  --  ------",
        "日本   1  short",
        "e\u{301}     10  a muc…",
        "\u{2068}עב\u{2069}     2",
      ])
  }
}

extension DisplayWidthTests {
  /// Expected lines written by hand: greedy fill at spaces, wide characters 2 columns.
  @Test("wrapped: greedy at spaces, by display width, line breaks kept, long words split, nothing lost")
  func wrapped() {
    #expect(
      DisplayWidth.wrapped("Déposer l'archive sur le portail.", to: 12) == [
        "Déposer", "l'archive", "sur le", "portail.",
      ])
    #expect(DisplayWidth.wrapped("会議の準備 資料", to: 10) == ["会議の準備", "資料"])
    #expect(DisplayWidth.wrapped("会議の準備をする", to: 10) == ["会議の準備", "をする"])
    #expect(DisplayWidth.wrapped("ligne 1\r\n\nligne 2", to: 20) == ["ligne 1", "ligne 2"])
    #expect(DisplayWidth.wrapped("abcdefgh", to: 3) == ["abc", "def", "gh"])
    #expect(DisplayWidth.wrapped("  a   b  ", to: 1) == ["a", "b"])  // at least 2 columns
    #expect(DisplayWidth.wrapped("", to: 10) == [])
  }
}
