import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A socket at `-o` cannot be opened for writing: the run says what it is
/// (exit 73), and the socket stays.
@Suite("A socket at the output name", .enabled(if: EndToEndTests.binary != nil, "posttim-report binary not built"))
struct OutputSocketTests {
  @Test("exit 73: is a socket; a report is written to files, FIFOs and devices")
  func socketRefused() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "agenda.md").path
    let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #expect(listener >= 0)
    defer { close(listener) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    let (status, stdout, stderr) = try EndToEndTests.run([TestPaths.example.path, "-o", path])
    #expect(status == 73)
    #expect(stdout.isEmpty)
    #expect(
      stderr
        == "posttim-report: error: \(path): cannot create output file (is a socket; a report is written to files, FIFOs and devices)\n"
    )
    var info = stat()
    #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK)
  }
}
