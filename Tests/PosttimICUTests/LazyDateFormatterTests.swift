import Foundation
import Synchronization
import Testing

@testable import PosttimICU

@Suite("Formatters opened on first use")
struct LazyDateFormatterTests {
  @Test("opened once, on first use, and then formats as the formatter does")
  func opensOnce() throws {
    let opened = Mutex(0)
    let locale = try LocaleIdentifier("fr_CA")
    let zone = try TimeZoneIdentifier("America/Toronto")
    let lazy = LazyDateFormatter { () throws(ICUError) in
      opened.withLock { $0 += 1 }
      return try DateFormatting.formatter(for: .pattern("yyyy.MM.dd HH:mm"), locale: locale, timeZone: zone)
    }
    #expect(opened.withLock { $0 } == 0)
    #expect(lazy.firstFailure == nil)
    let date = ICUOracle.instant("2026-11-30T14:00:00Z")
    #expect(lazy.string(from: date) == "2026.11.30 09:00")
    #expect(lazy.string(from: date) == "2026.11.30 09:00")
    #expect(opened.withLock { $0 } == 1)
  }

  @Test("an error opening is kept, reported, and formats as \"\"")
  func failure() {
    let error = ICUError(function: "udat_open", code: 1)
    let lazy = LazyDateFormatter { () throws(ICUError) in throw error }
    #expect(lazy.string(from: Date(timeIntervalSince1970: 0)) == "")
    #expect(lazy.firstFailure == error)
    #expect(throws: error) { try lazy.formatter() }
  }
}
