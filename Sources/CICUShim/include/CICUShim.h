// CICUShim: the only door to the system ICU (Debian libicu-dev, ICU 72).
//
// This header is deliberately ICU-free: it uses <stdint.h> types and opaque
// handles only. Foundation on Linux carries its own ICU 76 headers, and a
// Swift module that sees both copies of `UErrorCode` does not compile. The
// shim's .c and .cpp files include ICU, where ICU's header macros also map
// our calls to the versioned symbols (`udat_open_72`).
//
// Conventions, for every function below:
// - `status` is an ICU UErrorCode value, in/out. Callers pass 0. On return,
//   > 0 is an error, < 0 a warning (e.g. -128, U_USING_FALLBACK_WARNING),
//   0 success. A function does nothing when called with *status > 0.
// - Strings in UTF-16 (`uint16_t *`) come with an explicit length in code
//   units; `char *` strings (locale IDs, names) are NUL-terminated ASCII.
// - Output buffers follow ICU's preflighting: the return value is the full
//   length needed; when it exceeds `capacity`, *status is 15
//   (U_BUFFER_OVERFLOW_ERROR) and the caller retries with a larger buffer.
// - Every `*_open` result is owned by the caller and freed with `*_close`.
//   Handles are not thread-safe; the Swift layer serialises or clones them.
#ifndef CICUSHIM_H
#define CICUSHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Status and versions

/// ICU status codes (UErrorCode) Swift tests for, as ICU numbers them;
/// CICUShim.c asserts each against ICU's header at build time.
enum {
  /// U_BUFFER_OVERFLOW_ERROR: the result did not fit the buffer.
  CICU_BUFFER_OVERFLOW_ERROR = 15,
  /// U_INTERNAL_PROGRAM_ERROR: ICU misbehaved (e.g. a zero-length sort key).
  CICU_INTERNAL_PROGRAM_ERROR = 5,
  /// U_USING_FALLBACK_WARNING and U_USING_DEFAULT_WARNING: the locale's data
  /// came from a parent locale or the root (warnings are negative).
  CICU_USING_FALLBACK_WARNING = -128,
  CICU_USING_DEFAULT_WARNING = -127,
};

/// ICU's symbolic name for a status code ("U_ILLEGAL_ARGUMENT_ERROR").
/// The returned string is static; never free it.
const char *cicu_error_name(int32_t status);

/// Writes the ICU library version ("72.1") into `out`.
void cicu_icu_version(char *out, int32_t capacity);
/// Writes the CLDR version of the ICU data ("42.0") into `out`.
void cicu_cldr_version(char *out, int32_t capacity, int32_t *status);
/// Writes the time zone data version ("2022e") into `out`.
void cicu_tzdata_version(char *out, int32_t capacity, int32_t *status);

// MARK: - Locales (ICU locale IDs, UTS #35)

/// Converts a BCP 47 language tag ("ja-JP-u-ca-japanese") to an ICU
/// locale ID ("ja_JP@calendar=japanese"). Returns the ID's length;
/// `parsedLength` receives how many characters of `tag` were understood.
int32_t cicu_locale_from_language_tag(const char *tag, char *out,
                                      int32_t capacity, int32_t *parsedLength,
                                      int32_t *status);
/// Canonicalizes an ICU locale ID ("fr_CA.UTF-8" is not accepted here;
/// strip POSIX suffixes first).
int32_t cicu_locale_canonicalize(const char *id, char *out, int32_t capacity,
                                 int32_t *status);
/// Converts an ICU locale ID to a BCP 47 tag ("fr-CA").
int32_t cicu_locale_to_language_tag(const char *id, char *out,
                                    int32_t capacity, int32_t *status);
/// The language subtag of `id` ("fr").
int32_t cicu_locale_language(const char *id, char *out, int32_t capacity,
                             int32_t *status);
/// A keyword value as BCP 47 writes it (`uloc_toUnicodeLocaleType`):
/// "true" for colhiraganaquaternary=yes; `value` itself when ICU has no
/// other spelling. Static or `value` itself: never freed, and read while
/// `value` lives.
const char *cicu_unicode_locale_type(const char *keyword, const char *value);
/// The value of keyword `key` ("calendar") in `id`, or "" when absent.
int32_t cicu_locale_keyword(const char *id, const char *key, char *out,
                            int32_t capacity, int32_t *status);
