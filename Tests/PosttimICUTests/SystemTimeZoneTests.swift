import Foundation
@testable import PosttimICU
import Testing

/// Expected values from CPython's zoneinfo reading the same system TZif
/// files, by Scripts/tz-oracle/generate_tz_cases.py. Never edited by hand.
struct SystemTZOracle: Decodable {
  struct Case: Decodable, Sendable {
    let timeZone, instant, localDateTime: String
    let utcOffsetSeconds: Int
  }

  let zoneinfo: String
  let tzdataVersion: String
  let cases: [Case]

  static let shared: SystemTZOracle = {
    let url = Bundle.module.url(forResource: "tz-system-cases", withExtension: "json", subdirectory: "Fixtures")!
    return try! JSONDecoder().decode(SystemTZOracle.self, from: Data(contentsOf: url))
  }()

  /// The golden values hold for one tz database version only.
  static var matchesMachine: Bool {
    SystemTimeZoneData.shared.directory == shared.zoneinfo
      && SystemTimeZoneData.shared.version == shared.tzdataVersion
  }

  static var skipReason: Comment {
    Comment(
      rawValue: "fixture is tz \(shared.tzdataVersion) from \(shared.zoneinfo); this machine has "
        + "\(SystemTimeZoneData.shared.version ?? "no version") in \(SystemTimeZoneData.shared.directory)")
  }
}

/// A minimal TZif version 2 file (RFC 8536 §3) without transitions: one
/// local time type and the given POSIX TZ footer.
private func footerOnlyTZif(_ footer: String, offset: Int32 = 0) -> [UInt8] {
  func u32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
  func block() -> [UInt8] {
    var bytes = Array("TZif2".utf8) + [UInt8](repeating: 0, count: 15)
    // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt
    for count: UInt32 in [0, 0, 0, 0, 1, 4] { bytes += u32(count) }
    bytes += u32(UInt32(bitPattern: offset)) + [0, 0]  // utoff, isdst, desigidx
    return bytes + Array("XXX\0".utf8)
  }
  return block() + block() + Array("\n\(footer)\n".utf8)
}

private func date(_ text: String) -> Date { ICUOracle.instant(text) }

private func tzifBytes(_ id: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: URL(fileURLWithPath: SystemTimeZoneData.shared.directory + "/" + id)))
}

@Suite("System tz database (TZif)", .enabled(if: SystemTZOracle.matchesMachine, SystemTZOracle.skipReason))
struct SystemTimeZoneTests {
  // Expected values below: python3 -c "from zoneinfo import ZoneInfo;
  // import datetime; print(datetime.datetime.fromtimestamp(T, ZoneInfo(ID)))"
  // with T the instant's Unix time, on tz 2025b.

