import Foundation
import Testing
import TestSupport

/// `-o` never names a file the run reads, whatever it was read as (the
/// config file, the template, a template folder's partial or catalog),
/// however it is spelled; the file is left as it was (exit 64).
@Suite("Output over a file the run reads", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct OutputOverReadFileTests {
  let fixed = [TestPaths.example.path, "-z", "UTC", "--now", "2026-11-30T14:00:00Z"]

  /// Runs with `arguments`, expects exit 64 naming `output` and `what`,
  /// and `file` unchanged.
  func expectRefused(_ arguments: [String], output: String, what: String, file: String, shown: String? = nil) throws {
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let (status, _, stderr) = try EndToEndTests.run(fixed + arguments + ["-o", output])
    #expect(status == 64)
    #expect(
      stderr.hasPrefix(
        "posttim-report: error: output '\(shown ?? output)' is \(what); refusing to overwrite a file the run reads\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
  }

  /// Copies the shipped `Templates/<relative>` into `folder`, its folders
  /// made; returns the copy's path.
  func copyShipped(_ relative: String, into folder: URL) throws -> String {
    let copy = folder.appending(path: relative)
    try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: TestPaths.packageRoot.appending(path: "Templates/" + relative), to: copy)
    return copy.path
  }

  @Test("the config file, named again or through a link")
  func configFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "cfg").path
    try "locale = fr_CA\n".write(toFile: config, atomically: false, encoding: .utf8)
    let link = folder.appending(path: "link").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "cfg")
    try expectRefused(["--config", config], output: config, what: "the config file '\(config)'", file: config)
    try expectRefused(["--config", config], output: link, what: "the config file '\(config)'", file: config)
  }

  @Test("the template, through a hard link or '..'")
  func template() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let template = folder.appending(path: "t.mustache").path
    try "x {{title}}\n".write(toFile: template, atomically: false, encoding: .utf8)
    let hard = folder.appending(path: "hard.md").path
    try FileManager.default.linkItem(atPath: template, toPath: hard)
    let what = "the template '\(template)'"
    try expectRefused(["--template", template], output: hard, what: what, file: template)
    try FileManager.default.createDirectory(at: folder.appending(path: "sub"), withIntermediateDirectories: false)
    let dotted = folder.appending(path: "sub").path + "/../t.mustache"
    try expectRefused(["--template", template], output: dotted, what: what, file: template)
  }

  @Test("a template folder's partial and catalog, and a per-locale name that expands to one")
  func templateFolder() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let messages = folder.appending(path: "messages")
    let dayPath = try copyShipped("markdown/day.mustache", into: folder)
    let catalog = try copyShipped("messages/fr.json", into: folder)
    try expectRefused(
      ["--template-dir", folder.path], output: dayPath, what: "the template folder's file '\(dayPath)'",
      file: dayPath)
    try expectRefused(
      ["--template-dir", folder.path, "-l", "en_CA,fr"], output: messages.path + "/{locale}.json",
      what: "the template folder's file '\(catalog)'", file: catalog, shown: catalog)
  }

  @Test("a config file's output naming the task list: 78 naming the file and line, the list kept")
  func configOutputOverTheList() throws {
    let (folder, list) = try temporaryFolderWithExample(named: "tasks.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    let config = folder.appending(path: "cfg").path
    try "locale = fr_CA\noutput = \(list)\n".write(toFile: config, atomically: false, encoding: .utf8)
    let before = try Data(contentsOf: URL(fileURLWithPath: list))
    let (status, _, stderr) = try EndToEndTests.run(
      [list, "-z", "UTC", "--now", "2026-11-30T14:00:00Z", "--config", config])
    #expect(status == 78)
    #expect(
      stderr
        == "posttim-report: error: \(config):2: output '\(list)' is the input '\(list)'; refusing to overwrite a task list\n"
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: list)) == before)
  }

  @Test(
    "a read file spelled 'FILE/.' is not read (66 or 78, Not a directory), so -o FILE cannot replace it",
    arguments: [
      ("list", "", 66, "posttim-report: error: {file}/.: cannot be read (Not a directory)\n"),
      ("config", "--config", 78, "posttim-report: error: {file}/.: cannot read the config file (Not a directory)\n"),
      (
        "template", "--template", 66,
        "posttim-report: error: {file}/.: cannot be read (Not a directory) (a template is a text file)\n"
      ),
    ])
  func dotAfterAFile(kind: String, option: String, status: Int32, message: String) throws {
    let (folder, list) = try temporaryFolderWithExample(named: "tasks.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = kind == "list" ? list : folder.appending(path: kind).path
    if kind == "config" { try "locale = fr_CA\n".write(toFile: file, atomically: false, encoding: .utf8) }
    if kind == "template" { try "x {{title}}\n".write(toFile: file, atomically: false, encoding: .utf8) }
    let before = try Data(contentsOf: URL(fileURLWithPath: file))
    let input = kind == "list" ? [file + "/."] : [list, option, file + "/."]
    let (exit, stdout, stderr) = try EndToEndTests.run(
      input + ["-z", "UTC", "--now", "2026-11-30T14:00:00Z", "-o", file])
    #expect(exit == status)
    #expect(stdout == "")
    #expect(stderr == message.replacingOccurrences(of: "{file}", with: file))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
  }

  @Test("a spelling of PATH_MAX bytes or more is refused as too long, as open(2) refuses it: the list is kept")
  func pathMaxSpellings() throws {
    let (folder, list) = try temporaryFolderWithExample(named: "tasks.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    let long = folder.path + String(repeating: "/.", count: 2_100) + "/tasks.plist"
    let before = try Data(contentsOf: URL(fileURLWithPath: list))
    let fixedTail = ["-z", "UTC", "--now", "2026-11-30T14:00:00Z"]
    let (outputStatus, _, outputError) = try EndToEndTests.run([list] + fixedTail + ["-o", long])
    #expect(outputStatus == 73)
    #expect(outputError.hasSuffix("/tasks.plist: cannot create output file (File name too long)\n"))
    #expect(outputError.count < 1_100)
    let (inputStatus, _, inputError) = try EndToEndTests.run([long] + fixedTail + ["-o", list])
    #expect(inputStatus == 66)
    #expect(inputError.hasSuffix(": cannot be read (File name too long)\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: list)) == before)
  }

  @Test("a template folder's file read under a folder spelled long: -o refused (64), the file kept")
  func templateFolderSpelledLong() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let dayPath = try copyShipped("markdown/day.mustache", into: folder)
    // Under 4,096 bytes itself; with "/markdown/day.mustache", past it.
    let spelled = folder.path + String(repeating: "/.", count: (4_090 - folder.path.utf8.count) / 2)
    #expect((4_075..<4_096).contains(spelled.utf8.count))
    let before = try Data(contentsOf: URL(fileURLWithPath: dayPath))
    let (status, _, stderr) = try EndToEndTests.run(fixed + ["--template-dir", spelled, "-o", dayPath])
    #expect(status == 64)
    #expect(stderr.hasPrefix("posttim-report: error: output '\(dayPath)' is the template folder's file '"))
    #expect(stderr.contains("/markdown/day.mustache'; refusing to overwrite a file the run reads\n"))
    #expect(try Data(contentsOf: URL(fileURLWithPath: dayPath)) == before)
  }
}
