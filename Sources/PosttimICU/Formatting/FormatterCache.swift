import Synchronization

/// A thread-safe cache of expensive ICU objects keyed by their settings.
///
/// The creator runs outside the lock, so a slow ICU open never blocks
/// readers; two racing creators both succeed and one result is kept.
/// The cache is emptied wholesale past `countLimit` (swift-foundation's
/// FormatterCache does the same) so a run over many locales stays bounded.
public final class FormatterCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let storage = Mutex<[Key: Value]>([:])
  private let countLimit: Int

  /// - Parameter countLimit: formatters kept before the cache is emptied (one per locale, zone and format).
  public init(countLimit: Int = 256) { self.countLimit = countLimit }

  /// The cached value for `key`, created by `create` on first use.
  public func value<E: Error>(
    for key: Key, create: () throws(E) -> Value
  ) throws(E) -> Value {
    if let value = storage.withLock({ $0[key] }) { return value }
    let value = try create()
    return storage.withLock { entries in
      if let existing = entries[key] { return existing }
      if entries.count >= countLimit { entries.removeAll() }
      entries[key] = value
      return value
    }
  }
}
