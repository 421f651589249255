/// The XDG base folders (`XDG_CONFIG_HOME`, `XDG_STATE_HOME`, else under
/// `HOME`). A relative path in any of them is ignored, as the XDG
/// base-directory specification says: it would name a folder under
/// wherever the run was started, another one each time.
enum BaseFolder {
  /// `variable` when it is absolute, else `HOME/fallback` when `HOME` is;
  /// nil for neither.
  static func resolve(_ variable: String, else fallback: String, environment: [String: String]) -> String? {
    if let base = environment[variable], base.hasPrefix("/") { return base }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return home + "/" + fallback
  }
}
