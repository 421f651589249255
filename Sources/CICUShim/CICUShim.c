// The C part of the shim (the C++ parts: CICUMessages.cpp,
// CICUFormatting.cpp, CICUTimeZones.cpp; CICUCharacters.c, CICUWeekData.c,
// CICUDateIntervals.c, CICUNormalization.c). Only these files include ICU.
// See include/CICUShim.h for the contract of each function; comments here
// only say why.
#include "CICUShim.h"
#include "CICUDisplayContext.h"
#include "CICUFirstWeekday.h"

#include <ctype.h>
#include <math.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/ucol.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/utypes.h>

// The header promises ICU's status numbers to Swift.
_Static_assert(CICU_BUFFER_OVERFLOW_ERROR == U_BUFFER_OVERFLOW_ERROR, "U_BUFFER_OVERFLOW_ERROR");
_Static_assert(CICU_INTERNAL_PROGRAM_ERROR == U_INTERNAL_PROGRAM_ERROR, "U_INTERNAL_PROGRAM_ERROR");
_Static_assert(CICU_USING_FALLBACK_WARNING == U_USING_FALLBACK_WARNING, "U_USING_FALLBACK_WARNING");
_Static_assert(CICU_USING_DEFAULT_WARNING == U_USING_DEFAULT_WARNING, "U_USING_DEFAULT_WARNING");
#include <unicode/ulocdata.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ustring.h>
#include <unicode/ures.h>
#include <unicode/uversion.h>

static void copy_ascii(const char *source, char *out, int32_t capacity) {
  if (capacity <= 0) return;
  strncpy(out, source, (size_t)capacity - 1);
  out[capacity - 1] = '\0';
}

// ICU's default zone is never the host's: every call here names its zone,
// and finding the host's makes ICU call tzset(), which opens the file TZ
// names with a blocking fopen (TZ=/path/to/fifo would hang the run). The
// tool reads TZ itself, through non-blocking opens (DeviceTimeZone).
__attribute__((constructor)) static void cicu_fix_default_zone(void) {
  UErrorCode status = U_ZERO_ERROR;
  ucal_setDefaultTimeZone(u"UTC", &status);
}

// MARK: - Status and versions

const char *cicu_error_name(int32_t status) {
  return u_errorName((UErrorCode)status);
}

void cicu_icu_version(char *out, int32_t capacity) {
  UVersionInfo info;
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_getVersion(info);
  u_versionToString(info, text);
  copy_ascii(text, out, capacity);
}

void cicu_cldr_version(char *out, int32_t capacity, int32_t *status) {
  UVersionInfo info;
  char text[U_MAX_VERSION_STRING_LENGTH];
  ulocdata_getCLDRVersion(info, (UErrorCode *)status);
  if (U_FAILURE(*status)) return;
  u_versionToString(info, text);
  copy_ascii(text, out, capacity);
}

void cicu_tzdata_version(char *out, int32_t capacity, int32_t *status) {
  const char *version = ucal_getTZDataVersion((UErrorCode *)status);
  if (U_FAILURE(*status)) return;
  copy_ascii(version, out, capacity);
}

// MARK: - Locales

int32_t cicu_locale_from_language_tag(const char *tag, char *out,
                                      int32_t capacity, int32_t *parsedLength,
                                      int32_t *status) {
  return uloc_forLanguageTag(tag, out, capacity, parsedLength,
                             (UErrorCode *)status);
}

int32_t cicu_locale_canonicalize(const char *id, char *out, int32_t capacity,
                                 int32_t *status) {
  return uloc_canonicalize(id, out, capacity, (UErrorCode *)status);
}

int32_t cicu_locale_to_language_tag(const char *id, char *out,
                                    int32_t capacity, int32_t *status) {
  return uloc_toLanguageTag(id, out, capacity, 0, (UErrorCode *)status);
}

int32_t cicu_locale_language(const char *id, char *out, int32_t capacity,
                             int32_t *status) {
  return uloc_getLanguage(id, out, capacity, (UErrorCode *)status);
}

int32_t cicu_locale_keyword(const char *id, const char *key, char *out,
                            int32_t capacity, int32_t *status) {
  return uloc_getKeywordValue(id, key, out, capacity, (UErrorCode *)status);
}

