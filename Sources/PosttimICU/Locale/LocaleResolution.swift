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
      return try LocaleIdentifier(userInput: value)
    }
    return nil
  }

  /// A locale as a person types it, on the command line or in `LANG`:
  /// ICU IDs and BCP 47 tags, plus POSIX names (`fr_CA.UTF-8`,
  /// `de_DE@euro`: encoding and modifier are dropped) and `C`/`POSIX`
  /// (``posix``).
  /// - Throws: ``DateEngineError/invalidLocale(_:reason:)``.
  public init(userInput value: String) throws(DateEngineError) {
    let posixName = value.contains(".") || value.hasSuffix("@euro")
    let base =
      posixName
      ? value.split(separator: ".", maxSplits: 1).first.map(String.init)?
        .split(separator: "@", maxSplits: 1).first.map(String.init) ?? value
      : value
    if base == "C" || base == "POSIX" {
      self = .posix
      return
    }
    do {
      try self.init(base)
    } catch .invalidLocale(_, let reason) {
      // Name what the user wrote, not the part left after the POSIX suffix.
      throw .invalidLocale(value, reason: reason)
    } catch {
      throw error
    }
  }

}