  @Test("Africa/Cairo keeps the DST Egypt restored in 2023")
  func cairo() throws {
    let zone = try TimeZoneIdentifier("Africa/Cairo")
    let instant = date("2026-07-01T21:30:00Z")  // 1782941400
    let calendar = try DayCalendar(timeZone: zone)
    #expect(calendar.day(of: instant).iso8601 == "2026-07-02")
    #expect(calendar.utcOffset(at: instant) == 3 * 3600)
    let formatter = try ICUDateFormatter(pattern: "yyyy-MM-dd HH:mm", locale: .posix, timeZone: zone)
    #expect(formatter.string(from: instant) == "2026-07-02 00:30")
    #expect(
      try DateFormatting.formatter(for: .pattern("yyyy-MM-dd HH:mm"), locale: .posix, timeZone: zone)
        .string(from: instant) == "2026-07-02 00:30")
  }

  @Test("America/Mexico_City has no DST since late 2022")
  func mexicoCity() throws {
    let calendar = try DayCalendar(timeZone: TimeZoneIdentifier("America/Mexico_City"))
    #expect(calendar.utcOffset(at: date("2026-07-15T18:00:00Z")) == -6 * 3600)
  }

  @Test("America/Ciudad_Juarez (tz 2022g, unknown to ICU 72) is accepted and follows US DST")
  func ciudadJuarez() throws {
    let zone = try TimeZoneIdentifier("America/Ciudad_Juarez")
    #expect(zone.canonicalID == "America/Ciudad_Juarez")
    let calendar = try DayCalendar(timeZone: zone)
    #expect(calendar.utcOffset(at: date("2026-07-15T18:00:00Z")) == -6 * 3600)
    #expect(calendar.utcOffset(at: date("2026-01-15T18:00:00Z")) == -7 * 3600)
    let formatter = try ICUDateFormatter(pattern: "yyyy-MM-dd HH:mm xxx", locale: .posix, timeZone: zone)
    #expect(formatter.string(from: date("2026-01-15T18:00:00Z")) == "2026-01-15 11:00 -07:00")
    // CLDR has no name for it; ICU falls back to the GMT format.
    #expect(zone.displayName(in: .posix) == "GMT-07:00")
  }

  @Test("unknown IDs are still refused, and IDs never leave the zoneinfo folder")
  func refusals() throws {
    for id in [
      "Not/AZone", "", "America", "tzdata.zi", "zone.tab", "../zoneinfo/Africa/Cairo",
      "Africa/../Africa/Cairo", "/usr/share/zoneinfo/Africa/Cairo", "./Africa/Cairo", "Africa//Cairo",
      "Africa/Cairo/", "right/Africa/Cairo",
    ] {
      #expect(throws: DateEngineError.invalidTimeZone(id)) { try TimeZoneIdentifier(id) }
      #expect(SystemTimeZoneData.shared.zone(for: id) == nil, "\(id)")
    }
    #expect(SystemTimeZoneData.shared.zone(for: "Africa/Cairo\u{0}") == nil)
    #expect(SystemTimeZoneData.shared.zone(for: "Africa\\Cairo") == nil)
    // A link out of the folder is read where it leads, as glibc reads it (TZDIR=/usr/share/zoneinfo/posix).
    let root = FileManager.default.temporaryDirectory.appending(path: "tzdir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createSymbolicLink(
      atPath: root.appending(path: "Cairo").path,
      withDestinationPath: SystemTimeZoneData.shared.directory + "/Africa/Cairo")
    try Data(try tzifBytes("Asia/Tokyo")).write(to: root.appending(path: "Tokyo"))
    let data = SystemTimeZoneData(directory: root.path)
    #expect(data.zone(for: "Cairo") != nil)
    #expect(data.zone(for: "Tokyo") != nil)
  }

  @Test("only a regular, non-empty file of at most 256 KiB is read as a zone")
  func zoneFileKinds() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "tzdir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appending(path: "Folder"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let tokyo = try tzifBytes("Asia/Tokyo")
    try Data(tokyo).write(to: root.appending(path: "Tokyo"))
    try Data().write(to: root.appending(path: "Empty"))
    // A valid TZif file followed by padding past the limit.
    try Data(tokyo + [UInt8](repeating: 0, count: SystemTimeZoneData.maximumFileSize)).write(
      to: root.appending(path: "Large"))
    #expect(mkfifo(root.appending(path: "Pipe").path, 0o600) == 0)
    let data = SystemTimeZoneData(directory: root.path)
    #expect(data.zone(for: "Tokyo") != nil)
    for id in ["Folder", "Empty", "Large", "Pipe", "Missing"] {
      #expect(data.zone(for: id) == nil, "\(id)")
    }
    #expect(try ZoneFileContents.read(root.appending(path: "Tokyo").path, maximumSize: tokyo.count) == tokyo)
    #expect(throws: ZoneFileContents.Unreadable(reason: "is larger than 0 KiB")) {
      try ZoneFileContents.read(root.appending(path: "Tokyo").path, maximumSize: tokyo.count - 1)
    }
  }

  @Test(
    "the POSIX footer governs after the last transition (2090)",
    arguments: [
      ("America/Toronto", "2090-07-01T12:00:00Z", "2090-07-01 08:00 -04:00"),
      ("America/Toronto", "2090-01-01T12:00:00Z", "2090-01-01 07:00 -05:00"),
      ("Europe/Paris", "2090-07-01T12:00:00Z", "2090-07-01 14:00 +02:00"),
      ("Europe/Paris", "2090-01-01T12:00:00Z", "2090-01-01 13:00 +01:00"),
      // <+1030>-10:30<+11>-11,M10.1.0,M4.1.0: a 30-minute DST.
      ("Australia/Lord_Howe", "2090-07-01T12:00:00Z", "2090-07-01 22:30 +10:30"),
      ("Australia/Lord_Howe", "2090-01-01T12:00:00Z", "2090-01-01 23:00 +11:00"),
      ("Australia/Lord_Howe", "2090-04-01T14:59:59Z", "2090-04-02 01:59 +11:00"),
      ("Australia/Lord_Howe", "2090-04-01T15:00:00Z", "2090-04-02 01:30 +10:30"),
      // IST-2IDT,M3.4.4/26,M10.5.0: 4th Thursday + 26 h = Friday 24 March.
      ("Asia/Jerusalem", "2090-03-23T23:59:59Z", "2090-03-24 01:59 +02:00"),
      ("Asia/Jerusalem", "2090-03-24T00:00:00Z", "2090-03-24 03:00 +03:00"),
      ("Asia/Jerusalem", "2090-07-01T12:00:00Z", "2090-07-01 15:00 +03:00"),
    ])
  func farFuture(zone: String, instant: String, expected: String) throws {
    let formatter = try ICUDateFormatter(
      pattern: "yyyy-MM-dd HH:mm xxx", locale: .posix, timeZone: TimeZoneIdentifier(zone))
    #expect(formatter.string(from: date(instant)) == expected)
  }

  @Test("offsets and wall times match CPython's zoneinfo (~45 zones × ~30 instants, 1970–2100)")
  func oracle() throws {
    #expect(SystemTZOracle.shared.cases.count >= 1000)
    let byZone = Dictionary(grouping: SystemTZOracle.shared.cases, by: \.timeZone)
    #expect(byZone.count >= 40)
    for (id, cases) in byZone {
      let zone = try TimeZoneIdentifier(id)
      let system = try #require(SystemTimeZoneData.shared.zone(for: id), "\(id)")
      let calendar = try DayCalendar(timeZone: zone)
      let formatter = try ICUDateFormatter(pattern: "yyyy-MM-dd'T'HH:mm:ss", locale: .posix, timeZone: zone)
      for item in cases {
        let instant = date(item.instant)
        let offsets = system.offsets(at: instant)
        #expect(offsets.raw + offsets.daylight == item.utcOffsetSeconds, "\(id) \(item.instant)")
        #expect(calendar.utcOffset(at: instant) == item.utcOffsetSeconds, "\(id) \(item.instant)")
        #expect(formatter.string(from: instant) == item.localDateTime, "\(id) \(item.instant)")
        #expect(calendar.day(of: instant).iso8601 == String(item.localDateTime.prefix(10)), "\(id) \(item.instant)")
      }
    }
  }

  @Test("standard/daylight split: Dublin's negative DST takes ICU's form, names stay CLDR's")
  func split() throws {
    let dublin = try #require(SystemTimeZoneData.shared.zone(for: "Europe/Dublin"))
    // Winter GMT is standard time, summer IST is daylight time, as in ICU.
    #expect(dublin.offsets(at: date("2026-01-15T12:00:00Z")) == (0, 0))
    #expect(dublin.offsets(at: date("2026-07-15T12:00:00Z")) == (0, 3600))
    #expect(dublin.offsets(at: date("2090-07-15T12:00:00Z")) == (0, 3600))
    let lordHowe = try #require(SystemTimeZoneData.shared.zone(for: "Australia/Lord_Howe"))
    #expect(lordHowe.offsets(at: date("2090-01-01T12:00:00Z")) == (37800, 1800))
    let toronto = try TimeZoneIdentifier("America/Toronto")
    let formatter = try ICUDateFormatter(pattern: "zzzz", locale: LocaleIdentifier("en_US"), timeZone: toronto)
    #expect(formatter.string(from: date("2026-07-01T12:00:00Z")) == "Eastern Daylight Time")
    #expect(formatter.string(from: date("2026-12-01T12:00:00Z")) == "Eastern Standard Time")
  }
}

