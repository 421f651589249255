import Foundation

/// Paths the tests use, found from this file's location so they work from
/// any working directory.
public enum TestPaths {
  /// The package root (the folder holding Package.swift).
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `Examples/listeDesTaches.plist`, the shipped example.
  public static var example: URL { packageRoot.appending(path: "Examples/listeDesTaches.plist") }
  public static var exampleBinary: URL { packageRoot.appending(path: "Examples/listeDesTaches.bplist") }

  /// `../shared` beside the repository: there on the developers' machines
  /// and in CI, absent on a user's clone. Tests that need it skip.
  public static var shared: URL? {
    let url = packageRoot.deletingLastPathComponent().appending(path: "shared")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// Why a test that needs ../shared was skipped.
  public static let sharedMissing =
    "needs ../shared beside the repository (the project's reference data: Mustache spec, the app's own "
    + "task lists, the Python peer), present on the developers' machines and in CI, where this test runs; "
    + "absent in this clone"
}
