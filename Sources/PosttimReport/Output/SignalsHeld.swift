#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body` with every signal held back in this thread, delivered when
/// it returns: for making something (a temporary file, a child process)
/// and telling a hook about it as one step, so a signal handler never
/// runs between the two. The process's signal handlers run on this thread
/// (libdispatch's worker threads block the signals a program handles).
func withSignalsHeld<Result, Failure>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
  var all = sigset_t()
  var previous = sigset_t()
  sigfillset(&all)
  pthread_sigmask(SIG_BLOCK, &all, &previous)
  defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
  return try body()
}
