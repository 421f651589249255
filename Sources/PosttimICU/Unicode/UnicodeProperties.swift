import CICUShim

/// The Unicode character properties that display width and bidi isolation
/// need, read from the system ICU's data (ICU 72 = Unicode 15.0) through
/// `CICUShim`, never from hand-made tables.
///
/// Raw values are ICU's enum numbers, as documented (and asserted at build
/// time) in the "Characters" section of `CICUShim.h`.
enum UnicodeProperties {
  /// East_Asian_Width, UAX #11 §4.
  enum EastAsianWidth: Int32 {
    case neutral = 0, ambiguous, halfwidth, fullwidth, narrow, wide
  }

  /// Bidi_Class, UAX #9 §3.2 Table 4 (ICU's UCharDirection numbering).
  enum BidiClass: Int32 {
    case leftToRight = 0, rightToLeft, europeanNumber, europeanSeparator, europeanTerminator
    case arabicNumber, commonSeparator, paragraphSeparator, segmentSeparator, whiteSpace
    case otherNeutral, leftToRightEmbedding, leftToRightOverride, arabicLetter
    case rightToLeftEmbedding, rightToLeftOverride, popDirectionalFormat, nonSpacingMark
    case boundaryNeutral, firstStrongIsolate, leftToRightIsolate, rightToLeftIsolate
    case popDirectionalIsolate
  }

  /// General_Category values the width rules single out (ICU's
  /// UCharCategory numbering); the rest are not distinguished.
  enum Category: Int32 {
    case nonspacingMark = 6, enclosingMark = 7, spacingMark = 8, control = 15, format = 16
  }

  /// Hangul_Syllable_Type values (Unicode §3.12).
  enum HangulSyllableType: Int32 {
    case notApplicable = 0, leadingJamo, vowelJamo, trailingJamo, lvSyllable, lvtSyllable
  }

  static func eastAsianWidth(_ scalar: Unicode.Scalar) -> EastAsianWidth {
    EastAsianWidth(rawValue: cicu_char_east_asian_width(scalar.value)) ?? .neutral
  }

  /// The category when it is one of ``Category``'s cases, else nil.
  static func category(_ scalar: Unicode.Scalar) -> Category? {
    Category(rawValue: cicu_char_general_category(scalar.value))
  }

  static func hangulSyllableType(_ scalar: Unicode.Scalar) -> HangulSyllableType {
    HangulSyllableType(rawValue: cicu_char_hangul_syllable_type(scalar.value)) ?? .notApplicable
  }

  /// Emoji_Presentation (UTS #51 §1.4.1): an emoji by default.
  static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
    cicu_char_is_emoji_presentation(scalar.value) != 0
  }

  /// Emoji (UTS #51 §1.4.1): may be shown as emoji (with U+FE0F).
  static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    cicu_char_is_emoji(scalar.value) != 0
  }

  static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
    BidiClass(rawValue: cicu_char_bidi_class(scalar.value)) ?? .otherNeutral
  }
}