/// Adds likely subtags ("zh" → "zh_Hans_CN").
int32_t cicu_locale_add_likely_subtags(const char *id, char *out,
                                       int32_t capacity, int32_t *status);
/// The canonical form of `id` with CLDR's alias replacement (UTS #35
/// Annex C, ICU's Locale::createCanonical): deprecated and legacy codes
/// become current ones ("iw_IL" → "he_IL", "in" → "id", "mo" → "ro",
/// "sh" → "sr_Latn"). `uloc_canonicalize` keeps them.
int32_t cicu_locale_canonical_alias(const char *id, char *out,
                                    int32_t capacity, int32_t *status);
/// The same through Locale::createCanonical always; cicu_locale_canonical_alias
/// skips it for plain IDs that no alias entry names (tests compare the two).
int32_t cicu_locale_canonical_alias_full(const char *id, char *out,
                                         int32_t capacity, int32_t *status);
/// The name of the numbering system `id` uses by default or through a
/// `@numbers=` keyword ("arab" for ar_EG, "latn" for fr_CA, "deva" for
/// hi_IN@numbers=deva).
int32_t cicu_locale_numbering_system(const char *id, char *out,
                                     int32_t capacity, int32_t *status);
/// 1 when ISO 639 knows the language of `id` (ICU has a 3-letter code for
/// it), else 0. ICU itself accepts any syntactically plausible ID.
int32_t cicu_locale_has_known_language(const char *id);
/// 1 when `region` (two letters, any case) is a current ISO 3166 region
/// ICU knows (uloc_getISOCountries), else 0.
int32_t cicu_region_is_known(const char *region);
/// 1 when the locale's script is written right to left (ar, he, fa…).
int32_t cicu_locale_is_right_to_left(const char *id);
/// The display name of `id` in `displayLocale`, in UTF-16
/// ("français (Canada)").
int32_t cicu_locale_display_name(const char *id, const char *displayLocale,
                                 uint16_t *out, int32_t capacity,
                                 int32_t *status);
/// The locale whose ICU data really serves `id` ("fr" for "fr_XX", "root"
/// when nothing matched), from ICU's resource fallback. *status receives
/// -128 (U_USING_FALLBACK_WARNING) or -127 (U_USING_DEFAULT_WARNING) when
/// ICU fell back.
int32_t cicu_locale_data_locale(const char *id, char *out, int32_t capacity,
                                int32_t *status);

// MARK: - Time zones (IANA time zone IDs)

/// Canonicalizes a time zone ID ("US/Eastern" → "America/New_York").
/// `isSystemID` receives 1 for an ID in ICU's zone data, 0 for a custom
/// "GMT-05:00" form. An unknown ID sets U_ILLEGAL_ARGUMENT_ERROR.
int32_t cicu_tz_canonical_id(const uint16_t *id, int32_t length,
                             uint16_t *out, int32_t capacity,
                             int8_t *isSystemID, int32_t *status);
/// The generic or standard display name of a zone in `displayLocale`
/// (`daylight` = 1 for the daylight name).
int32_t cicu_tz_display_name(const uint16_t *id, int32_t length,
                             const char *displayLocale, int8_t daylight,
                             uint16_t *out, int32_t capacity, int32_t *status);

// MARK: - Date-time pattern generator (UTS #35 skeletons)

typedef struct cicu_pattern_generator cicu_pattern_generator;

/// Opens ICU's DateTimePatternGenerator for a locale ID.
cicu_pattern_generator *cicu_pg_open(const char *locale, int32_t *status);
void cicu_pg_close(cicu_pattern_generator *generator);
/// The locale's best pattern for `skeleton` (e.g. "yMMMdjm" →
/// "d MMM y, HH 'h' mm" in fr_CA). Hour-cycle keywords in the locale
/// (`@hours=h23`) are honoured.
int32_t cicu_pg_best_pattern(cicu_pattern_generator *generator,
                             const uint16_t *skeleton, int32_t length,
                             uint16_t *out, int32_t capacity, int32_t *status);

