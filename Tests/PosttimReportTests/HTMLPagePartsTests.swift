import Testing

@testable import PosttimReport

/// A locale's page cut for a several-locale document: its head, and its
/// body with every id and reference to one prefixed by the locale's tag,
/// `<main>` made a `<div>`, in one pass over the page's UTF-8.
@Suite("HTML page parts of a several-locale document")
struct HTMLPagePartsTests {
  static let page = """
    <!doctype html>
    <html lang="ar-EG"><head><title>أجندة</title></head>
    <body dir="rtl" class="x">
    <main>
    <section id="day-2026-11-30" aria-labelledby="day-2026-11-30-h"><h2 id="day-2026-11-30-h">اليوم</h2>
    <a href="#task-1">مهمة « id=&quot; »</a> <a href="https://example.org/#x">ext</a><span data-id="k">é</span>
    </section>
    </main>
    </body>
    </html>

    """

  @Test("the head ends with the body tag")
  func head() {
    #expect(
      HTMLPageParts.head(of: Self.page)
        == "<!doctype html>\n<html lang=\"ar-EG\"><head><title>أجندة</title></head>\n<body dir=\"rtl\" class=\"x\">")
  }

  @Test("the body's ids, fragment links and labels get the prefix; main becomes div; the first line feed goes")
  func body() {
    let expected = """
      <div>
      <section id="ar-EG-day-2026-11-30" aria-labelledby="ar-EG-day-2026-11-30-h"><h2 id="ar-EG-day-2026-11-30-h">اليوم</h2>
      <a href="#ar-EG-task-1">مهمة « id=&quot; »</a> <a href="https://example.org/#x">ext</a><span data-id="k">é</span>
      </section>
      </div>

      """
    #expect(HTMLPageParts.prefixedBody(of: Self.page, with: "ar-EG-") == expected)
  }

  @Test("a page with no body tag is all body; with no closing tag, the body runs to the end")
  func noBodyTag() {
    #expect(HTMLPageParts.head(of: "<p id=\"a\">x</p>") == "")
    #expect(HTMLPageParts.prefixedBody(of: "<p id=\"a\">x</p>", with: "fr-") == "<p id=\"fr-a\">x</p>")
    #expect(HTMLPageParts.prefixedBody(of: "<body>\n<main>x", with: "fr-") == "<div>x")
  }
}
