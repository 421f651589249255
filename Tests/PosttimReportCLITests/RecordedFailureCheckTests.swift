import Foundation
import PosttimICU
import PosttimReport
import Testing
import TestSupport

@testable import PosttimReportCLI

/// A value ICU could not format is left blank and its error recorded; the
/// run must then fail (exit 70) whatever its destination, before anything
/// is committed or sent. No input makes ICU 72 fail a format call (dates
/// are range-checked on load), so the failure is added to the run's real
/// presenters and collator as one more recorded source.
@Suite("Every destination ends in the check of recorded ICU failures")
struct RecordedFailureCheckTests {
  /// An ICU object whose call failed: the error a formatter records.
  struct FailedFormatter: ICUFailureReporting {
    var firstFailure: ICUError? { ICUError(function: "udat_format", code: 1) }
  }

  static let environment = RunEnvironment(
    variables: ["LANG": "fr_CA.UTF-8", "TZ": "America/Toronto"], clock: { Date(timeIntervalSince1970: 1_796_047_200) },
    standardOutputIsTerminal: false, warn: { _ in })

  /// Runs the real plan, load, build and present for `arguments`, then
  /// delivers with a formatter failure recorded; returns what was thrown.
  func deliverWithFailure(_ arguments: [String], io: CommandIO) throws -> Error? {
    let options = try ArgumentParser(specs: ReportOptions.all).parse(
      arguments + ["--config", "/nonexistent", TestPaths.example.path])
    let plan = try RunPlan(resolving: options, in: Self.environment)
    var tasks = try TaskInputs(readStandardInput: io.readStandardInput).load(plan.inputs)
    let presented = try PresentedReport(moving: &tasks, plan: plan, warn: { _ in })
    #expect(presented.firstFailure == nil)
    let failed = PresentedReport(
      agenda: presented.agenda, views: presented.views, failureSources: presented.failureSources + [FailedFormatter()])
    do {
      try ReportPipeline(plan: plan, io: io, warn: { _ in }, keepsUntilExit: false).deliver(failed)
      return nil
    } catch {
      return error
    }
  }

  @Test("--send: the message is not handed to sendmail")
  func send() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sent = folder.appending(path: "sent.eml")
    let sendmail = folder.appending(path: "sendmail")
    try "#!/bin/sh\ncat > '\(sent.path)'\n".write(to: sendmail, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sendmail.path)
    let error = try deliverWithFailure(
      ["-l", "fr_CA,ar_EG", "--send", "--sendmail", sendmail.path, "--mail-to", "a@example.org"],
      io: CapturedRun().io)
    #expect(error as? ICUError == ICUError(function: "udat_format", code: 1))
    #expect(!FileManager.default.fileExists(atPath: sent.path))
  }

  @Test("--dump-context fails like a report")
  func dumpContext() throws {
    let error = try deliverWithFailure(["--dump-context"], io: CapturedRun().io)
    #expect(error as? ICUError == ICUError(function: "udat_format", code: 1))
    #expect(ReportCommand.describe(try #require(error)).0 == .software)
  }

  @Test("-o FILE and -o 'NAME-{locale}': no file is committed")
  func files() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for output in ["agenda.md", "agenda-{locale}.md"] {
      let error = try deliverWithFailure(
        ["-l", "fr_CA,ar_EG", "-o", folder.appending(path: output).path], io: CapturedRun().io)
      #expect(error as? ICUError == ICUError(function: "udat_format", code: 1))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
  }

  @Test("standard output fails too")
  func standardOutput() throws {
    let error = try deliverWithFailure(["-f", "csv"], io: CapturedRun().io)
    #expect(error as? ICUError == ICUError(function: "udat_format", code: 1))
  }
}
