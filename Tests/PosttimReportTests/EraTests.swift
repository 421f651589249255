import Foundation
import PosttimReport
import Testing

/// A year ≤ 0 gets the era (UTS #35 `G`) so 2 BC does not read as year 2.
/// Expected strings from PyICU against the system ICU 72: fr_CA, UTC,
/// `getBestPattern("GyMMMdjm")` with a proleptic GregorianCalendar
/// (`setGregorianChange(-8.64e15)`, as the engine uses) on the same instants.
@Suite("Era for years ≤ 0")
struct EraTests {
  @Test("2 BC carries the era; 2026 does not")
  func era() throws {
    let fixture = try ReportFixture(zone: "UTC")
    let tasks = [
      TaskEntry(title: "old", date: Date(timeIntervalSince1970: -62_198_755_200), importance: 1),
      TaskEntry(title: "distantPast", date: .distantPast, importance: 1),
      TaskEntry(title: "now", date: ReportFixture.now, importance: 1),
    ]
    let view = fixture.presenter.view(of: try fixture.agenda(tasks))
    let all = view.sections.flatMap(\.tasks)
    #expect(all.first { $0.title == "old" }?.dateTime == "1 janv. 2 av. J.-C., 00 h 00")
    #expect(all.first { $0.title == "old" }?.exactWhen.hasPrefix("1 janv. 2 av. J.-C., 00 h 00") == true)
    #expect(all.first { $0.title == "distantPast" }?.dateTime == "30 déc. 1 av. J.-C., 00 h 00")
    #expect(all.first { $0.title == "now" }?.dateTime == "30 nov. 2026, 14 h 00")
  }
}

/// `dateLocal` keeps an offset's seconds (local mean time). Expected values
/// from Python: `datetime.fromtimestamp(t, ZoneInfo(zone)).isoformat()`.
@Suite("Offsets with seconds")
struct OffsetSecondsTests {
  @Test(
    "dateLocal is ±hh:mm:ss when the offset has seconds",
    arguments: [
      ("Asia/Kathmandu", -62_135_596_800.0, "0001-01-01T05:41:16+05:41:16"),
      ("Europe/Dublin", -2_840_140_800.0, "1879-12-31T23:34:39-00:25:21"),
      ("Asia/Kathmandu", 1_796_047_200.0, "2026-11-30T19:45:00+05:45"),
    ])
  func dateLocal(zone: String, seconds: Double, expected: String) throws {
    let fixture = try ReportFixture(zone: zone)
    let task = TaskEntry(title: "t", date: Date(timeIntervalSince1970: seconds), importance: 1)
    let view = fixture.presenter.view(of: try fixture.agenda([task]))
    #expect(view.sections.flatMap(\.tasks).first?.dateLocal == expected)
  }
}
