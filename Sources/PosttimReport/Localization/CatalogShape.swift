import PosttimICU

extension MessageCatalog {
  /// The messages of a catalog's text: a JSON object (RFC 8259, read by
  /// ``CatalogJSONReader``) whose values are strings.
  /// - Throws: why not, worded to follow the file's name: the line, column
  ///   and key of a syntax error or of a key given twice, the kind of a
  ///   value that is no object, or the first key whose value is no string
  ///   (`"mail.subject" is a number, not a string`).
  static func messages(in text: String) throws(CatalogJSONReader.Fault) -> [String: String] {
    let members: [(key: String, value: CatalogJSONReader.Value)]
    switch try CatalogJSONReader.read(text) {
    case .object(let list): members = list
    case .other(let kind): throw CatalogJSONReader.Fault(message: "is not a JSON object (\(kind))")
    }
    var messages: [String: String] = [:]
    messages.reserveCapacity(members.count)
    for (key, value) in members {
      switch value {
      case .string(let pattern): messages[key] = pattern
      case .other(let kind):
        throw CatalogJSONReader.Fault(message: "\"\(TerminalText.echo(key, limit: 60))\" is \(kind), not a string")
      }
    }
    return messages
  }

  /// Why `text` is not a catalog (``messages(in:)``), or nil.
  static func shapeProblem(_ text: String) -> String? {
    do {
      _ = try messages(in: text)
      return nil
    } catch {
      return error.message
    }
  }
}
