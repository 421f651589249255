import Foundation
import TestSupport
import Testing

/// Standard output appended to a roster's journal stopped every later run
/// (65: "not a journal record") until someone edited it, and appended to a
/// catalog `--list-locales` read broke the next report: both are files
/// the run reads, refused as the task list is (64), nothing written.
@Suite(
  "Standard output on a roster's journal or a listed catalog",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct StandardStreamIsStateOrCatalogTests {
  @Test("roster output appended to its own journal: 64, the journal unchanged")
  func rosterJournal() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    id,list,at,locale,time-zone,mail-to
    ann,\(TestPaths.example.path),06:00,fr_CA,UTC,ann@example.org

    """.write(to: folder.appending(path: "roster.csv"), atomically: false, encoding: .utf8)
    let script = """
      cd "$D" && mkdir out && chmod 600 roster.csv
      "$BIN" roster roster.csv -o out --state st --now 2026-12-01T12:00:00Z > /dev/null 2>&1 || exit 9
      cp st/roster.journal before
      "$BIN" roster roster.csv -o out --state st --now 2026-12-02T12:00:00Z >> st/roster.journal
      s=$?; cmp -s before st/roster.journal || exit 8; exit $s
      """
    let result = try GuardedShell.run(script, environment: ["D": folder.path])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix(
        "posttim-report: error: standard output is 'st/roster.journal' of the roster's state folder; "
          + "refusing to write into its journals\n"))
  }

  @Test("--list-locales output appended to a catalog it reads: 64, the catalog unchanged")
  func listedCatalog() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = """
      cd "$D" && mkdir -p td/messages && printf '{"report.title":"X"}' > td/messages/fr.json
      "$BIN" --list-locales --template-dir td -l fr_CA >> td/messages/fr.json
      s=$?; [ "$(cat td/messages/fr.json)" = '{"report.title":"X"}' ] || exit 8; exit $s
      """
    let result = try GuardedShell.run(script, environment: ["D": folder.path])
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("posttim-report: error: standard output is "))
  }
}
