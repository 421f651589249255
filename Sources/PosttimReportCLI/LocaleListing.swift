import PosttimICU
import PosttimReport

/// `--list-locales`: the languages with a catalog, or for one locale the
/// catalog and fallbacks it would use.
struct LocaleListing {
  let resources: any ResourceFiles

  func text(for locale: LocaleIdentifier?) -> String {
    if let locale {
      let catalog = MessageCatalog(locale: locale, resources: resources)
      return "\(locale.icuID): catalogs \(catalog.chain.joined(separator: " → "))\n"
    }
    return resources.paths(under: "messages/").map {
      String($0.dropFirst("messages/".count).dropLast(".json".count))
    }.joined(separator: "\n") + "\n"
  }
}
