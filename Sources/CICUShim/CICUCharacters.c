// Unicode character properties for display width (UAX #11) and bidi
// isolation (UAX #9), from the system ICU's data rather than hand-made
// tables. See the "Characters" section of include/CICUShim.h.
#include "CICUShim.h"

#include <unicode/uchar.h>

// The header promises ICU's enum numbers to Swift; fail the build if a
// future ICU renumbered them (ICU treats them as stable, so it should not).
_Static_assert(U_EA_NEUTRAL == 0 && U_EA_AMBIGUOUS == 1 && U_EA_HALFWIDTH == 2 &&
                   U_EA_FULLWIDTH == 3 && U_EA_NARROW == 4 && U_EA_WIDE == 5,
               "UEastAsianWidth numbering");
_Static_assert(U_UNASSIGNED == 0 && U_NON_SPACING_MARK == 6 && U_ENCLOSING_MARK == 7 &&
                   U_COMBINING_SPACING_MARK == 8 && U_CONTROL_CHAR == 15 &&
                   U_FORMAT_CHAR == 16 && U_SURROGATE == 18,
               "UCharCategory numbering");
_Static_assert(U_HST_NOT_APPLICABLE == 0 && U_HST_LEADING_JAMO == 1 &&
                   U_HST_VOWEL_JAMO == 2 && U_HST_TRAILING_JAMO == 3 &&
                   U_HST_LV_SYLLABLE == 4 && U_HST_LVT_SYLLABLE == 5,
               "UHangulSyllableType numbering");
_Static_assert(U_LEFT_TO_RIGHT == 0 && U_RIGHT_TO_LEFT == 1 && U_EUROPEAN_NUMBER == 2 &&
                   U_ARABIC_NUMBER == 5 && U_OTHER_NEUTRAL == 10 &&
                   U_LEFT_TO_RIGHT_EMBEDDING == 11 && U_LEFT_TO_RIGHT_OVERRIDE == 12 &&
                   U_RIGHT_TO_LEFT_ARABIC == 13 && U_RIGHT_TO_LEFT_EMBEDDING == 14 &&
                   U_RIGHT_TO_LEFT_OVERRIDE == 15 && U_POP_DIRECTIONAL_FORMAT == 16 &&
                   U_DIR_NON_SPACING_MARK == 17 && U_BOUNDARY_NEUTRAL == 18 &&
                   U_FIRST_STRONG_ISOLATE == 19 && U_LEFT_TO_RIGHT_ISOLATE == 20 &&
                   U_RIGHT_TO_LEFT_ISOLATE == 21 && U_POP_DIRECTIONAL_ISOLATE == 22,
               "UCharDirection numbering");

// ICU's UChar32 is signed; a value above U+10FFFF is not a code point and
// ICU answers for it as for an unassigned one (all properties 0 / default).
static UChar32 code_point(uint32_t c) {
  return c > 0x10FFFF ? (UChar32)0x10FFFF + 1 : (UChar32)c;
}

int32_t cicu_char_east_asian_width(uint32_t c) {
  return u_getIntPropertyValue(code_point(c), UCHAR_EAST_ASIAN_WIDTH);
}

int32_t cicu_char_general_category(uint32_t c) {
  return (int32_t)u_charType(code_point(c));
}

int32_t cicu_char_is_emoji_presentation(uint32_t c) {
  return u_hasBinaryProperty(code_point(c), UCHAR_EMOJI_PRESENTATION) ? 1 : 0;
}

int32_t cicu_char_is_emoji(uint32_t c) {
  return u_hasBinaryProperty(code_point(c), UCHAR_EMOJI) ? 1 : 0;
}

int32_t cicu_char_hangul_syllable_type(uint32_t c) {
  return u_getIntPropertyValue(code_point(c), UCHAR_HANGUL_SYLLABLE_TYPE);
}

int32_t cicu_char_bidi_class(uint32_t c) {
  return (int32_t)u_charDirection(code_point(c));
}
