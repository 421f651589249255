import PosttimICU

extension MessageCatalog {
  /// The messages that become mail headers.
  static let headerKeys: [MessageKey] = [.mailSubject]

  /// Why a catalog file cannot be used, or nil: it must be a JSON object
  /// of strings; every message of a ``MessageKey`` must parse as ICU
  /// MessageFormat for the file's language, use only its key's arguments
  /// and format with them (``MessageKey/problem(inPattern:locale:)``),
  /// and any other message must parse; a message that becomes a mail
  /// header (``headerKeys``) holds no control character (a CR or LF would
  /// end the header: the catalog's fault, not the command line's). A
  /// user's `--template-dir` catalogs are checked this way before a run
  /// (exit 78), so a typo never yields literal braces or a
  /// half-translated report.
  /// - Parameters:
  ///   - name: the catalog name, `fr` for `messages/fr.json`.
  ///   - text: the file's text.
  public static func problem(inCatalog name: String, text: String) -> String? {
    guard let messages = parse(text) else { return shapeProblem(text) ?? "is not a JSON object of strings" }
    guard let locale = try? LocaleIdentifier(name) else {
      return "is not named after a locale (fr.json, zh_Hans.json…)"
    }
    // Reports look catalogs up by this form only: a file named otherwise
    // (fr-CA, FR, iw, no) would be checked and listed, and never used.
    let catalogForm = catalogForm(of: locale)
    guard catalogForm == name else {
      return "is named \"\(name)\", which reports never look up: rename it \(catalogForm).json "
        + "(catalogs are named with the locale's canonical ICU ID)"
    }
    for key in messages.keys.sorted() {
      if headerKeys.contains(where: { $0.rawValue == key }),
        let name = MailError.firstControlCharacter(in: messages[key]!)
      {
        return "message \"\(key)\" contains a \(name), which is not allowed in an e-mail header"
      }
      if let messageKey = MessageKey(rawValue: key) {
        switch messageKey.problem(inPattern: messages[key]!, locale: locale) {
        case .invalidPattern(let reason)?, .unknownPlaceholders(let reason)?, .quotedPlaceholders(let reason)?:
          return "message \"\(key)\": \(reason)"
        case nil: continue
        }
      }
      // A key no report reads (listed as unknown) must still parse.
      do {
        _ = try ICUMessageFormat(messages[key]!, locale: locale)
      } catch {
        return "message \"\(key)\": \(error)"
      }
    }
    return nil
  }
}