// MARK: - Date formatter (udat, pattern based)

typedef struct cicu_date_formatter cicu_date_formatter;
typedef struct cicu_calendar cicu_calendar;

/// Opens a formatter for a verbatim pattern, in a locale and zone.
cicu_date_formatter *cicu_df_open(const char *locale, const uint16_t *zone,
                                  int32_t zoneLength, const uint16_t *pattern,
                                  int32_t patternLength, int32_t *status);
void cicu_df_close(cicu_date_formatter *formatter);
/// An independent copy of `formatter` (same pattern, locale, zone and
/// context), for formatting on another thread. Owned by the caller.
cicu_date_formatter *cicu_df_clone(const cicu_date_formatter *formatter,
                                   int32_t *status);
/// A calendar for formatting with `formatter`: a copy of its own, with its
/// zone and calendar system. Owned by the caller (`cicu_cal_close`).
///
/// Why: `udat_format` clones the formatter's calendar (and its zone) on
/// every call; formatting through one kept calendar costs one `setTime`
/// instead.
cicu_calendar *cicu_df_calendar(const cicu_date_formatter *formatter,
                                int32_t *status);
/// Formats an instant (milliseconds since 1970-01-01T00:00:00Z) with
/// `formatter`, using `calendar` from ``cicu_df_calendar`` (set to the
/// instant). Neither may be used by another thread meanwhile.
int32_t cicu_df_format(const cicu_date_formatter *formatter,
                       cicu_calendar *calendar, double millis, uint16_t *out,
                       int32_t capacity, int32_t *status);
/// The same, written as UTF-8 into `out` (Swift builds a String from
/// UTF-8 much faster than from UTF-16). Returns the UTF-8 length.
int32_t cicu_df_format_utf8(const cicu_date_formatter *formatter,
                            cicu_calendar *calendar, double millis, char *out,
                            int32_t capacity, int32_t *status);
/// Sets how the formatter capitalizes its first word (beginning of
/// sentence = 1, standalone (UI list item) = 2, middle of sentence = 3,
/// none = 0).
void cicu_df_set_capitalization(cicu_date_formatter *formatter,
                                int32_t context, int32_t *status);

// MARK: - Calendar arithmetic (ucal)

/// Opens a calendar for `locale` (its calendar keyword and week data) in a
/// zone. Skipped wall times resolve to the next valid time and repeated
/// ones to the first, so the "start of a day" always exists.
cicu_calendar *cicu_cal_open(const uint16_t *zone, int32_t zoneLength,
                             const char *locale, int32_t *status);
void cicu_cal_close(cicu_calendar *calendar);
/// An independent copy of `calendar` (zone, calendar system, attributes).
/// Owned by the caller.
cicu_calendar *cicu_cal_clone(const cicu_calendar *calendar, int32_t *status);
/// A number that names the local calendar day of an instant (ICU's
/// JULIAN_DAY field: the same for every calendar system). Two instants
/// are on the same local day exactly when their day numbers are equal.
int32_t cicu_cal_day_number(cicu_calendar *calendar, double millis,
                            int32_t *status);
/// The instant of a local Gregorian wall time in the calendar's zone
/// (month 1…12). Skipped times move forward, repeated ones take the first.
double cicu_cal_millis_for_local(cicu_calendar *calendar, int32_t year,
                                 int32_t month, int32_t day, int32_t hour,
                                 int32_t minute, int32_t second,
                                 int32_t *status);
/// The zone's total UTC offset (raw + DST) at an instant, in milliseconds.
int32_t cicu_cal_utc_offset(cicu_calendar *calendar, double millis,
                            int32_t *status);
/// The zone's total UTC offset at an instant (milliseconds), and the span
/// `[*start, *end)` around it in which that offset holds: from the zone's
/// last transition at or before `millis` to its next one after (ICU's
/// `BasicTimeZone` transitions; `-INFINITY` / `INFINITY` where there is
/// none; both NaN when the zone cannot list its transitions). Lets a
/// caller answer later instants in the span without ICU.
int32_t cicu_cal_offset_span(cicu_calendar *calendar, double millis,
                             double *start, double *end, int32_t *status);
