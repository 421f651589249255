import Foundation
import FuzzDriver
import PosttimReport
import PosttimReportCLI

/// Target (d): the config file, read the way a run reads it. The input is
/// written to a file (0600, in a private folder) and the command runs
/// in-process with `--config FILE`: as `--dump-context` over a small task
/// list on standard input (the input's first byte even), which converts
/// every value the report uses but sends and writes nothing, or as
/// `preview` (odd), which takes its own subset of the file.
///
/// The contract: an exit status the README documents for these runs (0,
/// 64, 65, 66, 78; 70 only from ICU, never "internal error"), and every
/// message one line of at most 4 KiB with no control character; a trap, a
/// hang or an ASan report is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzInput(data, size)
  guard FileManager.default.createFile(atPath: Harness.config, contents: Data(bytes)) else {
    fatalError("cannot write \(Harness.config)")
  }
  let arguments =
    bytes.first.map { $0 & 1 == 1 } == true
    ? ["preview", "--config", Harness.config]
    : ["--config", Harness.config, "--dump-context", "-"]
  let status = ReportCommand(
    arguments: arguments, environment: ["LANG": "fr_CA.UTF-8", "TZ": "America/Toronto"], io: Harness.io,
    clock: { Date(timeIntervalSince1970: 1_796_047_200) }
  ).run()
  precondition([0, 64, 65, 66, 70, 78].contains(status.rawValue), "undocumented status \(status.rawValue)")
  for line in Harness.takeErrors() {
    precondition(!line.hasPrefix("posttim-report: error: internal error"), "internal error: \(line.prefix(300))")
    precondition(line.utf8.count <= 4096, "a message of \(line.utf8.count) bytes: \(line.prefix(300))")
    precondition(
      !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
      "a control character in a message: \(line.debugDescription.prefix(300))")
  }
  return 0
}

/// The run's fixed parts: a private folder for the config file, standard
/// output to /dev/null, standard error collected.
enum Harness {
  static let folder: String = {
    var template = Array((NSTemporaryDirectory() + "/fuzz-config-XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed") }
    return String(cString: made)
  }()
  static let config = folder + "/config"
  nonisolated(unsafe) static var errors: [String] = []
  static let nullDevice = open("/dev/null", O_WRONLY)

  /// Two tasks on standard input, one of them today.
  static let taskList = Data(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><array>
    <dict><key>tache</key><string>Café avec Jean-François</string><key>date</key><date>2026-11-30T12:45:00Z</date>\
    <key>importance</key><string>3</string><key>description</key><string>Apporter le plan.</string></dict>
    <dict><key>tache</key><string>Réunion</string><key>date</key><date>2026-12-02T15:00:00Z</date>\
    <key>importance</key><string>7</string></dict>
    </array></plist>
    """.utf8)

  static let io = CommandIO(
    writeStandardOutput: { render in
      var output = FileDescriptorOutput(descriptor: nullDevice, name: "<stdout>")
      try render(&output)
      try output.finish()
    },
    writeError: { errors.append($0) },
    readStandardInput: { taskList })

  static func takeErrors() -> [String] {
    defer { errors = [] }
    return errors
  }
}

@_cdecl("fuzz_config_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  runFuzzer(argc, argv, fuzz)
}
