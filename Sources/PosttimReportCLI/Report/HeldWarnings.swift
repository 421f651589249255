import Synchronization

/// Warnings kept back until ``release(to:)``, then passed on as they come.
final class HeldWarnings: Sendable {
  private struct State {
    var held: [String] = []
    var release: (@Sendable (String) -> Void)?
  }

  private let state = Mutex(State())

  /// Holds `message`, or passes it on once released (outside the lock:
  /// a slow standard error does not hold up the other threads' warnings).
  @Sendable func warn(_ message: String) {
    let release = state.withLock { state in
      if state.release == nil { state.held.append(message) }
      return state.release
    }
    release?(message)
  }

  /// Passes on the held warnings, in order, then every later one.
  func release(to warn: @escaping @Sendable (String) -> Void) {
    state.withLock { state in
      for message in state.held { warn(message) }
      state.held = []
      state.release = warn
    }
  }
}
