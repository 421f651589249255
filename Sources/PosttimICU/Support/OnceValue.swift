import Synchronization

/// A value made on first use by whichever thread asks first, then read by
/// every thread with no lock and no reference counting: the rows of a
/// long report ask for such values once or twice each, from every core,
/// and a lock or a retain on one shared object is a write to one cache
/// line from all of them.
package final class OnceValue<Value>: @unchecked Sendable {
  @usableFromInline let make: @Sendable () -> Value
  /// Set, with release ordering, once `storage` is initialized; `storage`
  /// is never written again after that.
  @usableFromInline let isMade = Atomic<Bool>(false)
  @usableFromInline let making = Mutex(())
  @usableFromInline let storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)

  /// - Parameter make: makes the value; called at most once.
  package init(_ make: @escaping @Sendable () -> Value) { self.make = make }

  deinit {
    if isMade.load(ordering: .acquiring) { storage.deinitialize(count: 1) }
    storage.deallocate()
  }

  /// Whether the value has been made.
  @inlinable package var isSet: Bool { isMade.load(ordering: .acquiring) }

  /// The value, made now if it was not yet; borrowed, not copied.
  @inlinable package var value: Value {
    _read {
      if !isMade.load(ordering: .acquiring) { makeValue() }
      yield storage.pointee
    }
  }

  /// Where the value is, made now if it was not yet: valid while this
  /// object lives. For a caller that reads several parts of it in one
  /// call: each read of ``value`` is a coroutine call of its own.
  @inlinable package var pointer: UnsafePointer<Value> {
    if !isMade.load(ordering: .acquiring) { makeValue() }
    return UnsafePointer(storage)
  }

  @usableFromInline func makeValue() {
    making.withLock { _ in
      guard !isMade.load(ordering: .relaxed) else { return }
      storage.initialize(to: make())
      isMade.store(true, ordering: .releasing)
    }
  }
}
