import Foundation
import Testing
import TestSupport

/// A roster written with `-o DIR` where the first reader's `DIR/ID.eml`
/// is refused: that reader fails and the next is written.
extension RosterFixture {
  /// zoe (row 2), then amira, both due at ``writeMessages(to:)``'s time.
  static let zoeThenAmira =
    "id,list,locale,time-zone,mail-to\nzoe,tasks.plist,fr_CA,America/Toronto,z@example.org\n"
    + "amira,tasks.plist,fr_CA,America/Toronto,a@example.org\n"

  /// `roster -o folder` through the binary, at 2026-12-01T12:00Z.
  func writeMessages(to folder: String) throws -> Subprocess.Result {
    try GuardedShell.run(
      "exec \"$BIN\" roster \"$ROSTER\" -o \"$OUT\" --state \"$STATE\" --mail-from r@example.org "
        + "--now 2026-12-01T12:00:00Z",
      environment: ["ROSTER": roster, "OUT": folder, "STATE": state])
  }

  /// Expects exit 75, zoe's line `zoe: failed: row 2: ` and `failure`,
  /// and amira written.
  static func expectFirstFailed(_ result: Subprocess.Result, _ failure: String) {
    #expect(result.status == 75, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "zoe: failed: row 2: " + failure)
    #expect(lines.dropFirst().first?.hasPrefix("amira: written <posttim-roster.") == true, "\(lines)")
    #expect(lines.last == "roster: 1 written, 0 not due, 0 already written, 1 failed")
  }
}
