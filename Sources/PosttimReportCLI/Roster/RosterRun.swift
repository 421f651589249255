import FoundationEssentials
import PosttimICU
import PosttimParallel
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
  /// The first line that could not be printed (standard output closed,
  /// full, its reader gone): the readers after it are still handled.
  var unprinted: (any Error)?

  /// Prints `line`; a failure is kept, not thrown, so it stops no reader.
  mutating func print(_ line: String, io: CommandIO) {
    do {
      try io.writeStandardOutput { $0.write(line) }
    } catch {
      unprinted = unprinted ?? error
    }
  }

  func summary(delivery: RosterRequest.Delivery) -> String {
    let verb = delivery.verb
    var parts = ["\(delivered) \(verb)", "\(notDue) not due", "\(already) already \(verb)", "\(failed) failed"]
    if empty > 0 { parts.insert("\(empty) empty (--skip-empty)", at: 1) }
    return parts.joined(separator: ", ")
  }
}

/// The readers of a checked roster: due or not, delivered or not. Due
/// readers' messages are made on every core, a few ahead
/// (``OrderedPipeline``, ``RosterMessageMaker``); each is then delivered
/// and recorded in the journal on the calling thread, in roster order, one
/// at a time: a record is on disk before the next reader's delivery, and a
/// message file is on disk (synced, renamed, its folder synced) before its
/// record.
struct RosterRun {
  let request: RosterRequest
  let environment: RunEnvironment
  /// Each reader's environment, its warnings naming the row.
  let warnings: RosterWarnings
  let io: CommandIO
  let journal: RosterJournal
  let delivered: RosterDelivered
  /// The calling thread's (the schedule's e-mail writers, already made).
  let context: RosterMessageMaker.Context

  /// How many helpers make messages (Parallel's threads: one core is the
  /// caller's, which delivers and makes what no helper has claimed), and
  /// how many messages may wait made.
  static let helpers = max(1, Parallel.width - 1)
  static let window = min(8, 2 * helpers)

  /// The helpers and window the free descriptors allow (after the
  /// journal and its lock are open), so that no reader fails for want of
  /// one under a low `ulimit -n`: a message made ahead for `-o DIR` holds
  /// two (its folder and its temporary file) until it is put in place, and
  /// at most `window + 1` are held (those waiting and the one being
  /// delivered); each thread making one opens one more for a while (its
  /// list, a zone file), and a delivery to sendmail takes three (its
  /// message file and a pipe). Fewer helpers and a smaller window first;
  /// none at all makes and delivers one message at a time, as a single
  /// report does (``DescriptorReserve`` checked that it has room).
  static func concurrency(free: Int, holdsFiles: Bool) -> (helpers: Int, window: Int) {
    func needed(_ helpers: Int, _ window: Int) -> Int {
      let held = helpers == 0 ? 1 : window + 1
      return (holdsFiles ? 2 * held : 3) + helpers + 1
    }
    var helpers = Self.helpers
    var window = Self.window
    while helpers > 0 && needed(helpers, window) > free {
      if window > helpers { window -= 1 } else { helpers -= 1 }
    }
    return (helpers, window)
  }

