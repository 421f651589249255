import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `TZ` naming a FIFO (as a path, with or without the colon) is never
/// opened blocking, by this tool or by a library under it: the run stops
/// with 72 naming it (a file `TZ` names that is no zone file is never read
/// as UTC), or uses the `-z` zone, and ends.
@Suite("TZ naming a FIFO", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct TimeZoneFIFOTests {
  @Test(
    "TZ naming a FIFO ends: 72 naming it, or the -z zone",
    arguments: [("", " -z UTC"), (":", " -z UTC"), ("", ""), (":", "")])
  func fifoInTZ(prefix: String, zoneOption: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appending(path: "zone").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try GuardedShell.run(
      "exec \"$BIN\" \"$EXAMPLE\" --now 2026-11-30T14:00:00Z -l fr_CA -f csv\(zoneOption)",
      environment: ["TZ": prefix + fifo])
    if zoneOption.isEmpty {
      #expect(result.status == 72)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr == "posttim-report: error: time zone \"\(prefix + fifo)\": \(fifo) is not a regular file\n")
    } else {
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.hasPrefix("date,tache,importance,description,date_utc\r\n"))
    }
  }
}
