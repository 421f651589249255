import PosttimICU

extension ReportView {
  /// The view's locale named in its own language ("français (Canada)",
  /// "العربية (مصر)"), from ICU's display names (`uloc_getDisplayName`):
  /// how a several-locale output introduces each part.
  public var nativeLocaleName: String {
    guard let locale = try? LocaleIdentifier(localeID) else { return localeID }
    return locale.displayName(in: locale)
  }
}
