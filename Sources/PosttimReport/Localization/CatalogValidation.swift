import PosttimICU

extension MessageCatalog {
  /// The messages that become mail headers.
  static let headerKeys: [MessageKey] = [.mailSubject]

  /// Why a catalog file cannot be used, or nil: it must be a JSON object
  /// of strings, every message must parse as ICU MessageFormat for the
  /// file's language (the subject must also format with its arguments:
  /// ``MailWords/problem(inSubject:locale:)``), and a message that becomes a mail header
  /// (``headerKeys``) holds no control character (a CR or LF would end the
  /// header: the catalog's fault, not the command line's) and uses only
  /// the subject's placeholders. A user's `--template-dir` catalogs are checked this
  /// way before a run (exit 78), so a typo never yields a half-translated
  /// report.
  /// - Parameters:
  ///   - name: the catalog name, `fr` for `messages/fr.json`.
  ///   - text: the file's text.
  public static func problem(inCatalog name: String, text: String) -> String? {
    guard let messages = parse(text) else { return shapeProblem(text) ?? "is not a JSON object of strings" }
    guard let locale = try? LocaleIdentifier(name) else {
      return "is not named after a locale (fr.json, zh_Hans.json…)"
    }
    for key in messages.keys.sorted() {
      if headerKeys.contains(where: { $0.rawValue == key }),
        let name = MailError.firstControlCharacter(in: messages[key]!)
      {
        return "message \"\(key)\" contains a \(name), which is not allowed in an e-mail header"
      }
      if key == MessageKey.mailSubject.rawValue {
        switch MailWords.problem(inSubject: messages[key]!, locale: locale) {
        case .invalidPattern(let reason)?, .unknownPlaceholders(let reason)?: return "message \"\(key)\": \(reason)"
        case nil: continue
        }
      }
      do {
        _ = try ICUMessageFormat(messages[key]!, locale: locale)
      } catch {
        return "message \"\(key)\": \(error)"
      }
    }
    return nil
  }
}
