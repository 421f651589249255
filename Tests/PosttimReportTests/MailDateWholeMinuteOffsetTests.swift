import Foundation
import PosttimICU
import Testing

@testable import PosttimReport

/// RFC 5322 §3.3 writes a zone offset as `+hhmm`: a local mean time's
/// offset with seconds (Africa/Monrovia −0:44:30 until 1972, Europe/Paris
/// +0:09:21 until 1911) is rounded to the minute and the time written at
/// that offset, so the header still names the exact instant.
@Suite("Mail Date header with an offset in seconds")
struct MailDateWholeMinuteOffsetTests {
  @Test(
    "the time is written at the offset rounded to the minute: the same instant",
    arguments: [
      ("Africa/Monrovia", 44_582_400.0 + 43_200, "Tue, 01 Jun 1971 11:15:00 -0045"),
      ("Europe/Paris", -2_195_942_400.0 + 43_200, "Fri, 01 Jun 1900 12:09:00 +0009"),
      ("America/Toronto", 1_796_047_200.0, "Mon, 30 Nov 2026 09:00:00 -0500"),
    ])
  func roundedOffset(zone: String, seconds: Double, header: String) throws {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(try MailDate.string(date, timeZone: TimeZoneIdentifier(zone)) == header)
  }

  @Test("the year the header writes is the local year at that offset")
  func year() throws {
    let newYearUTC = Date(timeIntervalSince1970: -2_208_988_800)  // 1900-01-01T00:00:00Z
    #expect(try MailDate.year(newYearUTC, timeZone: .utc) == 1900)
    #expect(try MailDate.year(newYearUTC, timeZone: TimeZoneIdentifier("America/Toronto")) == 1899)
  }
}
