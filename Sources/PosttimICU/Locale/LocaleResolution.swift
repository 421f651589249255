extension LocaleIdentifier {
  /// The locale the environment asks for, following POSIX precedence:
  /// `LC_ALL`, then `LC_TIME`, then `LANG` (the first one set and
  /// non-empty). `fr_CA.UTF-8@euro` becomes `fr_CA`; `C` and `POSIX` mean
  /// ``posix``. Foundation's `Locale.current` ignores these variables on
  /// Linux, hence this resolver.
  ///
  /// - Returns: the locale, or nil when no variable is set (callers then
  ///   use ``posix``).
  /// - Throws: ``DateEngineError/invalidLocale(_:reason:)`` naming the
  ///   variable's value when it is set but unusable.
  public static func fromEnvironment(
    _ environment: [String: String]
  ) throws(DateEngineError) -> LocaleIdentifier? {
    for name in ["LC_ALL", "LC_TIME", "LANG"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      let base = value.split(separator: ".", maxSplits: 1).first
        .map(String.init)?.split(separator: "@", maxSplits: 1).first.map(String.init) ?? value
      if base == "C" || base == "POSIX" { return .posix }
      return try LocaleIdentifier(base)
    }
    return nil
  }
}
