import CICUShim

/// CLDR plural rules and number formatting for a locale, from ICU.
public enum PluralRules {
  /// The cardinal plural categories of `locale` (UTS #35 Part 3 §5):
  /// ["one", "other"] for fr, six for ar, ["other"] for ja.
  public static func categories(for locale: LocaleIdentifier) -> [String] {
    let text = try? withASCIIResult("uplrules_getKeywords") { out, capacity, status in
      cicu_plural_categories(locale.icuID, out, capacity, &status)
    }
    return (text ?? "other").split(separator: " ").map(String.init)
  }

  /// ``categories(for:)`` in CLDR's order: zero, one, two, few, many, other.
  public static func orderedCategories(for locale: LocaleIdentifier) -> [String] {
    let categories = Set(categories(for: locale))
    return ["zero", "one", "two", "few", "many", "other"].filter(categories.contains)
  }

  /// The cardinal category `locale`'s rules give `value` (UTS #35 Part 3
  /// §5.1 operands: the visible fraction digits count, so 1 is "one" in
  /// en but 1.0 is "other").
  /// - Parameter fractionDigits: visible fraction digits; nil means as
  ///   MessageFormat's `#` writes the value (up to three, no trailing zero).
  /// - Returns: "zero", "one", "two", "few", "many" or "other".
  public static func category(of value: Double, fractionDigits: Int? = nil, locale: LocaleIdentifier) -> String {
    (try? withASCIIResult("PluralRules::select") { out, capacity, status in
      cicu_plural_select(locale.icuID, value, Int32(fractionDigits ?? -1), out, capacity, &status)
    }) ?? "other"
  }
}

/// Numbers written with the locale's digits and separators ("٣" in ar_EG).
public enum NumberFormatting {
  /// `value` in the locale's digits and separators (ICU `unum`, decimal style, grouped as the locale groups).
  public static func string(_ value: Double, locale: LocaleIdentifier) -> String {
    (try? withUTF16Result("unum_formatDouble") { out, capacity, status in
      cicu_number_format(locale.icuID, value, out, capacity, &status)
    }) ?? String(value)
  }
}