int32_t cicu_locale_add_likely_subtags(const char *id, char *out,
                                       int32_t capacity, int32_t *status) {
  return uloc_addLikelySubtags(id, out, capacity, (UErrorCode *)status);
}

int32_t cicu_locale_has_known_language(const char *id) {
  const char *iso3 = uloc_getISO3Language(id);
  return iso3 != NULL && iso3[0] != '\0';
}

int32_t cicu_region_is_known(const char *region) {
  if (strlen(region) != 2) return 0;
  char upper[3] = {(char)toupper((unsigned char)region[0]),
                   (char)toupper((unsigned char)region[1]), '\0'};
  for (const char *const *code = uloc_getISOCountries(); *code != NULL;
       code++) {
    if (strcmp(*code, upper) == 0) return 1;
  }
  return 0;
}

int32_t cicu_locale_is_right_to_left(const char *id) {
  return uloc_isRightToLeft(id) ? 1 : 0;
}

int32_t cicu_locale_display_name(const char *id, const char *displayLocale,
                                 uint16_t *out, int32_t capacity,
                                 int32_t *status) {
  return uloc_getDisplayName(id, displayLocale, out, capacity,
                             (UErrorCode *)status);
}

int32_t cicu_locale_data_locale(const char *id, char *out, int32_t capacity,
                                int32_t *status) {
  UResourceBundle *bundle = ures_open(NULL, id, (UErrorCode *)status);
  if (U_FAILURE(*status)) return 0;
  UErrorCode local = U_ZERO_ERROR;
  const char *name = ures_getLocaleByType(bundle, ULOC_ACTUAL_LOCALE, &local);
  int32_t length = 0;
  if (U_SUCCESS(local) && name != NULL) {
    copy_ascii(name, out, capacity);
    length = (int32_t)strlen(name);
  }
  ures_close(bundle);
  return length;
}

// MARK: - Time zones

int32_t cicu_tz_canonical_id(const uint16_t *id, int32_t length,
                             uint16_t *out, int32_t capacity,
                             int8_t *isSystemID, int32_t *status) {
  UBool system = 0;
  int32_t result = ucal_getCanonicalTimeZoneID(id, length, out, capacity,
                                               &system, (UErrorCode *)status);
  *isSystemID = system ? 1 : 0;
  return result;
}

int32_t cicu_tz_display_name(const uint16_t *id, int32_t length,
                             const char *displayLocale, int8_t daylight,
                             uint16_t *out, int32_t capacity, int32_t *status) {
  UCalendar *calendar =
      ucal_open(id, length, displayLocale, UCAL_GREGORIAN, (UErrorCode *)status);
  if (U_FAILURE(*status)) return 0;
  int32_t result = ucal_getTimeZoneDisplayName(
      calendar, daylight ? UCAL_DST : UCAL_STANDARD, displayLocale, out,
      capacity, (UErrorCode *)status);
  ucal_close(calendar);
  return result;
}

// MARK: - Pattern generator

cicu_pattern_generator *cicu_pg_open(const char *locale, int32_t *status) {
  return (cicu_pattern_generator *)udatpg_open(locale, (UErrorCode *)status);
}

void cicu_pg_close(cicu_pattern_generator *generator) {
  if (generator) udatpg_close((UDateTimePatternGenerator *)generator);
}

int32_t cicu_pg_best_pattern(cicu_pattern_generator *generator,
                             const uint16_t *skeleton, int32_t length,
                             uint16_t *out, int32_t capacity, int32_t *status) {
  return udatpg_getBestPattern((UDateTimePatternGenerator *)generator, skeleton,
                               length, out, capacity, (UErrorCode *)status);
}

// MARK: - Date formatter