@Suite("System zones: the copies formatters and calendars keep")
struct SystemTimeZoneCopyTests {
  /// ICU's own zones: a tz folder with no files, so every lookup falls back.
  static let icuZones = SystemTimeZoneData(directory: "/nonexistent-tz-folder")

  // Each formatter's calendar keeps a copy of the system zone that shares
  // its rules (CICUTimeZones.cpp, SharedRuleBasedTimeZone). ICU chooses
  // code paths by the zone's concrete class: generic names (v, vvvv) ask
  // for transitions around the date, day starts resolve a local time.
  // Where both tz databases agree (2015-2021 here), the copy must answer
  // exactly as ICU's own zone does.
  @Test(
    "names, offsets and day starts from a copy equal ICU's own zone's",
    arguments: ["America/Toronto", "Europe/Dublin", "Australia/Lord_Howe", "Asia/Kolkata", "America/Sao_Paulo"])
  func copiesAnswerAsICU(id: String) throws {
    let zone = try TimeZoneIdentifier(id)
    let instants = [
      "2015-03-08T06:59:59Z", "2015-03-08T07:00:00Z", "2016-06-15T12:00:00Z", "2017-10-29T00:30:00Z",
      "2018-02-18T01:30:00Z", "2019-11-03T05:30:00Z", "2020-04-05T15:00:00Z", "2021-12-31T23:59:59Z",
    ].map(date)
    #expect(zone.systemZone != nil, "the system must have \(id) for this test")
    for locale in ["en_US", "fr_CA"] {
      for pattern in ["zzzz", "z", "vvvv", "v", "VVVV", "O", "yyyy-MM-dd HH:mm:ss"] {
        let system = try ICUDateFormatter(
          pattern: pattern, locale: LocaleIdentifier(locale), timeZone: zone, capitalization: .none,
          systemZones: .shared)
        let own = try ICUDateFormatter(
          pattern: pattern, locale: LocaleIdentifier(locale), timeZone: zone, capitalization: .none,
          systemZones: Self.icuZones)
        for instant in instants {
          #expect(system.string(from: instant) == own.string(from: instant), "\(id) \(locale) \(pattern) \(instant)")
        }
      }
    }
    let system = try DayCalendar(timeZone: zone, locale: .posix, systemZones: .shared)
    let own = try DayCalendar(timeZone: zone, locale: .posix, systemZones: Self.icuZones)
    for instant in instants {
      let day = system.day(of: instant)
      #expect(day == own.day(of: instant), "\(id) \(instant)")
      #expect(system.start(of: day) == own.start(of: day), "\(id) \(day)")
      #expect(system.utcOffset(at: instant) == own.utcOffset(at: instant), "\(id) \(instant)")
    }
  }
}

