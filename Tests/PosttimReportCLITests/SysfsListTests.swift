import Foundation
import TestSupport
import Testing

/// A sysfs file as the list was refused as "changed while it was read
/// (4096 bytes when opened, 4096 now)": its size says 4096, its content
/// is a line. It is read for what it holds, and the parser decides.
@Suite(
  "A sysfs file as the task list",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct SysfsListTests {
  static let file = "/sys/kernel/mm/transparent_hugepage/enabled"

  @Test(
    "it is read whole and refused for what it holds: 65, not a property list",
    .enabled(if: FileManager.default.isReadableFile(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")))
  func readForWhatItHolds() throws {
    let result = try GuardedShell.run("\"$BIN\" \(Self.file) --now 2026-11-30T14:00:00Z -z UTC")
    #expect(result.status == 65)
    #expect(result.stderr == "posttim-report: error: \(Self.file): not an XML or binary property list\n")
  }
}
