import CICUShim
import FoundationEssentials

/// A validated locale, in ICU's form and as BCP 47.
///
/// Accepts ICU locale IDs (`fr_CA`, `ja_JP@calendar=japanese`) and BCP 47
/// language tags (`fr-CA`, `ja-JP-u-ca-japanese`, `en-US-u-hc-h23`,
/// `ar-EG-u-nu-latn`), following UTS #35 §3. Calendar (`ca`), numbering
/// system (`nu`) and hour cycle (`hc`) keywords are kept and take effect in
/// every formatter opened with this locale.
///
///     let locale = try LocaleIdentifier("fr-CA")
///     locale.icuID        // "fr_CA"
///     locale.languageTag  // "fr-CA"
public struct LocaleIdentifier: Hashable, Sendable, CustomStringConvertible {
  /// Exactly what the user wrote, for messages and CSV `locale` columns.
  public let input: String
  /// The canonical ICU locale ID, as passed to every ICU function.
  public let icuID: String

  /// Two identifiers are equal when they name the same locale: `fr-CA`
  /// and `fr_CA` share formatters and caches, whatever was typed.
  public static func == (a: LocaleIdentifier, b: LocaleIdentifier) -> Bool { a.icuID == b.icuID }
  public func hash(into hasher: inout Hasher) { hasher.combine(icuID) }

  /// The POSIX locale, used for `C` and `POSIX`.
  public static let posix = try! LocaleIdentifier("en_US_POSIX")

  /// Parses and validates a locale identifier.
  ///
  /// - Throws: ``DateEngineError/invalidLocale(_:reason:)`` when the text
  ///   has a space, invisible or control character (named, never trimmed),
  ///   is not well-formed, has an `@` with no keyword, names no ISO 639 language, or carries a keyword
  ///   value ICU does not know (``LocaleKeywords``: calendar, hour cycle,
  ///   numbering system, collation…).
  public init(_ text: String) throws(DateEngineError) {
    if let problem = LocaleIdentifierText.characterProblem(in: text) { throw .invalidLocale(text, reason: problem) }
    // Keyword syntax (`=`, `;`) only after the `@` of ICU keywords, checked there.
    let head = text.split(separator: "@", maxSplits: 1).first ?? ""
    guard !text.isEmpty, text.utf8.count <= 157,  // ULOC_FULLNAME_CAPACITY
      head.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) })
    else {
      throw .invalidLocale(text, reason: "use an ICU locale ID (fr_CA) or a BCP 47 tag (fr-CA)")
    }
    if let problem = LocaleIdentifierText.keywordCharacterProblem(in: text) {
      throw .invalidLocale(text, reason: problem)
    }
    var icuID: String
    do {
      icuID = try Self.icuForm(of: text)
    } catch {
      throw .invalidLocale(text, reason: "not a well-formed locale identifier")
    }
    // A deprecated language code (ji, jw, iw, in, mo, tl, sh, cmn…) is
    // replaced by CLDR's current one: ICU keeps data under some old codes
    // (iw) and not others (ji, jw), which fell back to the root locale.
    let alias = Self.canonicalAlias(of: icuID)
    if Self.language(of: alias) != Self.language(of: icuID) { icuID = alias }
    guard cicu_locale_has_known_language(icuID) != 0 else {
      throw .invalidLocale(text, reason: "unknown language")
    }
    if let problem = LocaleIdentifierText.keywordListProblem(in: text) { throw .invalidLocale(text, reason: problem) }
    self.input = text
    self.icuID = icuID
    if let problem = LocaleKeywords.problem(in: self) { throw .invalidLocale(text, reason: problem) }
  }

  private static func icuForm(of text: String) throws(ICUError) -> String {
    // A hyphen before any '@' means BCP 47; ICU IDs use underscores.
    let isLanguageTag = text.contains("-") && !text.contains("@") && !text.contains("_")
    if isLanguageTag {
      var parsed: Int32 = 0
      let id = try withASCIIResult("uloc_forLanguageTag") { out, capacity, status in
        cicu_locale_from_language_tag(text, out, capacity, &parsed, &status)
      }
      if Int(parsed) != text.utf8.count { throw ICUError(function: "uloc_forLanguageTag", code: 1) }
      return id
    }
    return try withASCIIResult("uloc_canonicalize") { out, capacity, status in
      cicu_locale_canonicalize(text, out, capacity, &status)
    }
  }

  public var description: String { icuID }

  /// The BCP 47 form, for HTML `lang` attributes ("fr-CA").
  public var languageTag: String {
    (try? withASCIIResult("uloc_toLanguageTag") { out, capacity, status in
      cicu_locale_to_language_tag(icuID, out, capacity, &status)
    }) ?? "und"
  }

  /// ``languageTag`` without extensions or private use (BCP 47 §2.2.6,
  /// §2.2.7: everything from the first singleton subtag on), for HTML
  /// `lang` and `Content-Language` (RFC 3282), whose checkers refuse
  /// unknown extensions: `ar-EG-u-nu-latn` → `ar-EG`.
  public var baseLanguageTag: String {
    languageTag.split(separator: "-").prefix(while: { $0.count != 1 }).joined(separator: "-")
  }

  /// The language subtag ("fr").
  public var language: String { Self.language(of: icuID) }

  private static func language(of id: String) -> String {
    (try? withASCIIResult("uloc_getLanguage") { out, capacity, status in
      cicu_locale_language(id, out, capacity, &status)
    }) ?? ""
  }

  /// The value of an ICU keyword such as `calendar` or `hours`, if given.
  public func keyword(_ key: String) -> String? {
    let value = try? withASCIIResult("uloc_getKeywordValue") { out, capacity, status in
      cicu_locale_keyword(icuID, key, out, capacity, &status)
    }
    return value?.isEmpty == false ? value : nil
  }

  /// True for locales written right to left (Arabic, Hebrew, Persian…).
  public var isRightToLeft: Bool { cicu_locale_is_right_to_left(icuID) != 0 }

  /// The locale's name in `displayLocale` ("français (Canada)").
  public func displayName(in displayLocale: LocaleIdentifier) -> String {
    (try? withUTF16Result("uloc_getDisplayName") { out, capacity, status in
      cicu_locale_display_name(icuID, displayLocale.icuID, out, capacity, &status)
    }) ?? icuID
  }
}

