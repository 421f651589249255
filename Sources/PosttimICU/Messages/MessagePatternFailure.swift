import CICUShim

extension ICUMessageFormat.Failure {
  /// A pattern ICU could not parse, in words: ICU's status names
  /// (`U_UNMATCHED_BRACES`) mean little to a catalog's author.
  ///
  /// ICU places only a syntax error (`U_PATTERN_SYNTAX_ERROR`, at the UTF-16
  /// offset where parsing stopped); for unmatched braces, a missing `other`
  /// and an unknown argument type it reports offset 0 whatever the pattern,
  /// so no offset is given for them.
  init(parsing status: Int32, offset: Int32) {
    let name = String(cString: cicu_error_name(status))
    let placed = name == "U_PATTERN_SYNTAX_ERROR" && offset >= 0
    self.init(status: Self.words[name] ?? name, offset: placed ? Int(offset) : nil)
    if !placed { unplaced = true }
  }

  /// What each status ICU's pattern parser reports means.
  static let words = [
    "U_PATTERN_SYNTAX_ERROR": "syntax error",
    "U_UNMATCHED_BRACES": "unmatched braces",
    "U_DEFAULT_KEYWORD_MISSING": "a plural or select without its 'other' case",
    "U_ILLEGAL_ARGUMENT_ERROR": "an argument type or style ICU does not know",
    "U_INDEX_OUTOFBOUNDS_ERROR": "an argument number too large",
  ]
}
