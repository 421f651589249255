import Foundation
import PosttimICU
import PosttimReport

/// The roster checked whole: every row's options resolved into a run plan
/// (and dropped: a plan holds its writer), and for each reader of the
/// shard its zone, local date, whether it is due, and its Message-ID.
struct RosterSchedule {
  struct Entry: Sendable {
    /// The reader's index in the roster.
    let index: Int
    let zone: TimeZoneIdentifier
    let due: RosterDue
    let messageID: String
  }

  /// The shard's readers, in roster order.
  let entries: [Entry]

  /// - Throws: ``RosterErrors`` naming every row whose options do not
  ///   resolve, with the first one's exit status (65 for a cell, 64 or 78
  ///   for a command-line or config-file value no row can use).
  init(roster: RosterFile, request: RosterRequest, environment: RunEnvironment, shared: SharedWriters) throws {
    var entries: [Entry] = []
    var errors: [RosterError] = []
    var calendars: [TimeZoneIdentifier: DayCalendar] = [:]
    for (index, reader) in roster.readers.enumerated() {
      do {
        let plan = try RunPlan(resolving: request.options(for: reader, in: roster), in: environment, shared: shared)
        guard request.shard.contains(id: reader.id) else { continue }
        let zone = plan.presentation.locales[0].timeZone
        let calendar = try calendars[zone] ?? DayCalendar(timeZone: zone)
        calendars[zone] = calendar
        let due = RosterDue(now: plan.window.now, calendar: calendar, at: reader.at)
        let domain = plan.mail?.envelope.messageIDDomain ?? "localhost"
        let messageID = MessageID.derived(key: reader.id, day: due.localDate.iso8601, domain: domain)
        entries.append(Entry(index: index, zone: zone, due: due, messageID: messageID))
      } catch let error as RosterError {
        errors.append(error)
      } catch {
        let (code, message) = ReportCommand.describe(error)
        errors.append(RosterError(exitCode: code, path: roster.path, row: reader.row, column: nil, message: message))
      }
    }
    if !errors.isEmpty { throw RosterErrors(errors: errors) }
    self.entries = entries
  }
}
