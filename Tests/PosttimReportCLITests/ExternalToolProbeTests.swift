import Foundation
import Testing
import TestSupport

/// Tests that hand work to an external tool skip where any part of it is
/// missing; the probes behind that must tell a stand-in from the real tool.
@Suite("External tool probes")
struct ExternalToolProbeTests {
  /// A folder holding one executable shell script, `name`, with `body`.
  static func standIn(_ name: String, _ body: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "stand-in-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let script = folder.appending(path: name)
    try "#!/bin/sh\n\(body)\n".write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    return folder
  }

  /// Whether `tool`'s probe succeeds with `folder` first on PATH.
  static func probe(_ tool: ExternalTool, with folder: URL) -> Bool {
    ExternalTool.succeeds(tool.probe!, environment: ["PATH": folder.path + ":/usr/bin:/bin"])
  }

  @Test("a convert that is not ImageMagick's is not taken for it")
  func standInConvert() throws {
    let folder = try Self.standIn("convert", "echo 'convert: a stand-in'")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(!Self.probe(.imageMagick, with: folder))
  }

  @Test("a java that cannot start is missing")
  func brokenJava() throws {
    let folder = try Self.standIn("java", "echo 'no runtime' >&2; exit 1")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(!Self.probe(.java, with: folder))
  }

  @Test("a Python module that does not import is missing, named with its package")
  func pythonModule() {
    let absent = ExternalTool.pythonModule("posttim_no_such_module", package: "posttim-no-such-package")
    #expect(
      ExternalTool.missing([absent])
        == "needs the Python module posttim_no_such_module (pip install posttim-no-such-package); missing here")
  }

  @Test("the skip names every missing tool and nothing present")
  func namesEachMissing() {
    let present = ExternalTool("sh", install: "-", probe: "true")
    let first = ExternalTool("first-absent", install: "apt-get install -y first", probe: "false")
    let second = ExternalTool("second-absent", install: "pip install second", isPresent: { false })
    #expect(
      ExternalTool.missing([first, present, second])
        == "needs first-absent (apt-get install -y first), second-absent (pip install second); missing here")
    #expect(ExternalTool.missing([present]) == nil)
  }
}
