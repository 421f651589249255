import Foundation

/// The environment a test's programs inherit: this process's, with the
/// config folder moved to one that holds no config file. A developer's own
/// `~/.config/posttim-report/config` (a nightly run's `format = email`,
/// `send = true`) would otherwise change every run a test makes of the
/// binary, as it did when one was set up on a test machine.
public enum ProgramEnvironment {
  /// A folder that is never made: `XDG_CONFIG_HOME/posttim-report/config`
  /// is then absent, as on a machine with no config.
  public static let configHome = TestPaths.packageRoot.appending(path: ".build/tests-no-config-home").path

  /// This process's environment with ``configHome`` as `XDG_CONFIG_HOME`.
  public static let inherited: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CONFIG_HOME"] = configHome
    return environment
  }()
}
