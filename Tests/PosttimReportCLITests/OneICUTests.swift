import Foundation
import Testing
import TestSupport

/// Dates are formatted by Debian's ICU, through the shim. Foundation's full
/// module (FoundationInternationalization) carries a second ICU, with its
/// own data: linking it costs every run its start-up, and a call into it
/// would format with the other copy. The binary links FoundationEssentials
/// only.
@Suite("One ICU in the binary", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct OneICUTests {
  @Test("the binary holds no part of Foundation's internationalization module or its ICU copy")
  func noSecondICU() throws {
    let bytes = try Data(contentsOf: EndToEndTests.binary!)
    for name in ["FoundationInternationalization", "_FoundationICU", "$s10Foundation"] {
      #expect(bytes.range(of: Data(name.utf8)) == nil, "\(name) is linked")
    }
  }
}
