import Testing

@testable import PosttimICU

/// Patterns are measured before ICU sees them: ICU's parser and formatter
/// recurse once per nested argument, and a few thousand levels overflow
/// the stack. The measure must be ICU's own nesting level.
@Suite("MessageFormat nesting depth")
struct MessageNestingTests {
  static func nestedSelects(_ depth: Int) -> String {
    String(repeating: "{date,select,other{", count: depth) + "z" + String(repeating: "}}", count: depth)
  }

  let english = try! LocaleIdentifier("en")

  @Test("33 nested selects are refused, naming the limit and where the 33rd starts")
  func pastLimit() {
    let pattern = Self.nestedSelects(33)
    #expect(ICUMessageFormat.maximumNesting == 32)
    // The 33rd level's message starts at its "{" after 32 × 19 + 18 units.
    let failure = ICUMessageFormat.Failure(status: "arguments nested more than 32 levels deep", offset: 32 * 19 + 18)
    #expect(throws: failure) { try ICUMessageFormat(pattern, locale: english) }
    #expect(throws: failure) { try ICUMessageFormat.pluralSelectors(in: pattern) }
    #expect(failure.description == "arguments nested more than 32 levels deep at offset 626")
  }

  @Test("6,000 nested selects (a stack overflow in ICU) are refused")
  func thousands() {
    #expect(throws: ICUMessageFormat.Failure.self) {
      try ICUMessageFormat(Self.nestedSelects(6000), locale: english)
    }
  }

  @Test("32 nested selects still compile and format")
  func atLimit() throws {
    let message = try ICUMessageFormat(Self.nestedSelects(32), locale: english)
    #expect(try message.format(["date": .string("x")]) == "z")
  }

  @Test(
    "the measured depth is ICU's own, quoting and argument kinds included",
    arguments: [
      ("plain text", 0),
      ("{count} and {date}", 0),
      ("{count, plural, one {# task} other {# tasks}}", 1),
      ("{a, select, x {{b, plural, =0 {none} other {{c, selectordinal, one {#st} other {#th}}}}} other {o}}", 3),
      // Quoted braces are text: '{' and '}' do not open or close messages.
      ("'{'{a, select, other {'}' {b, select, other {x}}}}", 2),
      ("{a, select, other {it''s '{quoted}' {b, select, other {y}}}}", 2),
      // '# quotes only in a plural; in a select the apostrophe is text.
      ("{a, plural, other {'#{b, select, other {{c, select, other {x}}}}' y}}", 1),
      ("{a, select, other {'#{b, select, other {{c, select, other {x}}}}' y}}", 3),
      // Choice messages end at '|' and nest through their own arguments.
      ("{n, choice, 0#none|1#{m, select, other {{k, plural, other {#}}}}|2<many}", 3),
      ("{n, choice, 0#'|'{m, choice, 0#a|1#b}}", 2),
      // Styles of simple arguments are not messages, braces and all.
      ("{n, number, '{{{{'} {d, date, ::yMMMd} {a, select, other {x}}", 1),
      ("{a, plural, offset:1 =0 {zero} other {{b, select, other {#}}}}", 2),
      ("{a,SELECT,other{{b,Plural,other{{c,selectOrdinal,other{x}}}}}}", 3),
      // Whitespace ICU skips: U+200E and U+2028 between tokens.
      ("{a,\u{200E}select,\u{2028}other\u{200E}{{b,select,other{x}}}}", 2),
    ])
  func matchesICU(pattern: String, expected: Int) throws {
    let measured = MessagePatternNesting.depth(of: pattern)
    #expect(measured.depth == expected)
    #expect(measured.offset == nil)
    #expect(MessagePatternNesting.depthThroughICU(of: pattern) == expected)
  }

  @Test("a pattern ICU refuses half way is measured at least as deep as ICU went")
  func invalidPatterns() {
    // Unclosed: ICU recurses 40 levels, then reports unmatched braces.
    let unclosed = String(repeating: "{a,select,other{", count: 40)
    #expect(MessagePatternNesting.depth(of: unclosed).depth == 33)
    #expect(throws: ICUMessageFormat.Failure.self) { try ICUMessageFormat(unclosed, locale: english) }
    // No 'other': ICU parses every level before it complains.
    let noOther = String(repeating: "{a,select,x{", count: 40) + String(repeating: "}}", count: 40)
    #expect(MessagePatternNesting.depth(of: noOther).depth == 33)
  }
}
