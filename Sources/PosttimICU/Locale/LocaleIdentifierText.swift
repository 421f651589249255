/// The checks of a locale identifier's text that come before ICU sees it,
/// shared by every way one arrives (an option, the config file, a roster
/// cell, `LANG`): ICU and the C library would drop or misread what fails
/// them, so the run would use another locale than the one written.
enum LocaleIdentifierText {
  /// Why `text` cannot be a locale ID by its characters, or nil: the
  /// first space, invisible (format) or control character, or other
  /// non-ASCII scalar, named as `U+200B ZERO WIDTH SPACE`. A trailing
  /// zero-width space pasted with an ID is otherwise trimmed or refused by
  /// chance of where the ID was written, and never shows in the message.
  static func characterProblem(in text: String) -> String? {
    let scalars = text.unicodeScalars
    guard let index = scalars.firstIndex(where: { isUnwritten($0) || !$0.isASCII }) else { return nil }
    let scalar = scalars[index]
    let place =
      index == scalars.startIndex
      ? "at the start"
      : "after \"\(TerminalText.echo(String(scalars[..<index]), limit: DateEngineError.echoLimit))\""
    let rule =
      isUnwritten(scalar)
      ? "a locale ID has no spaces, invisible or control characters" : "a locale ID is written in ASCII"
    return "\(name(of: scalar)) \(place) (\(rule))"
  }

  private static func isUnwritten(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  /// `U+00A0 NO-BREAK SPACE`; control characters have no Unicode name.
  private static func name(of scalar: Unicode.Scalar) -> String {
    let code = PaddedDigits.codePoint(scalar.value)
    if let name = scalar.properties.name { return "\(code) \(name)" }
    return scalar.properties.generalCategory == .control ? "\(code) (a control character)" : code
  }

  /// Why an ID's `@` part cannot be used, or nil: `fr_CA@` and `fr_CA@;`
  /// name no keyword, and ICU would read the `@` as an empty variant
  /// (`fr_CA_`, a locale it has no data for).
  /// A second `@` (`fr@@calendar=japanese`) ICU cannot read either: its
  /// keywords are one list, separated by `;`.
  static func keywordListProblem(in text: String) -> String? {
    guard let at = text.firstIndex(of: "@") else { return nil }
    let keywords = text[text.index(after: at)...]
    if keywords.contains("@") {
      return "a second \"@\" (keywords follow one \"@\", separated by \";\": "
        + "\(text[..<at])@calendar=japanese;numbers=arab)"
    }
    guard keywords.split(separator: ";").isEmpty else { return nil }
    return "no keyword after \"@\" (keywords are written \(text[..<at])@calendar=japanese)"
  }

  /// Why a character of an ID's `@` part cannot be read, or nil, naming
  /// the keyword: a value is letters, digits, `-` and `_`, and a
  /// `timezone` value (`en_US@timezone=Asia/Tokyo`, ICU's spelling of
  /// `en-US-u-tz-jptyo`) may have the `/` and `+` of an IANA zone ID.
  static func keywordCharacterProblem(in text: String) -> String? {
    // A second `@` is ``keywordListProblem(in:)``'s to name.
    guard let at = text.firstIndex(of: "@"), !text[text.index(after: at)...].contains("@") else { return nil }
    for keyword in text[text.index(after: at)...].split(separator: ";") {
      let (key, value) = (keyword.prefix(while: { $0 != "=" }), keyword.drop(while: { $0 != "=" }).dropFirst())
      let zoneCharacters: Set<Character> = key.lowercased() == "timezone" ? ["/", "+"] : []
      let isValueCharacter = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || "-_".contains(c)) }
      if let bad = key.first(where: { !isValueCharacter($0) }) {
        return "\"\(bad)\" in the keyword name \"\(key)\" (a keyword is written name=value)"
      }
      if let bad = value.first(where: { !isValueCharacter($0) && !zoneCharacters.contains($0) }) {
        let rule =
          zoneCharacters.isEmpty
          ? "a value has letters, digits, \"-\" and \"_\"; \"/\" and \"+\" only in a timezone, as in timezone=Asia/Tokyo"
          : "a timezone value is a zone ID: letters, digits, \"-\", \"_\", \"/\" and \"+\""
        return "\"\(bad)\" in the value of keyword \"\(key)\" (\(rule))"
      }
    }
    return nil
  }

  /// A POSIX locale name (`fr_CA.UTF-8@euro`, as in `LANG`) in its parts:
  /// the name before the codeset, the codeset if a `.` gives one, and
  /// what ICU is to read (the name, then the `@` part unless it is a
  /// POSIX modifier: `@euro` anywhere, any `@word` after a codeset;
  /// ICU keywords such as `@calendar=japanese` stay).
  static func posixParts(_ value: String) -> (name: Substring, codeset: Substring?, icuText: String) {
    let at = value.firstIndex(of: "@") ?? value.endIndex
    let head = value[..<at]
    var modifier = value[at...]
    var name = head
    var codeset: Substring?
    if let dot = head.firstIndex(of: ".") {
      name = head[..<dot]
      codeset = head[head.index(after: dot)...]
    }
    let isPOSIXModifier =
      modifier.lowercased() == "@euro" || (codeset != nil && modifier.count > 1 && !modifier.contains("="))
    if isPOSIXModifier { modifier = "" }
    return (name, codeset, String(name + modifier))
  }

  /// Why a codeset given with a locale cannot be used, or nil: reports
  /// are written in UTF-8 whatever the locale says, so only its spellings
  /// are read (as glibc compares codesets: case and punctuation aside);
  /// another one would be a request this tool drops in silence.
  static func codesetProblem(_ codeset: Substring, name: Substring) -> String? {
    let hint = "(write \(name) or \(name).UTF-8)"
    guard !codeset.isEmpty else { return "no codeset after \".\" \(hint)" }
    let normalized = codeset.lowercased().filter { $0.isLetter || $0.isNumber }
    if normalized == "utf8" { return nil }
    return "codeset \"\(codeset)\" is not UTF-8, the one this tool writes \(hint)"
  }
}
