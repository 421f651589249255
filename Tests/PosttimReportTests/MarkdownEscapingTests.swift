import PosttimTemplating
import Testing

@testable import PosttimReport

@Suite("Markdown escaping")
struct MarkdownEscapingTests {
  /// `MarkdownEscaping.escape(text)`, expected to be what the escaper over
  /// UTF-8 (a report's rows) writes too.
  static func escape(_ text: String) -> String {
    let escaped = MarkdownEscaping.escape(text)
    #expect(Self.escapedUTF8(text) == escaped, "the rows' escaper, for \(text.debugDescription)")
    return escaped
  }

  static func escapedUTF8(_ text: String) -> String {
    var buffer = TextBuffer()
    text.withUTF8Bytes { MarkdownEscaping.byteEscape($0, &buffer) }
    return buffer.text
  }

  @Test(
    "cell text cannot break the table or turn into markup",
    arguments: [
      ("a | b", "a \\| b"),
      ("back\\slash", "back\\\\slash"),
      ("two\nlines", "two<br>lines"),
      ("crlf\r\nend", "crlf<br>end"),
      ("<b>bold</b>", "\\<b\\>bold\\</b\\>"),
      (
        "*not em* _no_ `code` [link](x) ~~s~~ &amp;",
        "\\*not em\\* \\_no\\_ \\`code\\` \\[link\\](x) \\~\\~s\\~\\~ \\&amp;"
      ),
      ("Bonne année ! 🎂 «ok»", "Bonne année ! 🎂 «ok»"),
    ])
  func escapes(input: String, expected: String) {
    #expect(Self.escape(input) == expected)
  }
}

extension MarkdownEscapingTests {
  @Test("a special character followed by a combining mark is still escaped")
  func combiningMarks() {
    #expect(Self.escape("barre |\u{301}") == "barre \\|\u{301}")
    #expect(Self.escape("<\u{338}") == "\\<\u{338}")
  }
}

extension MarkdownEscapingTests {
  @Test("terminal escapes and other controls become U+FFFD; tab stays")
  func controls() {
    #expect(
      Self.escape("a\u{1B}[31mb\u{9B}2J\u{7}\u{0}c\td") == "a\u{FFFD}\\[31mb\u{FFFD}2J\u{FFFD}\u{FFFD}c\td")
  }
}

extension MarkdownEscapingTests {
  /// Expected strings written by hand from GFM §6.9 (autolinks take the
  /// URL's characters raw) and CommonMark §6.2 (an intraword `_` never
  /// delimits emphasis); cmark-gfm and markdown-it-py read them back in
  /// Scripts/check-consumers.sh (Tests/Fixtures/gfm-urls.plist).
  @Test(
    "bare URLs keep intraword _ and & bare, so an autolink targets exactly the URL",
    arguments: [
      ("https://example.org/a_b.pdf", "https://example.org/a_b.pdf"),
      ("voir www.ex.org/a_b?x=1&y=2 puis a_b", "voir www.ex.org/a_b?x=1&y=2 puis a\\_b"),
      ("(HTTPS://EX.ORG/U_C)", "(HTTPS://EX.ORG/U_C)"),
      ("https://ex.org/a&amp;b_", "https://ex.org/a\\&amp;b_"),
      ("https://ex.org/a*b|c<d_e", "https://ex.org/a\\*b\\|c\\<d\\_e"),
      ("xhttps://ex.org/a_b", "xhttps://ex.org/a\\_b"),
    ])
  func bareURLs(input: String, expected: String) {
    #expect(Self.escape(input) == expected)
  }
}

extension MarkdownEscapingTests {
  /// Expected strings written by hand from GFM §6.9 (cmark-gfm's
  /// `autolink_delim` trims `?!.,:*_~'"` and unbalanced `)` off a link's
  /// end) and CommonMark §6.5 (`<scheme:…>` is an autolink whose characters
  /// are taken raw); `cmark-gfm -e autolink -e table`, plain `cmark-gfm` and
  /// markdown-it-py read them back in Scripts/check-consumers.sh.
  @Test(
    "a URL whose link holds * or ~ is written as a CommonMark autolink, its characters as they are",
    arguments: [
      ("http://exemple.fr/~prof/tp*3", "<http://exemple.fr/~prof/tp*3>"),
      ("voir http://exemple.fr/~prof/tp*3.", "voir <http://exemple.fr/~prof/tp*3>."),
      ("(https://ex.org/a*b) et https://ex.org/~x~", "(<https://ex.org/a*b>) et <https://ex.org/~x>\\~"),
      ("HTTPS://EX.ORG/A~B_C", "<HTTPS://EX.ORG/A~B_C>"),
      ("ftp://ex.org/pub/*.tar", "<ftp://ex.org/pub/*.tar>"),
      ("https://ex.org/~a\\b[c]`d`", "<https://ex.org/~a\\b[c]`d`>"),
      ("https://ex.org/é~ü", "<https://ex.org/é~ü>"),
    ])
  func angleAutolinks(input: String, expected: String) {
    #expect(Self.escape(input) == expected)
  }