/// 1 when the local wall time of `millis` occurs twice (DST fall-back).
int32_t cicu_cal_is_repeated_wall_time(cicu_calendar *calendar, double millis,
                                       int32_t *status);
/// The locale's first day of the week, 1 = Sunday … 7 = Saturday.
int32_t cicu_cal_first_weekday(const cicu_calendar *calendar);
/// The calendar system's CLDR type ("gregorian", "islamic-umalqura", …):
/// a static string owned by ICU, or NULL on error.
const char *cicu_cal_type(const cicu_calendar *calendar, int32_t *status);

// MARK: - Week data (CLDR weekData, implemented in CICUWeekData.c)

/// ICU's weekday types (UCalendarWeekdayType), as ICU numbers them;
/// CICUWeekData.c asserts each against ICU's header at build time.
enum {
  /// A working day from midnight to midnight.
  CICU_WEEKDAY = 0,
  /// A rest day from midnight to midnight.
  CICU_WEEKEND = 1,
  /// The weekend starts during the day (at `transitionMillis`).
  CICU_WEEKEND_ONSET = 2,
  /// The weekend ends during the day (at `transitionMillis`).
  CICU_WEEKEND_CEASE = 3,
};

/// What kind of day `dayOfWeek` (1 = Sunday … 7 = Saturday) is in the week
/// of the calendar's locale (ucal_getDayOfWeekType): one of the CICU_WEEK*
/// values. The region comes from the locale, or from its `rg` keyword
/// (`en_US@rg=egzzzz`, BCP 47 `-u-rg-egzzzz`) when it has one. For an onset
/// or cease day `transitionMillis` receives the time of day of the change
/// (milliseconds after midnight), else -1. A day outside 1…7 sets
/// U_ILLEGAL_ARGUMENT_ERROR.
int32_t cicu_cal_day_of_week_type(const cicu_calendar *calendar,
                                  int32_t dayOfWeek, int32_t *transitionMillis,
                                  int32_t *status);

// MARK: - Date intervals (udtitvfmt, implemented in CICUDateIntervals.c)

typedef struct cicu_interval_formatter cicu_interval_formatter;

/// Opens ICU's date-interval formatter for a skeleton ("yMMMMd") in a
/// locale: its calendar (`@calendar=`) and numbering system (`@numbers=`)
/// included. Ranges are formatted in UTC on proleptic Gregorian calendars
/// (civil dates: the caller passes each day's noon, UTC).
cicu_interval_formatter *cicu_itv_open(const char *locale,
                                       const uint16_t *skeleton,
                                       int32_t length, int32_t *status);
void cicu_itv_close(cicu_interval_formatter *formatter);
/// Capitalization of the first word, as `cicu_df_set_capitalization`.
void cicu_itv_set_capitalization(cicu_interval_formatter *formatter,
                                 int32_t context, int32_t *status);
/// Formats the range from `fromMillis` to `toMillis` (milliseconds since
/// 1970-01-01T00:00:00Z): "1–3 décembre 2026" in fr_CA, or the date alone
/// when both fall on the same day in every field the skeleton shows.
/// The formatter's calendars are set to the instants: one thread at a time.
int32_t cicu_itv_format(cicu_interval_formatter *formatter, double fromMillis,
                        double toMillis, uint16_t *out, int32_t capacity,
                        int32_t *status);

// MARK: - Collation (UCA + locale tailoring)

typedef struct cicu_collator cicu_collator;

cicu_collator *cicu_coll_open(const char *locale, int32_t *status);
void cicu_coll_close(cicu_collator *collator);
/// An independent copy of `collator`, with its settings (ucol_clone; for
/// another thread, each collating on its own).
cicu_collator *cicu_coll_clone(const cicu_collator *collator, int32_t *status);
/// Every collation type ICU has data for, in any locale (`ucol_getKeywordValues`
/// for "collation": "standard phonebook pinyin …"), space separated (ASCII).
int32_t cicu_coll_types(char *out, int32_t capacity, int32_t *status);
/// Writes the sort key of a UTF-16 string; sort keys compare with memcmp.
int32_t cicu_coll_sort_key(const cicu_collator *collator, const uint16_t *text,
                           int32_t length, uint8_t *out, int32_t capacity);
