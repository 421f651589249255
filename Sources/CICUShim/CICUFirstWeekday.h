// Private to the shim (not in include/: it names ICU types).
#ifndef CICU_FIRST_WEEKDAY_H
#define CICU_FIRST_WEEKDAY_H

#include <unicode/ucal.h>

/// Sets `calendar`'s first day of the week from `locale`'s `fw` keyword
/// (`en_US@fw=mon`, BCP 47 `-u-fw-mon`), when it has one. ICU 72 reads
/// the first weekday from the region's week data only and ignores `fw`
/// (UTS #35 says `fw` overrides it), so every calendar the shim opens
/// from a locale goes through this. Other minimal-days settings stay the
/// region's. An unknown value changes nothing: the Swift side refuses it
/// before any calendar is opened.
void cicu_apply_first_weekday(UCalendar *calendar, const char *locale);

#endif