  /// Handles every scheduled reader and prints one line for each.
  /// - Throws: only what stops the run: a journal that cannot record
  ///   (the next run would not know what was delivered), standard output.
  func handle(_ schedule: [RosterSchedule.Entry], roster: RosterFile) throws -> RosterTally {
    // Positions in the schedule, not copies of its entries: a long roster's memory.
    let due = schedule.indices.filter { recorded(schedule[$0], roster: roster) == nil && schedule[$0].due.isDue }
    if case .folder(let folder) = request.delivery {
      OutputFile.removeStaleTemporaryFiles(
        in: folder, for: due.lazy.map { roster.readers.id(at: schedule[$0].index) + ".eml" })
    }
    let maker = RosterMessageMaker(
      request: request, roster: roster, warnings: warnings, readStandardInput: io.readStandardInput,
      scope: journal.scope)
    let (helpers, window) = Self.concurrency(
      free: DescriptorReserve.freeDescriptors(upTo: 64), holdsFiles: request.delivery != .send)
    let pipeline = OrderedPipeline<(RosterMessage, warnings: HeldWarnings), RosterMessageMaker.Context>(
      count: due.count, helpers: helpers, window: window, context: { RosterMessageMaker.Context() }
    ) { index, context in
      let entry = schedule[due[index]]
      return maker.message(for: roster.readers[entry.index], entry, context: context)
    }
    // A stopped run removes the temporary files made ahead.
    defer { for (message, _) in pipeline.stop() { message.discard() } }
    var context = self.context
    var taken = 0
    var tally = RosterTally()
    for entry in schedule {
      let reader = roster.readers[entry.index]
      let localDate = entry.due.localDate.iso8601
      let messageID = entry.messageID(id: reader.id, scope: journal.scope)
      let line: String
      var failed = false
      if let done = recorded(entry, roster: roster) {
        tally.already += 1
        line = "already \(done.how) at \(done.time)"
      } else if !entry.due.isDue {
        tally.notDue += 1
        line = "not due until \(RosterDue.wallText(reader.at)) (\(entry.zone))"
      } else {
        let (message, held) = pipeline.take(taken, context: &context)
        taken += 1
        warnings.sayChecks(of: reader)
        warnings.say(held)
        do {
          let how = try deliver(message)
          try record(
            .init(id: reader.id, localDate: localDate, messageID: messageID, time: ISO8601.utcString(Date()), how: how),
            row: reader.row)
          if how == "skipped" {
            tally.empty += 1
            line = "nothing to send: no tasks (--skip-empty)"
          } else {
            tally.delivered += 1
            line = "\(how) \(messageID) (\(localDate), \(RosterDue.wallText(reader.at)) \(entry.zone))"
          }
        } catch let error as RosterJournal.Failure {
          throw error
        } catch {
          tally.failed += 1
          failed = true
          let message = ReportCommand.printable(ReportCommand.describe(error).1, lines: false)
          line = "failed: row \(reader.row): \(message)"
        }
      }
      if !request.quiet {
        tally.print("\(reader.id): \(line)\n", io: io)
      } else if failed {
        io.writeError("posttim-report: error: \(reader.id): \(line)")
      }
    }
    return tally
  }

  /// Records a delivery made; a journal that cannot record it names the
  /// reader, who will get the message again.
  private func record(_ entry: RosterJournal.Entry, row: Int) throws(RosterJournal.Failure) {
    do {
      try journal.record(entry)
    } catch {
      guard case .cannotWrite(let path, let reason) = error else { throw error }
      throw .notRecorded(path: path, reason: reason, reader: entry.id, row: row, how: entry.how)
    }
  }

  /// The delivery recorded for this reader's local date, by this run's
  /// journal or another shard's.
  private func recorded(_ entry: RosterSchedule.Entry, roster: RosterFile) -> RosterJournal.Entry? {
    let id = roster.readers.id(at: entry.index)
    let localDate = entry.due.localDate.iso8601
    return journal.entry(id: id, localDate: localDate) ?? delivered.entry(id: id, localDate: localDate)
  }

  /// Delivers one reader's message.
  /// - Returns: how: `sent`, `written`, or `skipped` (an empty window
  ///   under `--skip-empty`).
  private func deliver(_ message: RosterMessage) throws -> String {
    switch message {
    case .failed(let error): throw error
    case .skipped: return "skipped"
    case .file(var file): try file.commit()
    case .mail(let text, let program, let timeout):
      try SendmailDelivery.send(
        text, sendmail: program, timeout: timeout, untrusted: SendmailProgramTrust.refusal, hook: SignalCleanup())
    case .plan(let plan): try ReportPipeline(plan: plan, io: io, warn: environment.warn, keepsUntilExit: false).run()
    }
    return request.delivery.verb
  }
}