/// Compares two UTF-8 strings (ucol_strcollUTF8): -1, 0 or 1, the order
/// of their sort keys; sets *status on invalid UTF-8.
int32_t cicu_coll_compare_utf8(const cicu_collator *collator, const uint8_t *a,
                               int32_t aLength, const uint8_t *b,
                               int32_t bLength, int32_t *status);

// MARK: - Relative day names ("aujourd'hui", "tomorrow")

typedef struct cicu_relative_formatter cicu_relative_formatter;

cicu_relative_formatter *cicu_rel_open(const char *locale, int32_t *status);
void cicu_rel_close(cicu_relative_formatter *formatter);
/// The locale's name for the day `offset` days from today (-1, 0, 1),
/// capitalized for the start of a sentence ("Demain").
int32_t cicu_rel_day(const cicu_relative_formatter *formatter, int32_t offset,
                     uint16_t *out, int32_t capacity, int32_t *status);

// MARK: - Messages (ICU MessageFormat, plural rules, numbers)
// Implemented in CICUMessages.cpp: named MessageFormat arguments
// ("{count, plural, one {# tâche} other {# tâches}}") exist only in ICU's
// C++ API; the C `umsg_*` functions take positional arguments only.

typedef struct cicu_message cicu_message;

/// Compiles an ICU MessageFormat pattern for `locale`. A syntax error
/// sets *status (e.g. U_PATTERN_SYNTAX_ERROR, 65799) and `errorOffset` to
/// the 0-based offset ICU reports, and returns NULL.
cicu_message *cicu_msg_open(const char *locale, const uint16_t *pattern,
                            int32_t patternLength, int32_t *errorOffset,
                            int32_t *status);
void cicu_msg_close(cicu_message *message);
/// Formats a compiled message with named arguments. Argument i is named
/// `names[i]` (UTF-16, `nameLengths[i]` units); its value is the string
/// `strings[i]` (`stringLengths[i]` units) or, when `strings[i]` is NULL,
/// the number `numbers[i]` (formatted and plural-selected in the locale).
int32_t cicu_msg_format(const cicu_message *message, int32_t argumentCount,
                        const uint16_t *const *names,
                        const int32_t *nameLengths, const double *numbers,
                        const uint16_t *const *strings,
                        const int32_t *stringLengths, uint16_t *out,
                        int32_t capacity, int32_t *status);
/// The selectors of every `plural` argument in a MessageFormat pattern, as
/// ICU's MessagePattern parses it (nested ones included), one line per
/// argument: "count:one few many other\n" (explicit values as "=0"). A
/// syntax error sets *status and `errorOffset`. Output is UTF-8.
int32_t cicu_msg_plural_selectors(const uint16_t *pattern, int32_t patternLength,
                                  char *out, int32_t capacity,
                                  int32_t *errorOffset, int32_t *status);
/// The name (or number, "0") of every argument in a MessageFormat pattern,
/// nested ones included, in pattern order, one per line ("date\ncount\n"),
/// as ICU's MessagePattern parses it. A syntax error sets *status and
/// `errorOffset`; a result of `capacity` bytes or more sets
/// U_BUFFER_OVERFLOW_ERROR and returns the length needed. Output is UTF-8.
int32_t cicu_msg_argument_names(const uint16_t *pattern, int32_t patternLength,
                                char *out, int32_t capacity,
                                int32_t *errorOffset, int32_t *status);
/// The deepest nesting level of a MessageFormat pattern as ICU's
/// MessagePattern parses it (the largest level of its MSG_START parts: 0
/// without complex arguments). Recursive in ICU: call it only on patterns
/// whose depth was checked first (tests and the fuzz harness compare the
/// Swift check against it).
int32_t cicu_msg_nesting_depth(const uint16_t *pattern, int32_t patternLength,
                               int32_t *status);
/// The plural categories of `locale`'s cardinal rules, space separated
/// ("one other" for fr, "zero one two few many other" for ar, "other" for
/// ja), written into `out` (ASCII).
int32_t cicu_plural_categories(const char *locale, char *out, int32_t capacity,
                               int32_t *status);
