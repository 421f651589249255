import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A roster's standard output appended to a reader's list failed that
/// reader alone, but the lines before it (and its own failure) were
/// appended to the list all the same; appended to a file of a reader's
/// template folder, the output went into it. Both are refused whole (64),
/// naming the row and column, before anything is written.
@Suite(
  "Standard output or error of a roster on a reader's list or template folder",
  .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct RosterStandardStreamReaderFileTests {
  static let usageHint =
    "Usage: posttim-report roster [options] ROSTER.csv (--send | -o DIR)\n"
    + "See 'posttim-report roster --help' for more information.\n"

  /// Runs `redirect` on a roster of two readers in a fresh folder: amy
  /// (`amy.plist`) and bob (`bob.plist`, his cell's template folder `td`,
  /// holding `messages/fr.json` and `messages.fr.txt`). `$F` is the file
  /// redirected to; the script fails with 8 when it changed. `setup` runs
  /// in the folder after these files are made.
  static func run(_ redirect: String, file: String, cells: String = ",td", setup: String = ":") throws
    -> Subprocess.Result
  {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    id,list,at,locale,time-zone,mail-to,template-dir
    amy,amy.plist,06:00,fr_CA,UTC,amy@example.org,
    bob,bob.plist,06:00,fr_CA,UTC,bob@example.org\(cells)

    """.write(to: folder.appending(path: "roster.csv"), atomically: false, encoding: .utf8)
    let script = """
      cd "$D" && mkdir -p out td/messages && chmod 600 roster.csv && cp "$EXAMPLE" amy.plist && cp "$EXAMPLE" bob.plist
      printf '{"report.title":"X"}' > td/messages/fr.json && printf 'x' > td/messages.fr.txt && \(setup) && cp "$F" before
      "$BIN" roster roster.csv -o out --state st --now 2026-12-01T12:00:00Z \(redirect) "$F"
      s=$?; cmp -s before "$F" || exit 8; [ -z "$(ls out)" ] || exit 7; exit $s
      """
    return try GuardedShell.run(script, environment: ["D": folder.path, "F": file])
  }

  @Test("standard output appended to a reader's list: 64 naming the row, nothing written")
  func outputIsAReadersList() throws {
    let result = try Self.run(">>", file: "bob.plist")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "posttim-report: error: roster 'roster.csv', row 3, column 'list': standard output is this reader's "
        + "list 'bob.plist'; refusing to write into a task list\n" + Self.usageHint)
  }

  @Test("standard error appended to a reader's list: 64, nothing written there nor to standard output")
  func errorIsAReadersList() throws {
    let result = try Self.run("2>>", file: "amy.plist")
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
  }

  @Test(
    "standard output appended to a file of a reader's template folder: 64 naming the row, the file unchanged",
    arguments: ["td/messages/fr.json", "td/messages.fr.txt"])
  func outputIsInAReadersTemplateFolder(_ file: String) throws {
    let result = try Self.run(">>", file: file)
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "posttim-report: error: roster 'roster.csv', row 3, column 'template-dir': standard output is 'td/\(file.dropFirst(3))' "
        + "of this reader's template folder; refusing to write into a file the run reads\n" + Self.usageHint)
  }

  /// The folder is listed as a report reads it, following your and root's
  /// links: through a link it was not listed, and the file was refused
  /// later with no row or column to say which reader's it is.
  @Test(
    "standard output appended to a file of a reader's template folder reached through a link: 64 naming the row",
    arguments: [
      ("ln -s td tdl", ",tdl", "tdl/messages/fr.json"),
      ("mkdir tdm && ln -s ../td/messages tdm/messages", ",tdm", "tdm/messages/fr.json"),
    ])
  func outputIsInAReadersLinkedTemplateFolder(setup: String, cells: String, file: String) throws {
    let result = try Self.run(">>", file: file, cells: cells, setup: setup)
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "posttim-report: error: roster 'roster.csv', row 3, column 'template-dir': standard output is '\(file)' "
        + "of this reader's template folder; refusing to write into a file the run reads\n" + Self.usageHint)
  }

  /// The names are followed as reading follows them: whoever owns a link
  /// that is not followed cannot stop the roster by aiming it at its log.
  @Test(
    "a reader's list that is another user's link to the output file: that reader fails alone, the others are written",
    .enabled(if: geteuid() == 0, "needs root to chown a link"))
  func anotherUsersLinkToTheOutput() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try """
    id,list,at,locale,time-zone,mail-to
    amy,amy.plist,06:00,fr_CA,UTC,amy@example.org
    bob,bob.plist,06:00,fr_CA,UTC,bob@example.org

    """.write(to: folder.appending(path: "roster.csv"), atomically: false, encoding: .utf8)
    let script = """
      cd "$D" && mkdir out && chmod 600 roster.csv && cp "$EXAMPLE" amy.plist && : > log
      ln -s "$D/log" bob.plist && chown -h 4247:4247 bob.plist || exit 9
      "$BIN" roster roster.csv -o out --state st --now 2026-12-01T12:00:00Z >> log 2> /dev/null
      s=$?; cat log; ls out; exit $s
      """
    let result = try GuardedShell.run(script, environment: ["D": folder.path])
    #expect(result.status == 75)
    let link = folder.path + "/bob.plist"
    #expect(
      result.stdout.hasSuffix(
        "bob: failed: row 3: bob.plist: cannot be read (not following \(link): a symbolic link of uid 4247, neither "
          + "yours nor root's (a file read as data follows no other))\n"
          + "roster: 1 written, 0 not due, 0 already written, 1 failed\namy.eml\n"))
  }

  @Test("standard output appended to a file of the roster-wide template folder: 64, the file unchanged")
  func outputIsInTheRosterWideTemplateFolder() throws {
    let result = try Self.run("--template-dir td >>", file: "td/messages.fr.txt", cells: ",")
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "posttim-report: error: standard output is 'td/messages.fr.txt' of the readers' template folder; "
        + "refusing to write into a file the run reads\n" + Self.usageHint)
  }
}
