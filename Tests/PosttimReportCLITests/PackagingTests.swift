import Foundation
import PosttimReport
import Testing
import TestSupport

/// The Makefile's `install` (used by `sudo make install` and debian/rules)
/// run by the real make on a stand-in build folder: it only copies, with no
/// Swift on PATH, writes nothing in the build folder, and stops with a clear
/// message when `make build` has not run. And the Debian package's version
/// is the program's.
extension ExternalTool {
  static let make = program("make", install: "apt-get install -y make")
}

@Suite("Packaging: make install and debian/")
struct PackagingTests {
  static let make = Subprocess.tool("make")

  /// A build folder as `make build` leaves it: the binary, then the man page
  /// and completions generated from it.
  static func builtFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "make-install-\(UUID().uuidString)")
    let release = folder.appending(path: "release")
    let share = folder.appending(path: "release-share")
    try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
    try "#!/bin/sh\necho built\n".write(
      to: release.appending(path: "posttim-report"), atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755, .modificationDate: Date(timeIntervalSinceNow: -60)],
      ofItemAtPath: release.appending(path: "posttim-report").path)
    for name in ["posttim-report.1", "posttim-report.bash", "_posttim-report", "posttim-report.fish"] {
      try "generated \(name)\n".write(to: share.appending(path: name), atomically: true, encoding: .utf8)
    }
    return folder
  }

  static func install(_ build: URL, into destination: URL) throws -> Subprocess.Result {
    try Subprocess.run(
      make!,
      ["-s", "-C", TestPaths.packageRoot.path, "install", "BUILD_DIR=\(build.path)", "DESTDIR=\(destination.path)"],
      environment: ["PATH": "/usr/bin:/bin"])
  }

  static func listing(_ folder: URL) -> [String] {
    (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
  }

  @Test(
    "make install copies the built files to PREFIX's folders with no swift on PATH, and writes nothing in the build folder",
    .requires(.make))
  func copies() throws {
    let build = try Self.builtFolder()
    let destination = build.appending(path: "../\(build.lastPathComponent)-root").standardized
    defer {
      try? FileManager.default.removeItem(at: build)
      try? FileManager.default.removeItem(at: destination)
    }
    let before = Self.listing(build)
    let result = try Self.install(build, into: destination)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.listing(build) == before)
    let prefix = destination.appending(path: "usr/local")
    let installed: [(String, String)] = [
      ("share/man/man1/posttim-report.1", "generated posttim-report.1\n"),
      ("share/bash-completion/completions/posttim-report", "generated posttim-report.bash\n"),
      ("share/zsh/site-functions/_posttim-report", "generated _posttim-report\n"),
      ("share/fish/vendor_completions.d/posttim-report.fish", "generated posttim-report.fish\n"),
      ("bin/posttim-report", "#!/bin/sh\necho built\n"),
    ]
    for (path, content) in installed {
      #expect(try String(contentsOf: prefix.appending(path: path), encoding: .utf8) == content, "\(path)")
    }
    #expect(FileManager.default.isExecutableFile(atPath: prefix.appending(path: "bin/posttim-report").path))
  }

  @Test(
    "make install with no built binary stops, saying to run make build first, and installs nothing",
    .requires(.make))
  func notBuilt() throws {
    let build = FileManager.default.temporaryDirectory.appending(path: "make-install-none-\(UUID().uuidString)")
    let destination = build.appending(path: "root")
    defer { try? FileManager.default.removeItem(at: build) }
    let result = try Self.install(build, into: destination)
    #expect(result.status != 0)
    #expect(
      result.stderr.hasPrefix(
        "make install: no \(build.path)/release/posttim-report: run 'make build' first, as yourself "
          + "(install only copies; it needs no Swift)\n"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: destination.path))
  }

  @Test(
    "make install with a man page older than the binary stops, saying to run make build again",
    .requires(.make))
  func stale() throws {
    let build = try Self.builtFolder()
    defer { try? FileManager.default.removeItem(at: build) }
    let page = build.appending(path: "release-share/posttim-report.1")
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: page.path)
    let result = try Self.install(build, into: build.appending(path: "root"))
    #expect(result.status != 0)
    #expect(
      result.stderr.hasPrefix(
        "make install: \(page.path) is missing or older than \(build.path)/release/posttim-report: "
          + "run 'make build' again, as yourself\n"), "\(result.stderr)")
  }

  @Test("debian/changelog's version is the program's (PosttimReportVersion.current)")
  func debianVersion() throws {
    let changelog = try String(
      contentsOf: TestPaths.packageRoot.appending(path: "debian/changelog"), encoding: .utf8)
    let first = try #require(changelog.split(separator: "\n").first)
    #expect(first.hasPrefix("posttim-report (\(PosttimReportVersion.current)) "), "\(first)")
  }
}