/// The cardinal plural category (UTS #35 Part 3 §5) that `locale`'s rules
/// give `value` as written with `fractionDigits` visible fraction digits
/// ("one" for 1 in en, "few" for 22 in ru, "other" for 1.5 in ru), written
/// into `out` (ASCII). `fractionDigits` < 0 means as ICU's default decimal
/// format writes the value, which is what MessageFormat's `#` does.
int32_t cicu_plural_select(const char *locale, double value,
                           int32_t fractionDigits, char *out,
                           int32_t capacity, int32_t *status);
/// Formats a number with the locale's digits and grouping.
int32_t cicu_number_format(const char *locale, double value, uint16_t *out,
                           int32_t capacity, int32_t *status);

// MARK: - Characters (Unicode character properties, from ICU's data)
// Implemented in CICUCharacters.c. Each function takes one code point
// (U+0000…U+10FFFF; anything above answers as an unassigned code point)
// and returns ICU's own enum number for the property, listed here so Swift
// needs no ICU header. The .c file asserts every number listed.

/// East_Asian_Width (UAX #11 §4) of `c`: 0 N (neutral), 1 A (ambiguous),
/// 2 H (halfwidth), 3 F (fullwidth), 4 Na (narrow), 5 W (wide).
int32_t cicu_char_east_asian_width(uint32_t c);
/// General_Category of `c` (ICU's UCharCategory): 0 Cn (unassigned),
/// 6 Mn (non-spacing mark), 7 Me (enclosing mark), 8 Mc (spacing mark),
/// 15 Cc (control), 16 Cf (format: ZWJ, U+200E/U+200F, U+2066…U+2069),
/// 18 Cs (surrogate); other values are letters, numbers, punctuation,
/// symbols and separators.
int32_t cicu_char_general_category(uint32_t c);
/// 1 when `c` has Emoji_Presentation (UTS #51 §1.4.1): shown as a
/// two-column emoji by default (U+1F600, the regional indicators), else 0.
int32_t cicu_char_is_emoji_presentation(uint32_t c);
/// 1 when `c` has the Emoji property (UTS #51), emoji or text-default
/// (U+2764 HEAVY BLACK HEART, digits), else 0.
int32_t cicu_char_is_emoji(uint32_t c);
/// Hangul_Syllable_Type (Unicode §3.12): 0 NA, 1 L (leading jamo),
/// 2 V (vowel jamo), 3 T (trailing jamo), 4 LV, 5 LVT.
int32_t cicu_char_hangul_syllable_type(uint32_t c);
/// Bidi_Class (UAX #9 §3.2) of `c` (ICU's UCharDirection): 0 L, 1 R,
/// 2 EN, 3 ES, 4 ET, 5 AN, 6 CS, 7 B, 8 S, 9 WS, 10 ON, 11 LRE, 12 LRO,
/// 13 AL, 14 RLE, 15 RLO, 16 PDF, 17 NSM, 18 BN, 19 FSI, 20 LRI, 21 RLI,
/// 22 PDI.
int32_t cicu_char_bidi_class(uint32_t c);

// MARK: - Normalization (UAX #15)
// Implemented in CICUNormalization.c.

/// `text` in Unicode Normalization Form C (`decompose` 0) or D (1), through
/// ICU's unorm2 instances; preflighting as above.
int32_t cicu_normalize(int32_t decompose, const uint16_t *text, int32_t length,
                       uint16_t *out, int32_t capacity, int32_t *status);

// MARK: - System time zones (TZif)
// Implemented in CICUTimeZones.cpp: ICU's RuleBasedTimeZone exists only in
// its C++ API. ICU 72 carries its own tz data (2022e); these functions
// build zones from the system's TZif files (/usr/share/zoneinfo) instead,
// so formatters and calendars follow the machine's tz database.

typedef struct cicu_zone cicu_zone;

