/// One mailbox (RFC 5322 §3.4): an optional display name and an
/// addr-spec, as given on the command line (`Zoë Tremblay <z@example.org>`,
/// `"Tremblay, Zoë" <z@example.org>` or `z@example.org`).
///
/// The addr-spec must be `local-part@domain` with a dot-atom or
/// quoted-string local part and a dot-atom or domain-literal domain
/// (§3.4.1), in ASCII: internationalized addresses (RFC 6531) need an
/// SMTPUTF8 path this tool does not promise. Display names may be any
/// Unicode text; non-ASCII ones are written as RFC 2047 encoded words.
public struct MailAddress: Sendable, Equatable, CustomStringConvertible {
  /// The display name, decoded ("Zoë Tremblay"), or nil.
  public let displayName: String?
  /// `local@domain`.
  public let addrSpec: String

  /// The domain part, without brackets for a domain literal.
  public var domain: String {
    let domain = addrSpec[addrSpec.index(after: addrSpec.lastIndex(of: "@")!)...]
    return String(domain.hasPrefix("[") ? domain.dropFirst().dropLast() : domain)
  }

  /// RFC 5321 §4.5.3.1.3: a path is at most 256 octets, so an address that
  /// fits is far below the 998-octet line limit.
  static let maximumLength = 254

  /// Parses one mailbox.
  /// - Parameter what: names the option in error messages ("--mail-to").
  /// - Throws: ``MailError`` (`invalidAddress`, `headerInjection`).
  public init(_ text: String, what: String) throws(MailError) {
    try MailError.checkHeaderSafe(text, what: what)
    let trimmed = text.trimmingSpaces
    if trimmed.hasSuffix(">"), let open = trimmed.lastIndex(of: "<") {
      var name = String(trimmed[..<open]).trimmingSpaces
      if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
        name = Self.unquoted(String(name.dropFirst().dropLast()))
      }
      displayName = name.isEmpty ? nil : name
      addrSpec = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
    } else {
      displayName = nil
      addrSpec = trimmed
    }
    if let problem = Self.problem(inAddrSpec: addrSpec) {
      throw MailError(.invalidAddress, "\(what): '\(text)' is not an e-mail address: \(problem)")
    }
  }

  /// Parses a comma-separated list; commas inside quotes do not separate.
  /// - Throws: ``MailError`` for an empty list or a bad address.
  public static func list(_ text: String, what: String) throws(MailError) -> [MailAddress] {
    var items: [String] = []
    var current = ""
    var inQuotes = false
    var escaped = false
    for character in text {
      if escaped {
        escaped = false
      } else if inQuotes && character == "\\" {
        escaped = true
      } else if character == "\"" {
        inQuotes.toggle()
      } else if character == "," && !inQuotes {
        items.append(current)
        current = ""
        continue
      }
      current.append(character)
    }
    items.append(current)
    var addresses: [MailAddress] = []
    for item in items where !item.trimmingSpaces.isEmpty {
      addresses.append(try MailAddress(item, what: what))
    }
    if addresses.isEmpty { throw MailError(.invalidAddress, "\(what) needs an e-mail address, got '\(text)'") }
    return addresses
  }

  /// The words of the mailbox for a header: the display name (atoms, a
  /// quoted string, or encoded words: always for non-ASCII, and for a
  /// name with a word too long to fold) and `<addr-spec>`.
  public var headerWords: [String] {
    guard let displayName else { return [addrSpec] }
    let name: [String]
    if !displayName.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value <= 0x7E }) {
      name = EncodedWord.encode(displayName)
    } else if displayName.split(separator: " ").allSatisfy({ $0.allSatisfy(Self.isAtext) }),
      !displayName.contains("  ")
    {
      name = displayName.split(separator: " ").map(String.init)
    } else {
      let escaped = displayName.replacingLiteral("\\", with: "\\\\")
        .replacingLiteral("\"", with: "\\\"")
      name = ["\"" + escaped + "\""]
    }
    // A word over 76 characters could not be folded: encoded words can.
    let foldable = name.allSatisfy { $0.count <= 76 } ? name : EncodedWord.encode(displayName)
    return foldable + ["<" + addrSpec + ">"]
  }

  public var description: String {
    displayName.map { "\($0) <\(addrSpec)>" } ?? addrSpec
  }

  /// atext (§3.2.3): letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
  static func isAtext(_ character: Character) -> Bool {
    guard character.isASCII, let ascii = character.asciiValue else { return false }
    return (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5A) || (ascii >= 0x61 && ascii <= 0x7A)
      || "!#$%&'*+-/=?^_`{|}~".contains(character)
  }

  /// dot-atom-text (§3.2.3): atext runs separated by single dots.
  static func isDotAtom(_ text: Substring) -> Bool {
    !text.isEmpty
      && text.split(separator: ".", omittingEmptySubsequences: false)
        .allSatisfy { !$0.isEmpty && $0.allSatisfy(isAtext) }
  }

  /// Why `text` is not an addr-spec, or nil when it is one.
  static func problem(inAddrSpec text: String) -> String? {
    guard !text.isEmpty else { return "it is empty" }
    guard text.count <= maximumLength else { return "it is longer than \(maximumLength) characters" }
    guard text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value <= 0x7E }) else {
      return "only ASCII letters, digits and symbols are supported (RFC 5322 §3.4.1; RFC 6531 addresses are not)"
    }
    guard let at = text.lastIndex(of: "@") else { return "it has no '@'" }
    let local = text[..<at]
    let domain = text[text.index(after: at)...]
    if local.hasPrefix("\"") {
      guard local.count >= 2, local.hasSuffix("\""), isQuotedContent(local.dropFirst().dropLast()) else {
        return "the quoted local part is not closed or has an unescaped '\"'"
      }
    } else if !isDotAtom(local) {
      return local.isEmpty ? "nothing before '@'" : "the part before '@' is not a dot-atom (RFC 5322 §3.2.3)"
    }
    if domain.hasPrefix("[") {
      guard domain.hasSuffix("]"), domain.count > 2,
        !domain.dropFirst().dropLast().contains(where: { "[]\\".contains($0) })
      else { return "the domain literal is not closed" }
    } else if !isDotAtom(domain) {
      return domain.isEmpty ? "nothing after '@'" : "the domain is not a dot-atom (RFC 5322 §3.4.1)"
    }
    return nil
  }

  /// The content of a quoted string: `"` and `\` only escaped.
  static func isQuotedContent(_ text: Substring) -> Bool {
    var escaped = false
    for character in text {
      if escaped {
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "\"" {
        return false
      }
    }
    return !escaped
  }

  static func unquoted(_ text: String) -> String {
    var out = ""
    var escaped = false
    for character in text {
      if !escaped && character == "\\" {
        escaped = true
        continue
      }
      escaped = false
      out.append(character)
    }
    return out
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
