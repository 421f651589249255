// Formatting through a kept calendar. C++ because the C API's udat_format
// always clones the formatter's calendar (and so its time zone) per call;
// DateFormat::format(Calendar&, …) does not.
#include "CICUShim.h"

#include <unicode/calendar.h>
#include <unicode/datefmt.h>
#include <unicode/fieldpos.h>
#include <unicode/unistr.h>
#include <unicode/ustring.h>

using icu::Calendar;
using icu::DateFormat;
using icu::FieldPosition;
using icu::UnicodeString;

extern "C" cicu_calendar *cicu_df_calendar(const cicu_date_formatter *formatter,
                                           int32_t *status) {
  if (U_FAILURE(*reinterpret_cast<UErrorCode *>(status))) return nullptr;
  const DateFormat *format = reinterpret_cast<const DateFormat *>(formatter);
  Calendar *calendar = format->getCalendar()->clone();
  if (calendar == nullptr) *status = U_MEMORY_ALLOCATION_ERROR;
  return reinterpret_cast<cicu_calendar *>(calendar);
}

/// Formats into `text`; false (with *status set) on failure.
static bool format_on(const cicu_date_formatter *formatter,
                      cicu_calendar *calendar, double millis,
                      UnicodeString &text, int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return false;
  Calendar *cal = reinterpret_cast<Calendar *>(calendar);
  cal->setTime(millis, *ec);
  if (U_FAILURE(*ec)) return false;
  FieldPosition position(FieldPosition::DONT_CARE);
  reinterpret_cast<const DateFormat *>(formatter)->format(*cal, text, position);
  return true;
}

extern "C" int32_t cicu_df_format(const cicu_date_formatter *formatter,
                                  cicu_calendar *calendar, double millis,
                                  uint16_t *out, int32_t capacity,
                                  int32_t *status) {
  UnicodeString text;
  if (!format_on(formatter, calendar, millis, text, status)) return 0;
  return text.extract(reinterpret_cast<UChar *>(out), capacity,
                      *reinterpret_cast<UErrorCode *>(status));
}

extern "C" int32_t cicu_df_format_utf8(const cicu_date_formatter *formatter,
                                       cicu_calendar *calendar, double millis,
                                       char *out, int32_t capacity,
                                       int32_t *status) {
  UnicodeString text;
  if (!format_on(formatter, calendar, millis, text, status)) return 0;
  int32_t written = 0;
  u_strToUTF8(out, capacity, &written, text.getBuffer(), text.length(),
              reinterpret_cast<UErrorCode *>(status));
  return written;
}
