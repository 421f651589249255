import Glibc

/// A mutex with a condition variable (POSIX's pair): state it guards is
/// changed under ``withLock(_:)``, and a thread waits there, with
/// ``wait()``, until another changes it and calls ``broadcast()``.
package final class Condition: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  package init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` holding the mutex.
  package func withLock<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Inside ``withLock(_:)`` only: gives the mutex up until a broadcast.
  package func wait() { pthread_cond_wait(condition, mutex) }

  /// Wakes every thread waiting in ``wait()``.
  package func broadcast() { pthread_cond_broadcast(condition) }
}
