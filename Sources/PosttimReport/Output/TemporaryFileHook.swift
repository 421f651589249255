/// Told when ``OutputFile`` creates its temporary file and when that file
/// is gone again (renamed into place or removed).
///
/// The library installs no signal handler: that is a process-wide choice
/// and belongs to the program. The command line passes a hook that
/// removes the temporary file on SIGHUP, SIGINT, SIGQUIT and SIGTERM; a library
/// user may pass its own, or none (a file left by a killed process is
/// removed by the next run, ``StaleTemporaryFiles``).
public protocol TemporaryFileHook: Sendable {
  /// `path` now exists and must be removed if the process is interrupted.
  func created(_ path: String)
  /// The temporary file was renamed into place or removed.
  func finished()
}
