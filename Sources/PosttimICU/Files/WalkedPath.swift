#if canImport(Glibc)
  import Glibc
#endif

/// What a ``ProtectedLinkWalk`` reached: the walk holds a descriptor at
/// every step and looks each component up relative to the one before
/// (`openat` with `O_NOFOLLOW`), never a path by name again, so the owner
/// of a folder on the way cannot swap it for a link between a check and
/// the use (a root run's read or write would go where that link points).
package struct WalkedPath {
  /// An `O_PATH` descriptor of what the path names (the caller closes
  /// it), or -1 when a component could not be looked up (``error``).
  package let descriptor: Int32
  /// The path with no link left, for messages: up to the component that
  /// could not be looked up, the rest as given.
  package let path: String
  /// The errno of the lookup that failed, or 0.
  package let error: Int32
  /// Where the failed lookup was made, for messages: the path of what
  /// stood before the component (a file, for ENOTDIR) and whether it is a
  /// regular file; nil when the walk did not fail on a lookup.
  package var failedIn: (path: String, isRegularFile: Bool)? = nil

  /// `path`'s status, or nil when the walk failed or `fstat` did.
  package var info: stat? {
    var info = stat()
    guard descriptor >= 0, fstat(descriptor, &info) == 0 else { return nil }
    return info
  }

  /// The folder reached, opened for reading (`O_DIRECTORY`, for listing,
  /// locking and `fsync`), or -1 with errno set; the walk's descriptor is
  /// closed.
  package func openedFolder() -> Int32 {
    guard descriptor >= 0 else {
      errno = error
      return -1
    }
    defer { close(descriptor) }
    return openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
  }

  /// Closes the descriptor, if any.
  package func closeDescriptor() {
    if descriptor >= 0 { close(descriptor) }
  }
}
