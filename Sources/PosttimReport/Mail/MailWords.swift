/// The e-mail's own words, localized by the presenter from the catalog
/// (never English in a French mail).
public struct MailWords: Sendable, Equatable {
  /// "Agenda du lundi 30 novembre 2026" (`mail.subject` or `--subject`).
  public let subject: String
  /// The `mail.clipped` note, shown when the HTML part is long.
  public let clippedNote: String

  /// - Parameters:
  ///   - subject: the localized Subject text.
  ///   - clippedNote: the localized note shown where a long report is clipped.
  public init(subject: String, clippedNote: String) {
    self.subject = subject
    self.clippedNote = clippedNote
  }
}
