import Foundation
import Testing
import TestSupport

/// Text contrast on the rendered pixels, through Scripts/browser-dark-check.sh:
/// the e-mail's HTML part (fr_CA) and the HTML report (ar_EG) at 390 px, in
/// light mode, in their own dark scheme, and in Chromium's forced dark mode
/// (--force-dark-mode --enable-features=WebContentsForceDark) on the page as
/// Gmail's and Outlook's apps read it (no <style>, no color-scheme meta).
/// Every text line at 4.5:1 or more, measured on the screenshot; a control
/// page's 3.03:1 grey must be reported with its exact colour. Screenshots:
/// .artifacts/screenshots/dark-*.png.
extension BrowserLayoutTests {
  @Test(
    "browser-dark-check.sh: every text keeps 4.5:1 in light, dark and forced dark mode at phone width",
    .requires(.builtBinary, .headlessChromium, .imageMagick, .python3, .arabicAndJapaneseFonts))
  func forcedDarkContrast() throws {
    let (status, text) = try ConsumerProofTests.runScript("Scripts/browser-dark-check.sh")
    let lines = text.split(separator: "\n")
    #expect(lines.first?.hasPrefix("PASS control: a 3.03:1 grey is reported") == true, "\(text)")
    for page in ["mail", "report"] {
      for variant in ["light", "dark", "forced"] {
        #expect(lines.contains { $0.hasPrefix("PASS \(page) \(variant) 390 px: ") }, "\(page) \(variant): \(text)")
      }
    }
    #expect(lines.filter { $0.hasPrefix("FAIL ") }.isEmpty, "\(text)")
    #expect(lines.last == "7 passed, 0 failed")
    #expect(status == 0)
  }
}