  /// GFM keeps a backslash written in a bare URL in its link (`%5C`) and
  /// text, also one in the tail it trims (`x=\_` links `x=\`); expected
  /// strings by hand, read back by `cmark-gfm -e autolink` in
  /// Scripts/check-consumers.sh (Tests/Fixtures/gfm-urls.plist).
  @Test(
    "a URL that would hold a backslash anywhere is written as a CommonMark autolink of GFM's link",
    arguments: [
      ("https://en.wikipedia.org/wiki/Mercury_(planet)", "<https://en.wikipedia.org/wiki/Mercury_(planet)>"),
      ("https://ex.org/é_à", "<https://ex.org/é_à>"),
      ("https://ex.org/a__b", "<https://ex.org/a__b>"),
      ("https://ex.org/_hidden", "<https://ex.org/_hidden>"),
      ("https://ex.org/?q=a_b&x=_", "<https://ex.org/?q=a_b&x=>\\_"),
      ("https://ex.org/a\\b", "<https://ex.org/a\\b>"),
      (
        "voir https://ex.org/_x_. et https://ex.org/a_b#frag_1",
        "voir <https://ex.org/_x>\\_. et https://ex.org/a_b#frag_1"
      ),
      ("https://ex.org/a* fin", "<https://ex.org/a>\\* fin"),
      ("T https://ex.org/?a=1&amp; end", "T <https://ex.org/?a=1>\\&amp; end"),
      ("https://ex.org/a&lt;", "<https://ex.org/a>\\&lt;"),
      ("https://ex.org/a&b;", "https://ex.org/a&b;"),
      ("https://ex.org/a&copy;)", "<https://ex.org/a>\\&copy;)"),
      ("https://ex.org/<x", "<https://ex.org/>\\<x"),
      ("https://ex.org/a_b<x", "<https://ex.org/a_b>\\<x"),
    ])
  func backslashFreeLinks(input: String, expected: String) {
    #expect(Self.escape(input) == expected)
  }

  /// CommonMark §2.5 decodes `&#` with 1–7 digits, `&#x` with 1–6 hex
  /// digits and `&name;`, each ending in `;`; any other `&` is text, so in
  /// a URL it stays bare (a backslash would join GFM's link and show).
  /// Read back by `cmark-gfm -e autolink` in Scripts/check-consumers.sh
  /// (Tests/Fixtures/gfm-urls.plist).
  @Test(
    "in a URL, an & that starts no CommonMark entity or character reference stays bare",
    arguments: [
      ("https://ex.org/a&#;b", "https://ex.org/a&#;b"),
      ("https://ex.org/a&#x;b", "https://ex.org/a&#x;b"),
      ("https://ex.org/a&#1234567890;", "https://ex.org/a&#1234567890;"),
      ("https://ex.org/a&#12345678;b", "https://ex.org/a&#12345678;b"),
      ("https://ex.org/a&#x1234567;b", "https://ex.org/a&#x1234567;b"),
      ("https://ex.org/a&1b;c", "https://ex.org/a&1b;c"),
      ("https://ex.org/?a=1&b;c=2", "https://ex.org/?a=1&b;c=2"),
      ("say \"https://ex.org/?q=1&b;c\" ok", "say \"https://ex.org/?q=1&b;c\" ok"),
      ("=https://ex.org/a_b", "=https://ex.org/a_b"),
      ("1https://ex.org/a&foo;", "1https://ex.org/a&foo;"),
      ("\"https://ex.org/a_b_\"", "\"<https://ex.org/a_b>\\_\""),
      ("xhttps://ex.org/a_b_", "xhttps://ex.org/a\\_b\\_"),
      ("\"www.ex.org/a_b_\"", "\"www.ex.org/a\\_b\\_\""),
      ("https://ex.org/?s=&a1;&b2;x", "https://ex.org/?s=&a1;&b2;x"),
      ("www.ex.org/?a=1&foo;b", "www.ex.org/?a=1&foo;b"),
      ("https://ex.org/x_&foo;_y", "<https://ex.org/x_&foo;_y>"),
      ("https://ex.org/?a=1&copy;b", "https://ex.org/?a=1\\&copy;b"),
      ("https://ex.org/?a=1&AMP;b", "https://ex.org/?a=1\\&AMP;b"),
      ("https://ex.org/a&#1234567;b", "https://ex.org/a\\&#1234567;b"),
      ("https://ex.org/a&#X10FFFF;b", "https://ex.org/a\\&#X10FFFF;b"),
      ("https://ex.org/a\\&amp;", "<https://ex.org/a\\>\\&amp;"),
    ])
  func bareAmpersandWithoutReference(input: String, expected: String) {
    #expect(Self.escape(input) == expected)
  }

