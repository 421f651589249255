import PosttimICU
import Testing

@Suite("Skeleton and pattern validation")
struct DateFormatSpecTests {
  @Test("valid specs pass; week-year without week warns")
  func valid() throws {
    #expect(try DateFormatSpec.skeleton("yMMMdjm").validate() == [])
    // Literals in a skeleton are ignored by DateTimePatternGenerator, as ICU does.
    #expect(try DateFormatSpec.skeleton("yyyy.MM.dd HH:mm").validate() == [])
    #expect(try DateFormatSpec.skeleton("yMMMdHm!!{").validate() == [])
    #expect(try DateFormatSpec.skeleton("EEEE 'le' d MMMM").validate() == [])
    #expect(try DateFormatSpec.pattern("yyyy.MM.dd HH:mm").validate() == [])
    #expect(try DateFormatSpec.pattern("EEEE d 'de' MMMM").validate() == [])
    #expect(try DateFormatSpec.pattern("YYYY-'W'ww").validate() == [])
    #expect(
      try DateFormatSpec.pattern("YYYY-MM-dd").validate() == [
        "pattern \"YYYY-MM-dd\" uses week-year Y without a week field w: late-December dates show next year (use y for the calendar year)"
      ])
  }

  @Test("the week-year warning shows control characters of the pattern escaped, not raw")
  func warningEscapesControlCharacters() throws {
    #expect(
      try DateFormatSpec.pattern("EE\u{1}\u{0}YE").validate() == [
        "pattern \"EE\\u{1}\\u{0}YE\" uses week-year Y without a week field w: late-December dates show next year (use y for the calendar year)"
      ])
  }

  @Test(
    "malformed specs are refused (ICU would print garbage)",
    arguments: [
      (
        DateFormatSpec.skeleton("yyyy-MM-dd at HH"),
        "invalid skeleton \"yyyy-MM-dd at HH\": \"t\" is not a UTS #35 date field letter (a pattern prints text verbatim)"
      ),
      (
        .skeleton("y年M月"),
        "invalid skeleton \"y年M月\": \"年\" is not a UTS #35 date field letter (a pattern prints text verbatim)"
      ),
      (.skeleton(".. :"), "invalid skeleton \".. :\": no date field letter (a pattern prints text verbatim)"),
      (.skeleton("'yMd'"), "invalid skeleton \"'yMd'\": no date field letter (a pattern prints text verbatim)"),
      (.skeleton("yMd'"), "invalid skeleton \"yMd'\": unterminated quote"),
      (.skeleton(""), "invalid skeleton \"\": empty"),
      (.pattern("yyyy'"), "invalid pattern \"yyyy'\": unterminated quote"),
      (.pattern("jjjj"), "invalid pattern \"jjjj\": \"j\" is not a pattern letter (quote literal text with ')"),
      (
        .pattern("yyyy-MM-dd at HH"),
        "invalid pattern \"yyyy-MM-dd at HH\": \"t\" is not a pattern letter (quote literal text with ')"
      ),
    ])
  func refused(spec: DateFormatSpec, message: String) {
    do {
      _ = try spec.validate()
      Issue.record("accepted \(spec)")
    } catch {
      #expect(error.description == message)
    }
  }
}
