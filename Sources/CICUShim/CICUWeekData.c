// The locale's week, from CLDR's weekData as ICU's calendar holds it. See
// include/CICUShim.h for the contract; comments here only say why.
#include "CICUShim.h"
#include "CICUFirstWeekday.h"

#include <string.h>
#include <unicode/ucal.h>
#include <unicode/uloc.h>

// The header promises ICU's weekday types by number.
_Static_assert(CICU_WEEKDAY == UCAL_WEEKDAY, "UCAL_WEEKDAY");
_Static_assert(CICU_WEEKEND == UCAL_WEEKEND, "UCAL_WEEKEND");
_Static_assert(CICU_WEEKEND_ONSET == UCAL_WEEKEND_ONSET, "UCAL_WEEKEND_ONSET");
_Static_assert(CICU_WEEKEND_CEASE == UCAL_WEEKEND_CEASE, "UCAL_WEEKEND_CEASE");

int32_t cicu_cal_day_of_week_type(const cicu_calendar *calendar,
                                  int32_t dayOfWeek, int32_t *transitionMillis,
                                  int32_t *status) {
  *transitionMillis = -1;
  if (U_FAILURE(*(UErrorCode *)status)) return CICU_WEEKDAY;
  if (dayOfWeek < UCAL_SUNDAY || dayOfWeek > UCAL_SATURDAY) {
    *status = U_ILLEGAL_ARGUMENT_ERROR;
    return CICU_WEEKDAY;
  }
  const UCalendar *cal = (const UCalendar *)calendar;
  UCalendarDaysOfWeek day = (UCalendarDaysOfWeek)dayOfWeek;
  UCalendarWeekdayType type = ucal_getDayOfWeekType(cal, day, (UErrorCode *)status);
  if (U_FAILURE(*(UErrorCode *)status)) return CICU_WEEKDAY;
  if (type == UCAL_WEEKEND_ONSET || type == UCAL_WEEKEND_CEASE) {
    *transitionMillis = ucal_getWeekendTransition(cal, day, (UErrorCode *)status);
  }
  return (int32_t)type;
}

void cicu_apply_first_weekday(UCalendar *calendar, const char *locale) {
  static const char *const names[] = {"sun", "mon", "tue", "wed",
                                      "thu", "fri", "sat"};
  if (calendar == NULL || locale == NULL) return;
  char value[16];
  UErrorCode status = U_ZERO_ERROR;
  int32_t length =
      uloc_getKeywordValue(locale, "fw", value, sizeof value, &status);
  if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING ||
      length <= 0) {
    return;
  }
  for (int32_t day = 0; day < 7; day++) {
    if (strcmp(value, names[day]) == 0) {
      ucal_setAttribute(calendar, UCAL_FIRST_DAY_OF_WEEK, UCAL_SUNDAY + day);
      return;
    }
  }
}
