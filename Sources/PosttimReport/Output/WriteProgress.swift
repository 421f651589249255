/// Told of each write a ``FileDescriptorOutput`` makes to its descriptor:
/// a report written in place counts its own bytes, so that taking it out
/// again never takes another writer's.
package protocol WriteProgress: Sendable {
  /// `count` bytes are about to be written.
  func writing(_ count: Int)
  /// `count` bytes were written (0 after a failed write).
  func wrote(_ count: Int)
}
