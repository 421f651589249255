import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The roster's check walks a reader's `list` cell as the read does: a
/// path through another user's link gets the read's refusal, whether the
/// name beyond the link is there or not, never "no such file" (which
/// would tell what lies beyond it).
@Suite(
  "Roster check: a list cell through another user's link",
  .requires(.builtBinary), .enabled(if: geteuid() == 0, "needs root to chown links"))
struct RosterListCellLinkCheckTests {
  @Test("rows through her link, list there or not: both named by the check with the read's refusal, both fail")
  func listThroughStrangersLink() throws {
    let fixture = try ReadLinkOwnerTests.Fixture()
    defer { fixture.remove() }
    let link = fixture.home + "/l"
    fixture.link(link, to: fixture.root.path, owner: ReadLinkOwnerTests.stranger)
    let there = link + "/tasks.plist"
    let missing = link + "/nope.plist"
    let (result, out) = try ReadLinkOwnerTests.roster(
      """
      id,list,mail-to
      amy,\(fixture.list),amy@example.org
      mal,\(there),mallory@localhost
      mab,\(missing),mallory@localhost

      """, in: fixture)
    #expect(result.status == 75)
    #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["amy.eml"])
    let refusal = ReadLinkOwnerTests.refusal(link)
    #expect(
      result.stderr.split(separator: "\n").map(String.init).filter { $0.contains(": warning: ") } == [
        "posttim-report: warning: row 3 (mal): column 'list': \(there): cannot be read (\(refusal)); "
          + "this reader fails until it is fixed, the others are written",
        "posttim-report: warning: row 4 (mab): column 'list': \(missing): cannot be read (\(refusal)); "
          + "this reader fails until it is fixed, the others are written",
      ])
    #expect(
      result.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("ma") } == [
        "mal: failed: row 3: \(there): cannot be read (\(refusal))",
        "mab: failed: row 4: \(missing): cannot be read (\(refusal))",
      ])
  }
}
