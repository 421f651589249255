import Synchronization

/// A value made on first use by whichever thread asks first, then read by
/// every rendering thread with no lock and no reference counting: the
/// rows of a long report ask for it once or twice each, from every core,
/// and a lock or a retain on one shared object is a write to one cache
/// line from all of them.
final class OnceValue<Value>: @unchecked Sendable {
  private let make: @Sendable () -> Value
  /// Set, with release ordering, once `storage` is initialized; `storage`
  /// is never written again after that.
  private let isMade = Atomic<Bool>(false)
  private let making = Mutex(())
  private let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)

  /// - Parameter make: makes the value; called at most once.
  init(_ make: @escaping @Sendable () -> Value) { self.make = make }

  deinit {
    if isMade.load(ordering: .acquiring) { storage.deinitialize(count: 1) }
    storage.deallocate()
  }

  /// The value, made now if it was not yet; borrowed, not copied.
  var value: Value {
    _read {
      if !isMade.load(ordering: .acquiring) {
        making.withLock { _ in
          guard !isMade.load(ordering: .relaxed) else { return }
          storage.initialize(to: make())
          isMade.store(true, ordering: .releasing)
        }
      }
      yield storage.pointee
    }
  }
}
