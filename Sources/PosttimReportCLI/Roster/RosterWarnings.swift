import Foundation
import Synchronization

/// A roster run's warnings, each naming its row and reader ("row 4 (zoe):
/// ICU has no data for locale fr_XX; using fr") and said once per row,
/// though a reader's options are resolved twice (the roster's check, then
/// its message). A message made ahead on a helper holds its warnings
/// until the caller takes it, so they come just before its reader's line
/// in a cron mail that joins standard output and standard error.
final class RosterWarnings: Sendable {
  /// The lines said, by hash: a long roster whose every row warns keeps a
  /// word a row, not its text.
  private let said = Mutex<Set<Int>>([])
  private let base: RunEnvironment

  init(_ base: RunEnvironment) { self.base = base }

  /// The run's environment with no warnings (a check of the roster-wide options alone).
  var silent: RunEnvironment {
    RunEnvironment(
      variables: base.variables, clock: base.clock, standardOutputIsTerminal: base.standardOutputIsTerminal,
      warn: { _ in })
  }

  /// The run's environment for one reader: its warnings named, and its
  /// clock `madeAt` when given (a late occurrence, ``RosterDue/madeAt``);
  /// its warnings kept in `held` when given, said at once otherwise.
  func environment(for reader: RosterReader, madeAt: Date? = nil, held: HeldWarnings? = nil) -> RunEnvironment {
    let prefix = "row \(reader.row) (\(reader.id)): "
    let clock: @Sendable () -> Date
    if let madeAt { clock = { madeAt } } else { clock = base.clock }
    let warn = base.warn
    return RunEnvironment(
      variables: base.variables, clock: clock, standardOutputIsTerminal: base.standardOutputIsTerminal,
      warn: { [self] message in
        let line = prefix + message
        guard said.withLock({ $0.insert(line.hashValue).inserted }) else { return }
        if let held { held.warn(line) } else { warn(line) }
      })
  }

  /// Says the warnings a message held, in the order they came.
  func say(_ held: HeldWarnings) { held.release(to: base.warn) }
}
