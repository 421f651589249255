import FoundationEssentials

/// The envelope of `--format email`: who the message is from and to, and
/// when it was made. The subject and the mail's other words come from the
/// report (``MailWords``).
public struct MailSettings: Sendable {
  /// `From` (`--mail-from`).
  public var from: MailAddress
  /// `To` (`--mail-to`), at least one for `sendmail -t`.
  public var to: [MailAddress]
  /// `Cc` (`--mail-cc`).
  public var cc: [MailAddress]
  /// `Reply-To` (`--reply-to`).
  public var replyTo: [MailAddress]
  /// The `Date` header's instant (the run's now).
  public var date: Date
  /// The right side of the `Message-ID`: the sender's domain, else the
  /// host name.
  public var messageIDDomain: String

  /// The message's addresses, date and Message-ID domain; see each property.
  public init(
    from: MailAddress, to: [MailAddress], cc: [MailAddress] = [], replyTo: [MailAddress] = [], date: Date,
    messageIDDomain: String? = nil
  ) {
    self.from = from
    self.to = to
    self.cc = cc
    self.replyTo = replyTo
    self.date = date
    self.messageIDDomain = messageIDDomain ?? from.domain
  }

  /// An address-list field (RFC 5322 §3.6.2, §3.6.3): mailboxes separated
  /// by commas, foldable between words.
  static func addressField(_ name: String, _ addresses: [MailAddress]) -> HeaderField {
    var words: [String] = []
    for (index, address) in addresses.enumerated() {
      var mailbox = address.headerWords
      if index < addresses.count - 1 { mailbox[mailbox.count - 1] += "," }
      words += mailbox
    }
    return HeaderField(name: name, words: words)
  }
}