/// Builds an ICU time zone named `id` (UTF-16, e.g. "Africa/Cairo"; ICU
/// uses it for CLDR zone names and metazones) from the bytes of a TZif
/// file (RFC 8536, version 2 or later).
///
/// Reads the 64-bit data block and the POSIX TZ footer: one rule per
/// distinct (raw offset, DST saving, abbreviation) with its transition
/// instants, and for a footer with DST two annual rules from the year
/// after the last explicit transition. TZif records only the total UT
/// offset and an isdst flag; the DST saving is the offset minus the
/// standard offset in force around it (one hour when there is none), and
/// negative savings (Europe/Dublin) take ICU's positive "rearguard" form,
/// so total offsets are exact and standard/daylight names match ICU's.
///
/// Returns NULL and sets *status when the file cannot be converted
/// exactly: 3 (U_INVALID_FORMAT_ERROR) for a malformed or truncated file
/// (more than 256 types or 4096 transitions counts as malformed) or a
/// footer that contradicts the last transition; 16
/// (U_UNSUPPORTED_ERROR) for a version 1 file, leap-second records
/// ("right/" zones), zero-based day-of-year footer rules (`n`), a `Jn`
/// rule whose time moves it across February 28 / March 1 or the year's
/// end, a DST footer without rules, or a last-week-of-February rule
/// shifted by whole days;
/// 1 (U_ILLEGAL_ARGUMENT_ERROR) for an empty ID or no bytes. The bytes are
/// treated as untrusted: every count and offset is checked against
/// `length`. The caller owns the result (`cicu_zone_close`).
cicu_zone *cicu_zone_from_tzif(const uint16_t *id, int32_t idLength,
                               const uint8_t *bytes, int32_t length,
                               int32_t *status);
void cicu_zone_close(cicu_zone *zone);
/// The zone's raw (standard) offset and DST saving at an instant
/// (milliseconds since 1970-01-01T00:00:00Z), in milliseconds east of UT.
void cicu_zone_offset(const cicu_zone *zone, double millis,
                      int32_t *rawOffset, int32_t *dstOffset, int32_t *status);
/// The zone's long standard or (`daylight` = 1) daylight name in
/// `displayLocale`, as `cicu_tz_display_name` gives for ICU's own zones.
int32_t cicu_zone_display_name(const cicu_zone *zone,
                               const char *displayLocale, int8_t daylight,
                               uint16_t *out, int32_t capacity,
                               int32_t *status);
/// Makes a calendar use a copy of `zone` (ICU's Calendar::setTimeZone). The
/// copy shares the zone's completed rules, so it costs an allocation, not
/// a rebuild; `zone` may be closed while calendars still use copies.
void cicu_cal_set_zone(cicu_calendar *calendar, const cicu_zone *zone,
                       int32_t *status);
/// The tz database version named by the first line of a `tzdata.zi` file
/// (`# version 2025b` → "2025b"), given the file's first bytes. Returns
/// the version's length, or 0 with *status 3 (U_INVALID_FORMAT_ERROR)
/// when the line is not of that form.
int32_t cicu_tzdata_zi_version(const uint8_t *bytes, int32_t length,
                               char *out, int32_t capacity, int32_t *status);

// MARK: - Numbers (a kept decimal formatter)
// Implemented in CICUNumbers.c: `cicu_number_format` opens a formatter per
// call; a report that writes a number per task keeps one open.

typedef struct cicu_number_formatter cicu_number_formatter;

/// Opens ICU's decimal format (`unum_open(UNUM_DECIMAL)`, as MessageFormat's
/// `{n, number}` uses) for `locale`. Owned by the caller (`cicu_nf_close`).
cicu_number_formatter *cicu_nf_open(const char *locale, int32_t *status);
/// A copy for another thread (`unum_clone`).
cicu_number_formatter *cicu_nf_clone(const cicu_number_formatter *formatter,
                                     int32_t *status);
void cicu_nf_close(cicu_number_formatter *formatter);
/// Formats `value` as UTF-8 into `out`; returns the UTF-8 length. A
/// formatter may not be used by two threads at once. A result over 64
/// UTF-16 units sets *status to 15 (U_BUFFER_OVERFLOW_ERROR).
int32_t cicu_nf_format_utf8(const cicu_number_formatter *formatter,
                            double value, char *out, int32_t capacity,
                            int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
