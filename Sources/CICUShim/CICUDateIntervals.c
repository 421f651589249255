// Date ranges through ICU's date-interval formatter (udtitvfmt). See
// include/CICUShim.h for the contract; comments here only say why.
#include "CICUShim.h"
#include "CICUDisplayContext.h"
#include "CICUFirstWeekday.h"

#include <stdlib.h>
#include <unicode/ucal.h>
#include <unicode/udateintervalformat.h>
#include <unicode/uformattedvalue.h>

struct cicu_interval_formatter {
  UDateIntervalFormat *format;
  // The range's ends, formatted through calendars of the formatter's type
  // that are proleptic Gregorian, as the rest of the shim is.
  UCalendar *from;
  UCalendar *to;
  UFormattedDateInterval *result;
};

static UCalendar *open_end(const char *locale, UErrorCode *status) {
  UCalendar *calendar = ucal_open(u"UTC", -1, locale, UCAL_DEFAULT, status);
  if (U_FAILURE(*status)) return calendar;
  // Non-Gregorian calendars refuse the change and stay as they are.
  UErrorCode local = U_ZERO_ERROR;
  ucal_setGregorianChange(calendar, -8.64e15, &local);
  cicu_apply_first_weekday(calendar, locale);
  return calendar;
}

cicu_interval_formatter *cicu_itv_open(const char *locale,
                                       const uint16_t *skeleton,
                                       int32_t length, int32_t *status) {
  UErrorCode *ec = (UErrorCode *)status;
  if (U_FAILURE(*ec)) return NULL;
  cicu_interval_formatter *formatter = calloc(1, sizeof *formatter);
  if (formatter == NULL) {
    *ec = U_MEMORY_ALLOCATION_ERROR;
    return NULL;
  }
  // UTC: a civil date is formatted from its noon in UTC, whatever the report's zone.
  formatter->format = udtitvfmt_open(locale, skeleton, length, u"UTC", -1, ec);
  formatter->from = open_end(locale, ec);
  formatter->to = open_end(locale, ec);
  formatter->result = udtitvfmt_openResult(ec);
  if (U_FAILURE(*ec)) {
    cicu_itv_close(formatter);
    return NULL;
  }
  return formatter;
}

void cicu_itv_close(cicu_interval_formatter *formatter) {
  if (formatter == NULL) return;
  if (formatter->format) udtitvfmt_close(formatter->format);
  if (formatter->from) ucal_close(formatter->from);
  if (formatter->to) ucal_close(formatter->to);
  if (formatter->result) udtitvfmt_closeResult(formatter->result);
  free(formatter);
}

void cicu_itv_set_capitalization(cicu_interval_formatter *formatter,
                                 int32_t context, int32_t *status) {
  UDisplayContext value = cicu_capitalization_context(context);
  udtitvfmt_setContext(formatter->format, value, (UErrorCode *)status);
}

int32_t cicu_itv_format(cicu_interval_formatter *formatter, double fromMillis,
                        double toMillis, uint16_t *out, int32_t capacity,
                        int32_t *status) {
  UErrorCode *ec = (UErrorCode *)status;
  if (U_FAILURE(*ec)) return 0;
  ucal_setMillis(formatter->from, fromMillis, ec);
  ucal_setMillis(formatter->to, toMillis, ec);
  udtitvfmt_formatCalendarToResult(formatter->format, formatter->from,
                                   formatter->to, formatter->result, ec);
  const UFormattedValue *value = udtitvfmt_resultAsValue(formatter->result, ec);
  int32_t length = 0;
  const UChar *text = ufmtval_getString(value, &length, ec);
  if (U_FAILURE(*ec)) return 0;
  if (length > capacity) {
    *ec = U_BUFFER_OVERFLOW_ERROR;
    return length;
  }
  for (int32_t i = 0; i < length; i++) out[i] = text[i];
  return length;
}
