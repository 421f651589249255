import Foundation
import Testing
import TestSupport

/// The HTML report in a real browser (Debian's headless chromium), through
/// Scripts/browser-check.sh: the example in fr_CA, de_DE, ar_EG and ja_JP at
/// 390, 640 and 1,200 px; no overlapping text boxes, no horizontal overflow,
/// each day section's dir matching the locale; a control page with the
/// old squeezed table header, which the check must report; and a phone's
/// first screen (390×844) with 20 overdue tasks that have descriptions, as a
/// page and as the e-mail's HTML part, where today's first task must show.
/// Screenshots land in .artifacts/screenshots/. `.ci/run` installs chromium,
/// ImageMagick and the fonts; where one is missing (or chromium cannot
/// start) the suite skips, naming it.
@Suite("HTML in a real browser")
struct BrowserLayoutTests {
  @Test(
    "browser-check.sh: every locale at every width passes",
    .requires(.builtBinary, .headlessChromium, .imageMagick, .arabicAndJapaneseFonts))
  func layout() throws {
    let (status, text) = try ConsumerProofTests.runScript("Scripts/browser-check.sh")
    let lines = text.split(separator: "\n")
    // The control (a squeezed table header the check must report), then 4 locales × 3 widths,
    // then the five-locale page (fr_CA,ar_EG,ja_JP,he_IL,ru_RU) × 3 widths, then the two phone pages.
    #expect(lines.first?.hasPrefix("PASS control: ") == true, "\(text)")
    #expect(lines.filter { $0.hasPrefix("PASS ") }.count == 18, "\(text)")
    #expect(lines.filter { $0.hasPrefix("PASS phone-") }.count == 2, "\(text)")
    #expect(lines.filter { $0.hasPrefix("FAIL ") }.isEmpty, "\(text)")
    #expect(lines.last == "18 passed, 0 failed")
    #expect(status == 0)
  }
}
