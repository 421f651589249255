import CICUShim

/// The Unicode extension keywords (`-u-ca-…`, `@calendar=…`) checked when
/// a locale is made, so that a value ICU does not know is a usage error
/// naming it, never an ICU failure later (`-u-nu-bogus` made
/// `udatpg_open` fail, exit 70) nor a silent fallback (`-u-fw-xyz` gave
/// the locale's own first weekday).
///
/// Checked: every keyword that changes this tool's output. Calendars
/// (`ca`), hour cycles (`hc`), first weekdays (`fw`) and region overrides
/// (`rg`) from their UTS #35 value lists; numbering systems (`nu`) and the
/// collation settings (`co`, `ka`, `kb`, `kc`, `kf`, `kh`, `kk`, `kn`, `kr`,
/// `ks`, `kv`, `vt`) by ICU itself. Others (`cu`, `ms`, `tz`, …) change
/// nothing here and are left as they are.
enum LocaleKeywords {
  /// The calendars ICU 72 implements (UTS #35 `ca` values, ICU spelling).
  static let calendars: Set<String> = [
    "buddhist", "chinese", "coptic", "dangi", "ethiopic", "ethiopic-amete-alem",
    "gregorian", "hebrew", "indian", "islamic", "islamic-civil", "islamic-rgsa",
    "islamic-tbla", "islamic-umalqura", "iso8601", "japanese", "persian", "roc",
  ]

  static let hourCycles: Set<String> = ["h11", "h12", "h23", "h24"]
  static let weekdays: Set<String> = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

  /// ICU's keyword names for the collation settings, with their BCP 47 keys.
  static let collationSettings: [(icu: String, bcp47: String)] = [
    ("colalternate", "ka"), ("colbackwards", "kb"), ("colcaselevel", "kc"), ("colcasefirst", "kf"),
    ("colhiraganaquaternary", "kh"), ("colnormalization", "kk"), ("colnumeric", "kn"), ("colreorder", "kr"),
    ("colstrength", "ks"), ("maxvariable", "kv"), ("variabletop", "vt"),
  ]

  /// Why `locale`'s keywords cannot be used, or nil.
  static func problem(in locale: LocaleIdentifier) -> String? {
    guard locale.icuID.contains("@") else { return nil }
    if let problem = writtenProblem(locale.input) { return problem }
    if let calendar = locale.keyword("calendar"), !calendars.contains(calendar) {
      return "unknown calendar \"\(calendar)\""
    }
    if let hours = locale.keyword("hours"), !hourCycles.contains(hours) {
      return "unknown hour cycle \"\(hours)\""
    }
    if let weekday = locale.keyword("fw"), !weekdays.contains(weekday) {
      return "unknown first day of the week \"\(weekday)\" \(weekdayHint)"
    }
    if let region = locale.keyword("rg") {
      if !isRegionOverride(region) { return "unknown region override \"\(region)\" \(regionHint)" }
      let code = String(region.prefix(2))
      if cicu_region_is_known(code) == 0 {
        return "unknown region override \"\(region)\": \"\(code)\" is no region \(regionHint)"
      }
    }
    if let numbers = locale.keyword("numbers"), !isNumberingSystem(locale) {
      return "unknown numbering system \"\(numbers)\""
    }
    if let collation = locale.keyword("collation"), !collationTypes.contains(collation) {
      return "unknown collation \"\(collation)\""
    }
    if let zone = locale.keyword("timezone"), !hasUnicodeKey("tz", locale.languageTag) {
      return "unknown time zone \"\(zone)\" in keyword \"timezone\" (ICU has no BCP 47 code for it, and would drop it "
        + "from the tag: write a zone ICU knows, as timezone=Asia/Tokyo, or its code, as -u-tz-jptyo)"
    }
    return collationSettingProblem(locale)
  }

  /// Whether `tag`'s Unicode extension (`-u-…`, up to the next singleton) has `key`.
  private static func hasUnicodeKey(_ key: String, _ tag: String) -> Bool {
    let subtags = tag.lowercased().split(separator: "-")
    guard let u = subtags.firstIndex(of: "u") else { return false }
    return subtags[(u + 1)...].prefix(while: { $0.count != 1 }).contains(Substring(key))
  }

  static let weekdayHint = "(sun, mon, … sat)"
  static let regionHint = "(a region and zzzz: uszzzz)"

