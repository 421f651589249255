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
      return try LocaleIdentifier(posixName: value, anyCodeset: true)
    }
    return nil
  }

  /// A locale as a person types it, on the command line, in the config
  /// file or a roster: ICU IDs and BCP 47 tags, plus POSIX names
  /// (`fr_CA.UTF-8`, `de_DE@euro`: a UTF-8 codeset and a POSIX modifier
  /// are dropped; any other codeset is refused, reports being UTF-8) and
  /// `C`/`POSIX` (``posix``).
  /// - Throws: ``DateEngineError/invalidLocale(_:reason:)``.
  public init(userInput value: String) throws(DateEngineError) {
    try self.init(posixName: value, anyCodeset: false)
  }

  /// `anyCodeset`: a codeset is only read past, as `LANG`'s names the
  /// terminal's encoding (`fr_CA.ISO-8859-1`), not the report's.
  init(posixName value: String, anyCodeset: Bool) throws(DateEngineError) {
    if let problem = LocaleIdentifierText.characterProblem(in: value) {
      throw .invalidLocale(value, reason: problem)
    }
    let parts = LocaleIdentifierText.posixParts(value)
    var locale = LocaleIdentifier.posix
    if parts.icuText != "C" && parts.icuText != "POSIX" {
      do {
        locale = try LocaleIdentifier(parts.icuText)
      } catch .invalidLocale(_, let reason) {
        // Name what the user wrote, not the part left after the POSIX suffix.
        throw .invalidLocale(value, reason: reason)
      } catch {
        throw error
      }
    }
    // After the name, so that a text that is no locale (`../../etc`) is
    // not told about codesets.
    if let codeset = parts.codeset, !anyCodeset,
      let problem = LocaleIdentifierText.codesetProblem(codeset, name: parts.name)
    {
      throw .invalidLocale(value, reason: problem)
    }
    self = locale
  }
}
