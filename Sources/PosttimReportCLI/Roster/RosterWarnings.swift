import FoundationEssentials
import Synchronization

/// A roster run's warnings, each naming its row and reader ("row 4 (zoe):
/// ICU has no data for locale fr_XX; using fr") and said once per row,
/// though a reader's options are resolved twice (the roster's check, then
/// its message). A message made ahead on a helper holds its warnings
/// until the caller takes it, so they come just before its reader's line
/// in a cron mail that joins standard output and standard error.
///
/// Under `--quiet`, the roster check's warnings of a row wait for its
/// reader's delivery (``sayChecks(of:)``) and are dropped for a reader
/// not delivered this run: an hourly run whose readers are all served or
/// not yet due says nothing, and a row's warning comes once a day, with
/// its mail.
final class RosterWarnings: Sendable {
  /// The lines said, by hash: a long roster whose every row warns keeps a
  /// word a row, not its text.
  private let said = Mutex<Set<Int>>([])
  private let base: RunEnvironment
  /// `--quiet`: the check's warnings wait in ``checks``.
  private let quiet: Bool
  /// The check's warnings by row, under `--quiet`.
  private let checks = Mutex<[Int: [String]]>([:])

  init(_ base: RunEnvironment, quiet: Bool = false) {
    self.base = base
    self.quiet = quiet
  }

  /// The run's environment with no warnings (a check of the roster-wide options alone).
  var silent: RunEnvironment {
    RunEnvironment(
      variables: base.variables, clock: base.clock, standardOutputIsTerminal: base.standardOutputIsTerminal,
      warn: { _ in })
  }

  /// The run's environment for one reader: its warnings named, and its
  /// clock `madeAt` when given (a late occurrence, ``RosterDue/madeAt``);
  /// its warnings kept in `held` when given, else under `--quiet` kept
  /// for its delivery, else said at once.
  func environment(for reader: RosterReader, madeAt: Date? = nil, held: HeldWarnings? = nil) -> RunEnvironment {
    let row = reader.row
    let prefix = "row \(row) (\(reader.id)): "
    let clock: @Sendable () -> Date
    if let madeAt { clock = { madeAt } } else { clock = base.clock }
    let warn = base.warn
    return RunEnvironment(
      variables: base.variables, clock: clock, standardOutputIsTerminal: base.standardOutputIsTerminal,
      warn: { [self] message in
        let line = prefix + message
        guard said.withLock({ $0.insert(line.hashValue).inserted }) else { return }
        if let held {
          held.warn(line)
        } else if quiet {
          checks.withLock { $0[row, default: []].append(line) }
        } else {
          warn(line)
        }
      })
  }

  /// Says the check's warnings of `reader`'s row kept under `--quiet`.
  func sayChecks(of reader: RosterReader) {
    for line in checks.withLock({ $0.removeValue(forKey: reader.row) }) ?? [] { base.warn(line) }
  }

  /// Says the warnings a message held, in the order they came.
  func say(_ held: HeldWarnings) { held.release(to: base.warn) }
}
