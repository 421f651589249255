import Foundation

extension MessageCatalog {
  /// Why `text` is not a JSON object of strings, or nil: the place of a
  /// syntax error (`is not valid JSON: Invalid value around line 3,
  /// column 9`) or the key whose value is no string (`"mail.subject" is a
  /// number, not a string`), so a catalog's author can find the fault.
  static func shapeProblem(_ text: String) -> String? {
    var text = text
    let data = text.withUTF8 { $0.isEmpty ? Data() : Data(bytes: $0.baseAddress!, count: $0.count) }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
      return "is not valid JSON: " + placed(reason, in: data)
    }
    guard let members = object as? [String: Any] else { return "is not a JSON object (\(kind(of: object)))" }
    for key in members.keys.sorted() where !(members[key] is String) {
      return "\"\(TerminalText.echo(key, limit: 60))\" is \(kind(of: members[key]!)), not a string"
    }
    return nil
  }

  /// Foundation's reason with its byte offset ("around character 50.")
  /// given as a line and column (in characters, from 1), as an editor
  /// shows them. Foundation counts from after a byte order mark.
  static func placed(_ reason: String, in data: Data) -> String {
    let marker = " around character "
    guard let range = reason.range(of: marker),
      let offset = Int(reason[range.upperBound...].prefix { $0.isNumber })
    else { return String(reason.prefix { $0 != "." }) }
    let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let before = String(decoding: data.prefix(start + offset).dropFirst(start), as: UTF8.self)
    let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
    let column = (lines.last?.unicodeScalars.count ?? 0) + 1
    return "\(reason[..<range.lowerBound]) around line \(lines.count), column \(column)"
  }

  /// How a message names a JSON value that is not a string.
  static func kind(of value: Any) -> String {
    switch value {
    case is NSNull: return "null"
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    case let number as NSNumber:
      // JSON's true and false come as a boolean NSNumber (type code "c").
      return String(cString: number.objCType) == "c" ? "a boolean" : "a number"
    default: return "a string"
    }
  }
}
