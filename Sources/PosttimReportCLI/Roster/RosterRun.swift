import Foundation
import PosttimICU
import PosttimReport

/// The deliveries recorded by the roster's other journals (other shards).
struct RosterDelivered {
  private let entries: [String: RosterJournal.Entry]

  init(_ entries: [RosterJournal.Entry]) {
    var byKey: [String: RosterJournal.Entry] = [:]
    for entry in entries { byKey[entry.id + "\u{0}" + entry.localDate] = entry }
    self.entries = byKey
  }

  func entry(id: String, localDate: String) -> RosterJournal.Entry? { entries[id + "\u{0}" + localDate] }
}

/// What a roster run did, for its summary line.
struct RosterTally {
  var delivered = 0
  var empty = 0
  var notDue = 0
  var already = 0
  var failed = 0

  func summary(delivery: RosterRequest.Delivery) -> String {
    let verb = delivery == .send ? "sent" : "written"
    var parts = ["\(delivered) \(verb)", "\(notDue) not due", "\(already) already \(verb)", "\(failed) failed"]
    if empty > 0 { parts.insert("\(empty) empty (--skip-empty)", at: 1) }
    return parts.joined(separator: ", ")
  }
}

/// The readers of a checked roster, one at a time: due or not, delivered
/// or not, each through the report's pipeline and then the journal.
struct RosterRun {
  let request: RosterRequest
  let environment: RunEnvironment
  let io: CommandIO
  let journal: RosterJournal
  let delivered: RosterDelivered
  let shared: SharedWriters

  /// Handles every scheduled reader and prints one line for each.
  /// - Throws: only what stops the run: a journal that cannot record
  ///   (the next run would not know what was delivered), standard output.
  func handle(_ schedule: [RosterSchedule.Entry], roster: RosterFile) throws -> RosterTally {
    var tally = RosterTally()
    for entry in schedule {
      let reader = roster.readers[entry.index]
      let localDate = entry.due.localDate.iso8601
      let line: String
      if let done = journal.entry(id: reader.id, localDate: localDate)
        ?? delivered.entry(id: reader.id, localDate: localDate)
      {
        tally.already += 1
        line = "already \(done.how) at \(done.time)"
      } else if !entry.due.isDue {
        tally.notDue += 1
        line = "not due until \(RosterDue.wallText(reader.at)) (\(entry.zone))"
      } else {
        do {
          let how = try deliver(reader, entry, roster: roster)
          try journal.record(
            .init(
              id: reader.id, localDate: localDate, messageID: entry.messageID,
              time: ISO8601.utcString(Date()), how: how))
          if how == "skipped" {
            tally.empty += 1
            line = "nothing to send: no tasks (--skip-empty)"
          } else {
            tally.delivered += 1
            line = "\(how) \(entry.messageID) (\(localDate), \(RosterDue.wallText(reader.at)) \(entry.zone))"
          }
        } catch let error as RosterJournal.Failure {
          throw error
        } catch {
          tally.failed += 1
          let message = ReportCommand.printable(ReportCommand.describe(error).1, lines: false)
          line = "failed: row \(reader.row): \(message)"
        }
      }
      try io.writeStandardOutput { $0.write("\(reader.id): \(line)\n") }
    }
    return tally
  }

  /// One reader's message through the report's pipeline.
  /// - Returns: how it was delivered: `sent`, `written`, or `skipped`
  ///   (an empty window under `--skip-empty`).
  private func deliver(_ reader: RosterReader, _ entry: RosterSchedule.Entry, roster: RosterFile) throws -> String {
    let plan = try RunPlan(
      resolving: request.options(for: reader, in: roster), in: environment, messageID: entry.messageID, shared: shared)
    var tasks = try TaskInputs(readStandardInput: io.readStandardInput).load(plan.inputs)
    let report = try PresentedReport(moving: &tasks, plan: plan, warn: environment.warn)
    if plan.output.skipsEmpty && report.views[0].taskCount == 0 { return "skipped" }
    try ReportPipeline(plan: plan, io: io, warn: environment.warn, keepsUntilExit: false).deliver(report)
    return request.delivery == .send ? "sent" : "written"
  }
}
