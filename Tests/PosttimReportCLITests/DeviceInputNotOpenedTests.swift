import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A device named as a task list or a template, directly or through a
/// link, is refused by its kind before it is opened: opening some devices
/// has side effects (a tape rewound, a watchdog armed, a serial line's
/// modem lines raised). A device node with no driver behind it (major 240,
/// reserved for local use) refuses every open with ENXIO, so its kind in
/// the message shows that it was looked at without an open.
@Suite("Devices named as input are never opened", .requires(.builtBinary))
struct DeviceInputNotOpenedTests {
  /// A fresh folder with `node`, a character device with no driver (when
  /// the caller may make one), and `link` to it.
  static func driverless() throws -> (folder: URL, node: String, link: String)? {
    let folder = try temporaryFolder()
    let node = folder.appending(path: "node").path
    guard mknod(node, S_IFCHR | 0o644, dev_t(240 << 8)) == 0 else {
      try? FileManager.default.removeItem(at: folder)
      return nil
    }
    let link = folder.appending(path: "link.plist").path
    #expect(symlink(node, link) == 0)
    return (folder, node, link)
  }

  static func run(_ arguments: String, _ environment: [String: String]) throws -> Subprocess.Result {
    try GuardedShell.run("exec \"$BIN\" \(arguments) --now 2026-11-30T14:00:00Z -z UTC", environment: environment)
  }

  @Test("/dev/zero as a task list, named or through a link: 66, its kind named")
  func zeroDevice() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appending(path: "zero.plist").path
    #expect(symlink("/dev/zero", link) == 0)
    for list in ["/dev/zero", link] {
      let result = try Self.run("\"$LIST\"", ["LIST": list])
      #expect(result.status == 66)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == "posttim-report: error: \(list): is a character device, not a task list\n")
    }
  }

  @Test(
    "a driverless device as a task list, named or through a link: 66, its kind named, not opened",
    .enabled(if: geteuid() == 0, "needs root to make a device node"))
  func driverlessDeviceList() throws {
    let made = try #require(try Self.driverless())
    defer { try? FileManager.default.removeItem(at: made.folder) }
    for list in [made.node, made.link] {
      let result = try Self.run("\"$LIST\"", ["LIST": list])
      #expect(result.status == 66)
      #expect(result.stderr == "posttim-report: error: \(list): is a character device, not a task list\n")
    }
  }

  @Test(
    "a driverless device as --template: 66, its kind named, not opened",
    .enabled(if: geteuid() == 0, "needs root to make a device node"))
  func driverlessDeviceTemplate() throws {
    let made = try #require(try Self.driverless())
    defer { try? FileManager.default.removeItem(at: made.folder) }
    let result = try Self.run("\"$EXAMPLE\" --template \"$TEMPLATE\"", ["TEMPLATE": made.link])
    #expect(result.status == 66)
    #expect(
      result.stderr
        == "posttim-report: error: \(made.link): is a character device, not a regular file (a template is a text file)\n"
    )
  }
}
