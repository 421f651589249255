extension MessageCatalog {
  /// Languages whose catalogs write a note in full-width parentheses
  /// right after a word, with no space: "今日（4件）" (Japanese and Chinese
  /// typography; Templates/messages/README.md, "Typography").
  static let fullWidthParenthesesLanguages = ["ja", "zh"]

  /// `note` in parentheses, as written right after a word in the language
  /// of the catalog that supplies `key`: " (4 tâches)", space included;
  /// "（4件）" for Japanese and Chinese. A report whose message comes from
  /// the English fallback writes English parentheses around it.
  public func parentheticalSuffix(_ note: String, matching key: MessageKey) -> String {
    let catalog = lookup(key.rawValue)?.catalog ?? Self.rootLanguage
    let language = catalog.split(separator: "_").first.map(String.init) ?? catalog
    return Self.fullWidthParenthesesLanguages.contains(language) ? "（\(note)）" : " (\(note))"
  }
}
