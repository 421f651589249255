import CICUShim

extension ICUMessageFormat {
  /// The selectors of every `plural` argument in `pattern`, in pattern
  /// order (nested ones after their parent), exactly as ICU's
  /// MessagePattern parses them; explicit values stay as written ("=0").
  ///
  ///     try ICUMessageFormat.pluralSelectors(in: "{count, plural, one {# tâche} other {# tâches}}")
  ///     // [(argument: "count", selectors: ["one", "other"])]
  ///
  /// Used to check a catalog against its language's CLDR plural categories
  /// (``PluralRules/categories(for:)``): ICU formats a plural that lacks a
  /// category with `other`, silently.
  /// - Throws: ``Failure`` for a syntax error, with its offset, or for
  ///   arguments nested too deep (``maximumNesting``).
  public static func pluralSelectors(in pattern: String) throws(Failure) -> [(argument: String, selectors: [String])] {
    try checkNesting(pattern)
    var offset: Int32 = -1
    var failure: Int32 = 0
    let text = pattern.withUTF16Buffer { units, length in
      try? withASCIIResult("MessagePattern") { out, capacity, status in
        let length = cicu_msg_plural_selectors(units, length, out, capacity, &offset, &status)
        failure = status
        return length
      }
    }
    guard let text else {
      throw Failure(parsing: failure, offset: offset)
    }
    return text.split(separator: "\n").map { line in
      let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
      let selectors = parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : []
      return (String(parts[0]), selectors)
    }
  }
}