  @Test(
    "where a URL cannot be an autolink, ~ inside GFM's link stays bare and * keeps its backslash",
    arguments: [
      ("www.ex.org/~prof/tp*3", "www.ex.org/~prof/tp\\*3"),
      ("https://ex.org/~a|b*c", "https://ex.org/~a\\|b\\*c"),
      ("https://ex.org/~a>b", "https://ex.org/~a>b"),
      ("https://ex.org/~a&amp;b", "https://ex.org/~a\\&amp;b"),
      // GFM links no domain with _ in its last two labels: ~ is markup there for GFM's strikethrough.
      ("www.ex_a.org/~b", "www.ex_a.org/\\~b"),
      ("~a https://ex.org/b~ https://ex.org/~c~", "\\~a <https://ex.org/b>\\~ <https://ex.org/~c>\\~"),
      ("https://ex.org/a\u{202E}~b", "\u{2068}https://ex.org/a\u{202E}~b\u{2069}"),
    ])
  func bareTilde(input: String, expected: String) {
    #expect(Self.escape(input) == expected)
  }
}

extension MarkdownEscapingTests {
  /// GFM keeps a backslash before what it trims off a link's end (`a\_`
  /// links `a\`), and trims a whole `&name;` there; CommonMark §6.2 says
  /// which delimiter runs can open emphasis. Expected strings by
  /// hand from cmark-gfm's `autolink_delim`; `cmark-gfm -e autolink -e
  /// table` reads them back in Scripts/check-consumers.sh
  /// (Tests/Fixtures/gfm-urls.plist).
  @Test(
    "what GFM trims off a link that keeps backslashes is spelled without one: the link ends where it ends bare",
    arguments: [
      // Bare where no emphasis can start on them (after a letter or digit, or before a space) and none
      // of them comes before.
      ("see https://ex.org/a&copy;b_ end", "see https://ex.org/a\\&copy;b_ end"),
      ("*https://ex.org/a&amp;b*", "\\*https://ex.org/a\\&amp;b&ast;"),
      ("see https://ex.org/a&#x41;_ end", "see https://ex.org/a\\&#x41;_ end"),
      ("www.ex.org/a_&b;_", "www.ex.org/a_&b;&lowbar;"),
      ("www.ex.org/a&foo;_", "www.ex.org/a&foo;_"),
      ("https://ex.org/a|&foo;_", "https://ex.org/a\\|&foo;_"),
      ("www.ex.org/a>b_", "www.ex.org/a>b_"),
      // Elsewhere as entity references, which GFM trims whole like any &name;.
      ("https://ex.org/a|b)_)", "https://ex.org/a\\|b)&lowbar;)"),
      ("www.ex.org/a.*_.", "www.ex.org/a.&ast;&lowbar;."),
      ("https://ex.org/a&amp;b_*_", "https://ex.org/a\\&amp;b_&ast;&lowbar;"),
      // An entity reference there is decoded by GFM whatever precedes it.
      ("see www.ex.org/&copy; end", "see www.ex.org/&copy; end"),
      // ~ has no entity name: bare where GFM's strikethrough cannot open on it, with no ~ before it.
      ("https://ex.org/a&amp;b~ ~c~", "https://ex.org/a\\&amp;b~ \\~c\\~"),
      ("www.ex.org/a~. x", "www.ex.org/a~. x"),
      ("www.ex.org/a_~ x", "www.ex.org/a_~ x"),
      ("www.ex.org/a._~.", "www.ex.org/a.&lowbar;\\~."),
      // A bare ~ after an escaped one would close the strikethrough that one opens once GFM's link takes
      // its backslash.
      ("https://ex.org/|\u{A0}~*~", "https://ex.org/\\|\u{A0}\\~&ast;\\~"),
      // After a CommonMark autolink, the tail is text: backslashes as usual.
      ("https://ex.org/a_b_", "<https://ex.org/a_b>\\_"),
    ])
  func trimmedTails(input: String, expected: String) {
    #expect(Self.escape(input) == expected)
  }