cicu_date_formatter *cicu_df_open(const char *locale, const uint16_t *zone,
                                  int32_t zoneLength, const uint16_t *pattern,
                                  int32_t patternLength, int32_t *status) {
  UDateFormat *format =
      udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zone, zoneLength, pattern,
                patternLength, (UErrorCode *)status);
  if (U_FAILURE(*status)) return (cicu_date_formatter *)format;
  // Proleptic Gregorian, as ISO 8601 and the calendar arithmetic are: ICU
  // would switch to the Julian calendar before 1582-10-15, and a date
  // shown would disagree with its ISO column. Other calendars (Japanese,
  // Buddhist…) refuse the change and stay as they are.
  UErrorCode local = U_ZERO_ERROR;
  UCalendar *calendar = ucal_clone(udat_getCalendar(format), &local);
  if (U_SUCCESS(local)) {
    UErrorCode change = U_ZERO_ERROR;
    ucal_setGregorianChange(calendar, -8.64e15, &change);
    // Week fields (w, e, c, Y) count from the first weekday `fw` names.
    cicu_apply_first_weekday(calendar, locale);
    udat_setCalendar(format, calendar);
    ucal_close(calendar);
  }
  return (cicu_date_formatter *)format;
}

cicu_date_formatter *cicu_df_clone(const cicu_date_formatter *formatter,
                                   int32_t *status) {
  return (cicu_date_formatter *)udat_clone((const UDateFormat *)formatter,
                                           (UErrorCode *)status);
}

void cicu_df_close(cicu_date_formatter *formatter) {
  if (formatter) udat_close((UDateFormat *)formatter);
}

void cicu_df_set_capitalization(cicu_date_formatter *formatter,
                                int32_t context, int32_t *status) {
  UDisplayContext value = cicu_capitalization_context(context);
  udat_setContext((UDateFormat *)formatter, value, (UErrorCode *)status);
}

// MARK: - Calendar

cicu_calendar *cicu_cal_open(const uint16_t *zone, int32_t zoneLength,
                             const char *locale, int32_t *status) {
  // Gregorian arithmetic keeps the locale's week data; day boundaries are
  // the same midnight in every ICU calendar system.
  UCalendar *calendar =
      ucal_open(zone, zoneLength, locale, UCAL_GREGORIAN, (UErrorCode *)status);
  if (U_FAILURE(*status)) return NULL;
  // Proleptic Gregorian, so ISO 8601 dates before 1582 mean what they say.
  ucal_setGregorianChange(calendar, -8.64e15, (UErrorCode *)status);
  ucal_setAttribute(calendar, UCAL_LENIENT, 1);
  cicu_apply_first_weekday(calendar, locale);
  ucal_setAttribute(calendar, UCAL_SKIPPED_WALL_TIME, UCAL_WALLTIME_NEXT_VALID);
  ucal_setAttribute(calendar, UCAL_REPEATED_WALL_TIME, UCAL_WALLTIME_FIRST);
  return (cicu_calendar *)calendar;
}

cicu_calendar *cicu_cal_clone(const cicu_calendar *calendar,
                              int32_t *status) {
  return (cicu_calendar *)ucal_clone((const UCalendar *)calendar,
                                     (UErrorCode *)status);
}

void cicu_cal_close(cicu_calendar *calendar) {
  if (calendar) ucal_close((UCalendar *)calendar);
}

int32_t cicu_cal_day_number(cicu_calendar *calendar, double millis,
                            int32_t *status) {
  UCalendar *cal = (UCalendar *)calendar;
  ucal_setMillis(cal, millis, (UErrorCode *)status);
  return ucal_get(cal, UCAL_JULIAN_DAY, (UErrorCode *)status);
}

double cicu_cal_millis_for_local(cicu_calendar *calendar, int32_t year,
                                 int32_t month, int32_t day, int32_t hour,
                                 int32_t minute, int32_t second,
                                 int32_t *status) {
  UCalendar *cal = (UCalendar *)calendar;
  ucal_clear(cal);
  ucal_setDateTime(cal, year, month - 1, day, hour, minute, second,
                   (UErrorCode *)status);
  return ucal_getMillis(cal, (UErrorCode *)status);
}

int32_t cicu_cal_utc_offset(cicu_calendar *calendar, double millis,
                            int32_t *status) {
  UCalendar *cal = (UCalendar *)calendar;
  ucal_setMillis(cal, millis, (UErrorCode *)status);
  return ucal_get(cal, UCAL_ZONE_OFFSET, (UErrorCode *)status) +
         ucal_get(cal, UCAL_DST_OFFSET, (UErrorCode *)status);
}

