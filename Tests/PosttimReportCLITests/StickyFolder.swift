import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh folder holding `shared`, a sticky world-writable folder like
/// `/tmp`, where the kernel's protected rules apply; the caller removes `root`.
func stickyFolder() throws -> (root: URL, shared: URL) {
  let root = try temporaryFolder()
  let shared = root.appending(path: "shared")
  try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
  #expect(chmod(shared.path, 0o1777) == 0)
  return (root, shared)
}