  /// The keys whose value is a name: written bare (`-u-fw`), ICU reads
  /// them as "yes", which is none, so the message names what was written.
  private static let namedValues: [String: (name: String, hint: String?)] = [
    "ca": ("calendar", nil), "hc": ("hour cycle", nil), "fw": ("first day of the week", weekdayHint),
    "rg": ("region override", regionHint), "nu": ("numbering system", nil), "co": ("collation", nil),
  ]

  /// Why the keywords as written cannot be used, or nil: a key given
  /// twice (BCP 47 §2.2.6; ICU keeps the first value silently), or a
  /// key of ``namedValues`` without a value.
  private static func writtenProblem(_ text: String) -> String? {
    var seen: Set<String> = []
    let keywords = writtenKeywords(text)
    for (index, (key, hasValue)) in keywords.enumerated() {
      guard seen.insert(key).inserted else { return "keyword \"\(key)\" given twice (a key may appear once)" }
      if !hasValue, key == "rg", !text.contains("@"), index + 1 < keywords.count,
        cicu_region_is_known(keywords[index + 1].key) != 0
      {
        // BCP 47 reads a two-letter subtag after a key as a key: `-u-rg-eg`.
        let region = keywords[index + 1].key
        return "region override \"-u-rg\" has no value: \"\(region)\" was read as the next key; "
          + "a region override is a region and zzzz, as in -u-rg-\(region)zzzz"
      }
      if !hasValue, let named = namedValues[key] {
        return "\(named.name) \"-u-\(key)\" has no value" + (named.hint.map { " \($0)" } ?? "")
      }
    }
    return nil
  }

  /// The keys as written, lowercased, each with whether it has a value:
  /// those of a BCP 47 tag's `-u-` extension, or an ICU ID's after `@`.
  private static func writtenKeywords(_ text: String) -> [(key: String, hasValue: Bool)] {
    let lowered = text.lowercased()
    if let at = lowered.firstIndex(of: "@") {
      return lowered[lowered.index(after: at)...].split(separator: ";").map { keyword in
        let parts = keyword.split(separator: "=", maxSplits: 1)
        return (String(parts.first ?? ""), parts.count == 2 && !parts[1].isEmpty)
      }
    }
    var keywords: [(key: String, hasValue: Bool)] = []
    var inUnicode = false
    for subtag in lowered.split(separator: "-", omittingEmptySubsequences: false) {
      if subtag.count == 1 {
        // A singleton starts an extension; `x` ends the tag's own subtags.
        if subtag == "x" { break }
        inUnicode = subtag == "u"
      } else if inUnicode && subtag.count == 2 {
        keywords.append((String(subtag), false))
      } else if inUnicode, !keywords.isEmpty {
        keywords[keywords.count - 1].hasValue = true
      }
    }
    return keywords
  }

  /// ICU applies only a two-letter region followed by `zzzz`.
  private static func isRegionOverride(_ value: String) -> Bool {
    let bytes = Array(value.utf8)
    return bytes.count == 6 && bytes[..<2].allSatisfy { (0x61...0x7A).contains($0 | 0x20) }
      && String(decoding: bytes[2...], as: UTF8.self).lowercased() == "zzzz"
  }

  /// Whether ICU can make the locale's numbering system (it fails with
  /// U_UNSUPPORTED_ERROR on a name it does not know).
  private static func isNumberingSystem(_ locale: LocaleIdentifier) -> Bool {
    (try? withASCIIResult("NumberingSystem::createInstance") { out, capacity, status in
      cicu_locale_numbering_system(locale.icuID, out, capacity, &status)
    }) != nil
  }

  private static let collationTypes: Set<String> = Set(
    ((try? withASCIIResult("ucol_getKeywordValues") { cicu_coll_types($0, $1, &$2) }) ?? "standard")
      .split(separator: " ").map(String.init))

  /// The first collation setting ICU refuses (`ks-bogus`) or does not
  /// support (`kh-true`), each opened on its own so the message names it.
  private static func collationSettingProblem(_ locale: LocaleIdentifier) -> String? {
    let base = locale.icuID.split(separator: "@", maxSplits: 1)[0]
    for setting in collationSettings {
      guard let value = locale.keyword(setting.icu) else { continue }
      var status: Int32 = 0
      let collator = cicu_coll_open("\(base)@\(setting.icu)=\(value)", &status)
      cicu_coll_close(collator)
      if status > 0 {
        // The result may be `value`'s own buffer: read it while that lives.
        let written = value.withCString { String(cString: cicu_unicode_locale_type(setting.icu, $0)) }
        let name = ICUError(function: "ucol_open", code: status).name
        return "unsupported collation setting \"\(setting.bcp47)-\(written)\" (ICU: \(name))"
      }
    }
    return nil
  }
}