extension LocaleIdentifier {
  /// The locale whose ICU data serves this one, when ICU falls back: "fr"
  /// for `fr_XX`, "root" for a language ICU has no data for. Nil when ICU
  /// has data for the locale itself (or only dropped keywords).
  public var dataFallback: String? {
    var status: Int32 = 0
    let base = icuID.split(separator: "@", maxSplits: 1).first.map(String.init) ?? icuID
    let actual = try? withASCIIResult("ures_open") { out, capacity, inner in
      let length = cicu_locale_data_locale(base, out, capacity, &inner)
      status = inner
      return length
    }
    let fellBack = status == Int32(CICU_USING_FALLBACK_WARNING) || status == Int32(CICU_USING_DEFAULT_WARNING)
    guard let actual, fellBack else { return nil }
    return actual.isEmpty ? "root" : actual
  }
}

extension LocaleIdentifier {
  /// The ID after CLDR's alias replacement (UTS #35 Annex C): "he_IL" for
  /// `iw_IL`, "id" for `in`, "ro" for `mo`; the ID itself when nothing is
  /// deprecated. ``icuID`` has the current language code already, and
  /// keeps a deprecated region (`en_UK`); catalogs are looked up by this form.
  ///
  /// A plain `language[_Script][_REGION]` ID that no alias entry names is
  /// returned as it is without loading ICU's whole alias table (a sixth of
  /// a short report's start-up); tests check it against
  /// ``canonicalAliasThroughICU``.
  public var canonicalAlias: String { Self.canonicalAlias(of: icuID) }

  fileprivate static func canonicalAlias(of id: String) -> String {
    (try? withASCIIResult("Locale::createCanonical") { out, capacity, status in
      cicu_locale_canonical_alias(id, out, capacity, &status)
    }) ?? id
  }

  /// ``canonicalAlias`` computed by `Locale::createCanonical` for every ID.
  var canonicalAliasThroughICU: String {
    (try? withASCIIResult("Locale::createCanonical") { out, capacity, status in
      cicu_locale_canonical_alias_full(icuID, out, capacity, &status)
    }) ?? icuID
  }

  /// The numbering system the locale writes numbers in: "arab" for
  /// ar_EG, "latn" for fr_CA or `ar-EG-u-nu-latn` (UTS #35 `nu`).
  public var numberingSystem: String {
    (try? withASCIIResult("NumberingSystem::createInstance") { out, capacity, status in
      cicu_locale_numbering_system(icuID, out, capacity, &status)
    }) ?? "latn"
  }
}

extension LocaleIdentifier {
  /// Whether the two name one locale once deprecated codes are replaced
  /// (``canonicalAlias``: `iw_IL` and `he_IL`, `tl` and `fil`, `sh` and
  /// `sr_Latn`, `en_UK` and `en_GB`), or share a BCP 47 tag (the
  /// `{locale}` of output file names). Equality (``icuID``) keeps them
  /// apart; a run that writes one report per locale must not.
  public func namesSameLocale(as other: LocaleIdentifier) -> Bool {
    self == other || canonicalAlias == other.canonicalAlias || languageTag == other.languageTag
  }
}

extension LocaleIdentifier {
  /// The ID with likely subtags added ("zh_TW" → "zh_Hant_TW").
  public var maximized: String {
    (try? withASCIIResult("uloc_addLikelySubtags") { out, capacity, status in
      cicu_locale_add_likely_subtags(icuID, out, capacity, &status)
    }) ?? icuID
  }
}