@Suite("System tz database: conversion limits and fallback")
struct SystemTimeZoneFallbackTests {
  @Test("truncated and corrupted TZif files are refused without crashing")
  func corrupt() throws {
    let path = SystemTimeZoneData.defaultDirectory + "/Europe/Paris"
    guard let original = FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) else { return }
    #expect((try? SystemTimeZone(id: "Europe/Paris", tzif: original)) != nil)
    for length in 0..<original.count {
      #expect((try? SystemTimeZone(id: "Europe/Paris", tzif: Array(original[..<length]))) == nil, "\(length)")
    }
    // Every single-byte change: refused or converted, never a crash.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for index in 0..<original.count {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      var bytes = original
      bytes[index] ^= UInt8(truncatingIfNeeded: state >> 56) | 1
      _ = try? SystemTimeZone(id: "Europe/Paris", tzif: bytes)
    }
    #expect(throws: ICUError.self) { try SystemTimeZone(id: "X", tzif: Array("TZif2 not really".utf8)) }
  }

  @Test(
    "footer forms: converted exactly or refused",
    arguments: [
      ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", true),
      ("IST-2IDT,M3.4.4/26,M10.5.0", true),
      ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", true),
      ("IST-1GMT0,M10.5.0,M3.5.0/1", true),
      ("EST5EDT,M3.2.0,M11.1.0", true),
      ("<+01>-1", true),
      ("AAA3BBB,M2.5.0,M10.5.0", true),
      ("AAA3BBB,M1.1.0/-1,M10.5.0", false),  // would fall in the previous year
      ("AAA3BBB,M2.5.0/25,M10.5.0", false),  // last week of February, shifted
      ("EST5EDT,J60/2,J300/2", true),  // Julian days: fixed dates
      ("EST5EDT,J59/24,J300", false),  // February 29 or March 1
      ("EST5EDT,J365/24,J300", false),  // into the next year
      ("EST5EDT,60/2,300/2", false),  // zero-based: moves with leap years
      ("EST5EDT", false),  // DST without rules
      ("EST5EDT,M3.2.0", false),
      ("EST5EDT,M13.2.0,M11.1.0", false),
      ("EST5EDT,M3.2.0/168,M11.1.0", false),
      ("<+01", false),
      ("AB5", false),
      ("EST25", false),
    ])
  func footers(footer: String, converts: Bool) {
    #expect(((try? SystemTimeZone(id: "Test/Zone", tzif: footerOnlyTZif(footer))) != nil) == converts)
  }

  @Test(
    "a footer alone gives the same far-future offsets as the whole file",
    .enabled(if: SystemTZOracle.matchesMachine, SystemTZOracle.skipReason),
    arguments: [
      ("Asia/Jerusalem", "IST-2IDT,M3.4.4/26,M10.5.0"),
      ("Australia/Lord_Howe", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"),
      ("America/Nuuk", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0"),
      ("Europe/Dublin", "IST-1GMT0,M10.5.0,M3.5.0/1"),
      ("America/Toronto", "EST5EDT,M3.2.0,M11.1.0"),
    ])
  func footerOnly(id: String, footer: String) throws {
    let zone = try SystemTimeZone(id: id, tzif: footerOnlyTZif(footer))
    let cases = SystemTZOracle.shared.cases.filter { $0.timeZone == id && $0.instant >= "2038" }
    #expect(cases.count >= 8)
    for item in cases {
      let offsets = zone.offsets(at: date(item.instant))
      #expect(offsets.raw + offsets.daylight == item.utcOffsetSeconds, "\(id) \(item.instant)")
    }
  }

  @Test("a corrupt system file falls back to ICU's own zone")
  func fallback() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "tzdir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appending(path: "Africa"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let path = SystemTimeZoneData.defaultDirectory + "/Africa/Cairo"
    let original = try #require(FileManager.default.contents(atPath: path))
    try original.prefix(original.count / 2).write(to: root.appending(path: "Africa/Cairo"))
    try "# version 2031z\n# Zone...\n".write(to: root.appending(path: "tzdata.zi"), atomically: true, encoding: .utf8)
    let data = SystemTimeZoneData(directory: root.path)
    #expect(data.version == "2031z")
    #expect(data.zone(for: "Africa/Cairo") == nil)
    let zone = try TimeZoneIdentifier("Africa/Cairo")
    let instant = date("2026-07-01T21:30:00Z")
    let formatter = try ICUDateFormatter(
      pattern: "yyyy-MM-dd HH:mm", locale: .posix, timeZone: zone, capitalization: .none, systemZones: data)
    let calendar = try DayCalendar(timeZone: zone, locale: .posix, systemZones: data)
    if ICUVersions.timeZoneData == "2022e" {
      // ICU 72's own rules for Egypt (tz 2022e): no DST.
      #expect(formatter.string(from: instant) == "2026-07-01 23:30")
      #expect(calendar.utcOffset(at: instant) == 2 * 3600)
    }
  }

  @Test("tzdata.zi version: the first line only, else nil")
  func version() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "tzdir-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    #expect(SystemTimeZoneData(directory: root.path).version == nil)
    for (text, expected) in [
      ("# version 2025b\n", "2025b"), ("# version 2025b", "2025b"), ("# version 2025b \n", nil),
      ("# Version 2025b\n", nil), ("\n# version 2025b\n", nil), ("# version \n", nil),
      ("# version ../../x\n", nil),
    ] as [(String, String?)] {
      try text.write(to: root.appending(path: "tzdata.zi"), atomically: true, encoding: .utf8)
      #expect(SystemTimeZoneData(directory: root.path).version == expected, "\(text)")
    }
    #expect(SystemTimeZoneData(environment: ["TZDIR": root.path]).directory == root.path)
    #expect(SystemTimeZoneData(environment: ["TZDIR": ""]).directory == "/usr/share/zoneinfo")
    #expect(SystemTimeZoneData(environment: [:]).directory == "/usr/share/zoneinfo")
  }
}
