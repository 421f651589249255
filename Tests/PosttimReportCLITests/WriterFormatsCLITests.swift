import Foundation
import Testing
import TestSupport

/// `--format json|ics|csv` and the `--csv-*` flags through the real
/// command, in-process, with stdout captured byte for byte.
@Suite("CLI: JSON, iCalendar and CSV options")
struct WriterFormatsCLITests {
  func run(_ arguments: [String]) throws -> [UInt8] {
    let capture = expectRun(
      arguments: [TestPaths.example.path, "--locale", "fr_CA", "--time-zone", "America/Toronto"] + arguments,
      exit: .success)
    return Array(try Data(contentsOf: URL(fileURLWithPath: capture.stdoutPath)))
  }

  @Test("--csv-delimiter ';' --csv-bom: BOM, then ';'-separated, formulas neutralized")
  func csvOptions() throws {
    let bytes = try run(["--format", "csv", "--csv-delimiter", ";", "--csv-bom"])
    #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
    let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
    #expect(text.hasPrefix("date;tache;importance;description;date_utc\r\n"))
    #expect(text.contains(";'=SOMME(A1:A9) vérifier le budget;5;"))
  }

  @Test("--csv-raw-formulas keeps cells as stored; no BOM by default")
  func csvRaw() throws {
    let bytes = try run(["--format", "csv", "--csv-raw-formulas"])
    #expect(Array(bytes.prefix(5)) == Array("date,".utf8))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(",=SOMME(A1:A9) vérifier le budget,5,+ revoir les dépenses; -20 % sur les sorties; @tous,"))
  }

  @Test("--format json: schema version 1, the tool's version, 24 tasks")
  func json() throws {
    let bytes = try run(["--format", "json"])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    #expect(root["schemaVersion"] as? Int == 1)
    #expect(root["now"] as? String == "2026-11-30T14:00:00Z")
    #expect(root["taskCount"] as? Int == 24)
  }

  @Test("--format ics: a CRLF calendar with 24 events")
  func ics() throws {
    let text = String(decoding: try run(["--format", "ics"]), as: UTF8.self)
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    #expect(text.components(separatedBy: "\r\nBEGIN:VEVENT\r\n").count == 25)
  }
}
