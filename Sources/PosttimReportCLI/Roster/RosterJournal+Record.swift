import PosttimICU
import PosttimReport

extension RosterJournal.Entry {
  /// How a delivery was made: the only words a record's last field holds.
  static let hows: Set<String> = ["sent", "written", "skipped"]

  /// Why this line is not a record the roster writes, or nil. A record
  /// edited wrong (an unknown `how`, a date that is none) would otherwise
  /// count as a delivery, and that reader would never be mailed.
  /// - Parameter scope: the journal's roster (``RosterJournal/scope``): its
  ///   Message-IDs have that form, or the older one of reader and date
  ///   alone (records written before IDs named their roster).
  func problem(scope: String?) -> String? {
    if let problem = RosterFile.idProblem(id) { return "reader ID: \(problem)" }
    guard localDate.utf8.count == 10, case .day? = try? ISO8601.parse(localDate) else {
      return "local date '\(localDate)' is not a date YYYY-MM-DD"
    }
    let domain = messageID.split(separator: "@", maxSplits: 1).last.map { String($0.dropLast()) } ?? ""
    let forms =
      [MessageID.derived(key: id, day: localDate, domain: domain)]
      + (scope.map { [MessageID.derived(key: id, day: localDate, domain: domain, scope: $0)] } ?? [])
    guard forms.contains(messageID) else {
      return "Message-ID '\(messageID)' is not \(id)'s of \(localDate) (<posttim-roster.HASH.YYYYMMDD@DOMAIN>)"
    }
    guard case .instant? = try? ISO8601.parse(time) else {
      return "time '\(time)' is not an ISO 8601 instant (2026-12-01T11:00:04Z)"
    }
    guard Self.hows.contains(how) else { return "how '\(how)' is not sent, written or skipped" }
    return nil
  }
}