  /// cmark-gfm's autolink extension links nothing while a `[` is open in
  /// the text before it; a backslash before the scheme's `:` (or www's
  /// `.`) keeps GFM from linking the escaped text (`\[` opens nothing).
  @Test(
    "a URL after an open [ is written as text GFM does not link, as it links none typed there",
    arguments: [
      ("see [https://ex.org/a&b;c] end", "see \\[https\\://ex.org/a\\&b;c\\] end"),
      ("[x https://ex.org/a_b_ end", "\\[x https\\://ex.org/a\\_b\\_ end"),
      ("see [x www.ex.org/a] end", "see \\[x www\\.ex.org/a\\] end"),
      ("[x] https://ex.org/a_b_", "\\[x\\] <https://ex.org/a_b>\\_"),
      ("\\[https://ex.org/a_b]", "\\\\\\[<https://ex.org/a_b]>"),
      ("https://ex.org/a[b https://ex.org/c_", "<https://ex.org/a[b> <https://ex.org/c>\\_"),
    ])
  func bracketedURLs(input: String, expected: String) {
    #expect(Self.escape(input) == expected)
  }
}

extension MarkdownEscapingTests {
  /// GFM links a URL's characters raw, so inside its link a character is
  /// written bare where no CommonMark reader can read markup in it
  /// (§6.2: a `_` run after a letter or digit cannot open emphasis, nor a
  /// `*` run between a letter or digit and punctuation; §2.4: a backslash
  /// escapes only punctuation). Expected strings by hand; cmark-gfm with
  /// and without extensions reads them back in Scripts/check-consumers.sh.
  @Test(
    "inside GFM's link of a URL that keeps backslashes, what cannot open emphasis or escape is bare",
    arguments: [
      ("https://ex.org/a_&amp;_b", "https://ex.org/a_\\&amp;\\_b"),
      ("https://ex.org/a*&amp;b", "https://ex.org/a*\\&amp;b"),
      ("https://en.wikipedia.org/wiki/M_(p)&amp;x", "https://en.wikipedia.org/wiki/M_(p)\\&amp;x"),
      ("https://ex.org/a&amp;é_à", "https://ex.org/a\\&amp;é_à"),
      ("https://ex.org/a&amp;\\ x", "https://ex.org/a\\&amp;\\ x"),
      ("www.ex.org/a\\b", "www.ex.org/a\\b"),
      ("www.ex.org/a*.b", "www.ex.org/a*.b"),
      ("https://ex.org/a|b__c*(d)", "https://ex.org/a\\|b__c*(d)"),
      // Could open: a `*` between letters, a `_` after punctuation, a backslash before punctuation.
      ("www.ex.org/tp*3", "www.ex.org/tp\\*3"),
      ("https://ex.org/a|_b", "https://ex.org/a\\|\\_b"),
      ("https://ex.org/a&amp;\\_b", "https://ex.org/a\\&amp;\\\\\\_b"),
    ])
  func bareInsideLinks(input: String, expected: String) {
    #expect(Self.escape(input) == expected)
  }
}

extension MarkdownEscapingTests {
  /// cmark-gfm's autolink runs up to ASCII white space or `<` in what is
  /// written (a line break is written `<br>`), and links `www.` only after
  /// ASCII white space or `*_~(`: a no-break space neither ends a URL nor
  /// starts a `www.` one. Checked with `cmark-gfm -e autolink -e table`.
  @Test(
    "a URL runs over a no-break space as GFM's link does, and www. after one is text GFM does not link",
    arguments: [
      ("see https://ex.org/a\u{A0}b_c_ end", "see <https://ex.org/a\u{A0}b_c>\\_ end"),
      ("x\u{A0}www.ex.org/~a~ y", "x\u{A0}www.ex.org/\\~a\\~ y"),
      ("a\nwww.ex.org/~a~", "a<br>www.ex.org/\\~a\\~"),
      ("x\u{3000}https://ex.org/a_b_", "x\u{3000}<https://ex.org/a_b>\\_"),
    ])
  func urlExtentAsGFM(input: String, expected: String) {
    #expect(Self.escape(input) == expected)
  }

  @Test("every plain scalar is returned as it is, alone and in a bare URL (rows lent as plain skip the escaper)")
  func plainTextIsUnchanged() {
    var plain = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let character = String(Character(scalar))
      guard PlainText.isPlain(character) else { continue }
      plain += 1
      for text in ["a" + character + "b", "https://exemple.fr/" + character] where Self.escapedUTF8(text) != text {
        Issue.record("U+\(String(value, radix: 16)) is plain but escaped in \(text.debugDescription)")
      }
    }
    #expect(plain == 1_111_909)
  }
}