/// Days from 1970-01-01 to `year`-01-01 in the proleptic Gregorian
/// calendar (Howard Hinnant's days_from_civil, for January 1).
static double cicu_days_to_year(double year) {
  double y = year - 1; // January counts in the year before, from March on
  double era = floor(y / 400);
  double yoe = y - era * 400;
  double doy = 306; // March 1 to January 1
  double doe = yoe * 365 + floor(yoe / 4) - floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/// The UTC year around `millis`: its first instant, and the next year's.
/// Arithmetic, not gmtime_r: glibc's reads `TZ` first, which may name a FIFO.
static void cicu_utc_year_bounds(double millis, double bounds[2]) {
  const double day = 86400000.0;
  double year = floor(millis / day / 365.2425) + 1970;
  while (cicu_days_to_year(year) * day > millis) year -= 1;
  while (cicu_days_to_year(year + 1) * day <= millis) year += 1;
  bounds[0] = cicu_days_to_year(year) * day;
  bounds[1] = cicu_days_to_year(year + 1) * day;
}

int32_t cicu_cal_offset_span(cicu_calendar *calendar, double millis,
                             double *start, double *end, int32_t *status) {
  UCalendar *cal = (UCalendar *)calendar;
  UErrorCode *ec = (UErrorCode *)status;
  int32_t offset = cicu_cal_utc_offset(calendar, millis, status);
  // A zone that cannot list its transitions gives an empty span (NaN
  // bounds contain nothing): the caller asks ICU every time, as before.
  UErrorCode spanStatus = U_ZERO_ERROR;
  UDate transition = 0;
  double previous = ucal_getTimeZoneTransitionDate(
                        cal, UCAL_TZ_TRANSITION_PREVIOUS_INCLUSIVE,
                        &transition, &spanStatus)
                        ? transition
                        : -INFINITY;
  double next = ucal_getTimeZoneTransitionDate(cal, UCAL_TZ_TRANSITION_NEXT,
                                               &transition, &spanStatus)
                    ? transition
                    : INFINITY;
  if (U_FAILURE(*ec) || U_FAILURE(spanStatus) || !(previous <= millis) ||
      !(millis < next)) {
    previous = next = NAN;
  } else {
    // ICU's annual rules answer an offset from the rules of the instant's
    // UTC year (AnnualTimeZoneRule::getPreviousStart), as glibc does: a
    // change the rules put across the turn of the year (`J365/23:45` west
    // of Greenwich) takes effect at 00:00 UTC, though it is listed as a
    // transition at its own instant. A span ends at the turn of the year.
    double year[2];
    cicu_utc_year_bounds(millis, year);
    if (previous < year[0]) previous = year[0];
    if (next > year[1]) next = year[1];
  }
  *start = previous;
  *end = next;
  return offset;
}

int32_t cicu_cal_is_repeated_wall_time(cicu_calendar *calendar, double millis,
                                       int32_t *status) {
  UCalendar *cal = (UCalendar *)calendar;
  UErrorCode *ec = (UErrorCode *)status;
  // Fast path: no offset change within 3 hours either side, so nothing
  // repeats. Every DST shift in the tz database is at most 2 hours; a
  // larger one-off drop (America/Sitka, 1867: about a day) is a
  // historical zone change, where the slow path below is not reached.
  const double window = 3.0 * 3600.0 * 1000.0;
  int32_t here = cicu_cal_utc_offset(calendar, millis, status);
  if (cicu_cal_utc_offset(calendar, millis - window, status) == here &&
      cicu_cal_utc_offset(calendar, millis + window, status) == here) {
    return 0;
  }
  ucal_setMillis(cal, millis, ec);
  int32_t year = ucal_get(cal, UCAL_EXTENDED_YEAR, ec);
  int32_t month = ucal_get(cal, UCAL_MONTH, ec) + 1;
  int32_t day = ucal_get(cal, UCAL_DATE, ec);
  int32_t hour = ucal_get(cal, UCAL_HOUR_OF_DAY, ec);
  int32_t minute = ucal_get(cal, UCAL_MINUTE, ec);
  int32_t second = ucal_get(cal, UCAL_SECOND, ec);
  // Resolve the same wall time with both policies: they differ only when
  // the wall time occurs twice.
  double first = cicu_cal_millis_for_local(calendar, year, month, day, hour,
                                           minute, second, status);
  ucal_setAttribute(cal, UCAL_REPEATED_WALL_TIME, UCAL_WALLTIME_LAST);
  double last = cicu_cal_millis_for_local(calendar, year, month, day, hour,
                                          minute, second, status);
  ucal_setAttribute(cal, UCAL_REPEATED_WALL_TIME, UCAL_WALLTIME_FIRST);
  if (U_FAILURE(*ec)) return 0;
  return first != last;
}

int32_t cicu_cal_first_weekday(const cicu_calendar *calendar) {
  return ucal_getAttribute((const UCalendar *)calendar, UCAL_FIRST_DAY_OF_WEEK);
}

const char *cicu_cal_type(const cicu_calendar *calendar, int32_t *status) {
  return ucal_getType((const UCalendar *)calendar, (UErrorCode *)status);
}

// MARK: - Collation

cicu_collator *cicu_coll_open(const char *locale, int32_t *status) {
  return (cicu_collator *)ucol_open(locale, (UErrorCode *)status);
}

void cicu_coll_close(cicu_collator *collator) {
  if (collator) ucol_close((UCollator *)collator);
}

cicu_collator *cicu_coll_clone(const cicu_collator *collator, int32_t *status) {
#if U_ICU_VERSION_MAJOR_NUM >= 71
  return (cicu_collator *)ucol_clone((const UCollator *)collator, (UErrorCode *)status);
#else
  return (cicu_collator *)ucol_safeClone((const UCollator *)collator, NULL, NULL, (UErrorCode *)status);
#endif
}

const char *cicu_unicode_locale_type(const char *keyword, const char *value) {
  const char *type = uloc_toUnicodeLocaleType(keyword, value);
  return type != NULL ? type : value;
}

int32_t cicu_coll_types(char *out, int32_t capacity, int32_t *status) {
  UErrorCode *ec = (UErrorCode *)status;
  UEnumeration *types = ucol_getKeywordValues("collation", ec);
  if (U_FAILURE(*ec)) return 0;
  int32_t length = 0;
  const char *type;
  int32_t typeLength = 0;
  while ((type = uenum_next(types, &typeLength, ec)) != NULL) {
    int32_t needed = length + (length ? 1 : 0) + typeLength;
    if (needed < capacity) {
      if (length) out[length] = ' ';
      memcpy(out + length + (length ? 1 : 0), type, (size_t)typeLength);
      out[needed] = '\0';
    }
    length = needed;
  }
  uenum_close(types);
  if (U_SUCCESS(*ec) && length >= capacity) *ec = U_BUFFER_OVERFLOW_ERROR;
  return length;
}

int32_t cicu_coll_sort_key(const cicu_collator *collator, const uint16_t *text,
                           int32_t length, uint8_t *out, int32_t capacity) {
  return ucol_getSortKey((const UCollator *)collator, text, length, out,
                         capacity);
}

int32_t cicu_coll_compare_utf8(const cicu_collator *collator, const uint8_t *a,
                               int32_t aLength, const uint8_t *b,
                               int32_t bLength, int32_t *status) {
  return (int32_t)ucol_strcollUTF8((const UCollator *)collator,
                                   (const char *)a, aLength, (const char *)b,
                                   bLength, (UErrorCode *)status);
}

// MARK: - Relative day names

cicu_relative_formatter *cicu_rel_open(const char *locale, int32_t *status) {
  return (cicu_relative_formatter *)ureldatefmt_open(
      locale, NULL, UDAT_STYLE_LONG,
      UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE, (UErrorCode *)status);
}

void cicu_rel_close(cicu_relative_formatter *formatter) {
  if (formatter) ureldatefmt_close((URelativeDateTimeFormatter *)formatter);
}

int32_t cicu_rel_day(const cicu_relative_formatter *formatter, int32_t offset,
                     uint16_t *out, int32_t capacity, int32_t *status) {
  return ureldatefmt_format((const URelativeDateTimeFormatter *)formatter,
                            (double)offset, UDAT_REL_UNIT_DAY, out, capacity,
                            (UErrorCode *)status);
}
