// ICU time zones built from the system's TZif files (RFC 8536), so dates
// follow the machine's tz database rather than the copy frozen into
// libicudata (ICU 72 carries tz 2022e). C++ because RuleBasedTimeZone and
// its rule classes exist only in ICU's C++ API; the interface stays the C
// one declared in CICUShim.h.
//
// Sources followed:
// - RFC 8536 "The Time Zone Information Format (TZif)", §3 (header, data
//   block, footer) and §3.3.1 (TZ string extensions: hours up to 167 and
//   negative transition times).
// - POSIX.1-2017 XBD §8.3, the TZ environment variable (`std offset dst
//   [offset],start[/time],end[/time]`, offsets positive west of Greenwich).
// - ICU 72 `rbtz.h`, `tzrule.h`, `dtrule.h`: RuleBasedTimeZone,
//   InitialTimeZoneRule, TimeArrayTimeZoneRule, AnnualTimeZoneRule,
//   DateTimeRule; and `rbtz.cpp` (RuleBasedTimeZone::complete), whose
//   merging of historic and final rules is why the final rules start only
//   after every explicit transition.
//
// Every count, index and offset read from the file is bounds-checked: the
// bytes come from the file system and are treated as untrusted. Anything
// that cannot be represented exactly is refused with an error status, and
// the Swift caller falls back to ICU's own zone.
#include "CICUShim.h"

#include <unicode/basictz.h>
#include <unicode/calendar.h>
#include <unicode/datefmt.h>
#include <unicode/dtrule.h>
#include <unicode/rbtz.h>
#include <unicode/tzrule.h>
#include <unicode/tztrans.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

using icu::AnnualTimeZoneRule;
using icu::DateTimeRule;
using icu::InitialTimeZoneRule;
using icu::RuleBasedTimeZone;
using icu::TimeArrayTimeZoneRule;
using icu::TimeZone;
using icu::UnicodeString;

namespace {

constexpr int64_t kSecondsPerDay = 86400;
// Transitions before this (about 34,800 years before 1970) only fix the
// type in force at the start of time: zic's "fat" files begin with one at
// -2^59 s, far outside ICU's date range (±1.8e17 ms).
constexpr int64_t kEarliestTransition = -(int64_t(1) << 40);
constexpr int64_t kLatestTransition = int64_t(1) << 40;
// RFC 8536 §3.2: utoff SHOULD be in [-89999, 93599] (−24:59:59…+25:59:59).
constexpr int32_t kMinOffset = -89999;
constexpr int32_t kMaxOffset = 93599;
constexpr uint32_t kMaxTransitions = 4096;
// The footer is one line; real ones are under 60 characters.
constexpr int64_t kMaxFooterLength = 256;

// MARK: Reading the file

/// A bounds-checked big-endian reader over the file's bytes. A read past
/// the end returns 0 and sets the sticky `failed` flag instead of reading
/// outside the buffer; parseTZif refuses the file when it is set.
struct Reader {
  const uint8_t *bytes;
  int64_t length;
  int64_t position = 0;
  bool failed = false;

  bool has(int64_t count) const {
    return count >= 0 && position >= 0 && position <= length && count <= length - position;
  }
  uint32_t u32() {
    if (!has(4)) {
      failed = true;
      return 0;
    }
    const uint8_t *p = bytes + position;
    position += 4;
    return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) |
           (uint32_t(p[2]) << 8) | uint32_t(p[3]);
  }
  int64_t i64() {
    uint64_t high = u32();
    uint64_t low = u32();
    return int64_t((high << 32) | low);
  }
};

/// RFC 8536 §3.1 header counts.
struct Header {
  uint8_t version = 0;
  uint32_t isutcnt = 0, isstdcnt = 0, leapcnt = 0, timecnt = 0, typecnt = 0,
           charcnt = 0;
};

bool readHeader(Reader &reader, Header &header) {
  if (!reader.has(44)) return false;
  const uint8_t *p = reader.bytes + reader.position;
  if (p[0] != 'T' || p[1] != 'Z' || p[2] != 'i' || p[3] != 'f') return false;
  header.version = p[4];
  reader.position += 20;  // magic, version, 15 unused bytes
  header.isutcnt = reader.u32();
  header.isstdcnt = reader.u32();
  header.leapcnt = reader.u32();
  header.timecnt = reader.u32();
  header.typecnt = reader.u32();
  header.charcnt = reader.u32();
  // §3.1: typecnt and charcnt MUST NOT be zero; isutcnt and isstdcnt are
  // zero or typecnt.
  if (header.typecnt == 0 || header.charcnt == 0) return false;
  // Transition type indices are one octet, so more than 256 types is not
  // TZif. The busiest real file (Asia/Hebron, 2025b) has 310 transitions;
  // the cap keeps RuleBasedTimeZone::complete (quadratic in transitions)
  // fast on hostile input.
  if (header.typecnt > 256 || header.timecnt > kMaxTransitions) return false;
  if (header.isutcnt != 0 && header.isutcnt != header.typecnt) return false;
  if (header.isstdcnt != 0 && header.isstdcnt != header.typecnt) return false;
  return true;
}

/// The size of a data block (§3.2) whose times are `timeSize` bytes wide.
int64_t blockSize(const Header &h, int64_t timeSize) {
  return int64_t(h.timecnt) * timeSize + int64_t(h.timecnt) +
         int64_t(h.typecnt) * 6 + int64_t(h.charcnt) +
         int64_t(h.leapcnt) * (timeSize + 4) + int64_t(h.isstdcnt) +
         int64_t(h.isutcnt);
}

/// A local time type (§3.2 ttinfo), with its designation resolved.
struct LocalTimeType {
  int32_t utoff;  // seconds east of UT
  bool isdst;
  std::string abbreviation;
  bool operator==(const LocalTimeType &o) const {
    return utoff == o.utoff && isdst == o.isdst &&
           abbreviation == o.abbreviation;
  }
};

/// The parsed 64-bit data block and footer.
struct TZifData {
  std::vector<int64_t> times;    // transition instants, s since 1970 UT
  std::vector<uint8_t> indices;  // type index for each transition
  std::vector<LocalTimeType> types;
  std::string footer;            // POSIX TZ string, possibly empty
};

bool isDesignationChar(uint8_t c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         (c >= '0' && c <= '9') || c == '+' || c == '-';
}

/// Parses a TZif file of version 2 or later: skips the 32-bit block and
/// reads the 64-bit block and the footer. Sets `*ec` to
/// U_INVALID_FORMAT_ERROR for a malformed or truncated file and to
/// U_UNSUPPORTED_ERROR for a version 1 file or leap-second records.
bool parseTZif(const uint8_t *bytes, int64_t length, TZifData &data,
               UErrorCode &ec) {
  Reader reader{bytes, length};
  Header v1;
  if (!readHeader(reader, v1)) {
    ec = U_INVALID_FORMAT_ERROR;
    return false;
  }
  // Version 1 files have no 64-bit data and no footer.
  if (v1.version != '2' && v1.version != '3' && v1.version != '4') {
    ec = v1.version == 0 ? U_UNSUPPORTED_ERROR : U_INVALID_FORMAT_ERROR;
    return false;
  }
  int64_t skip = blockSize(v1, 4);
  if (!reader.has(skip)) {
    ec = U_INVALID_FORMAT_ERROR;
    return false;
  }
  reader.position += skip;
  Header h;
  if (!readHeader(reader, h) || h.version != v1.version) {
    ec = U_INVALID_FORMAT_ERROR;
    return false;
  }
  if (!reader.has(blockSize(h, 8))) {
    ec = U_INVALID_FORMAT_ERROR;
    return false;
  }
  // Leap-second files ("right/…") count TAI-like seconds; ICU zones cannot
  // express that, so they are refused rather than shifted.
  if (h.leapcnt != 0) {
    ec = U_UNSUPPORTED_ERROR;
    return false;
  }
  data.times.reserve(h.timecnt);
  for (uint32_t i = 0; i < h.timecnt; i++) {
    int64_t t = reader.i64();
    // §3.2: transition times are in strictly ascending order.
    if (!data.times.empty() && t <= data.times.back()) {
      ec = U_INVALID_FORMAT_ERROR;
      return false;
    }
    data.times.push_back(t);
  }
  data.indices.assign(bytes + reader.position,
                      bytes + reader.position + h.timecnt);
  reader.position += h.timecnt;
  for (uint8_t index : data.indices) {
    if (index >= h.typecnt) {
      ec = U_INVALID_FORMAT_ERROR;
      return false;
    }
  }
  const int64_t typesAt = reader.position;
  const int64_t charsAt = typesAt + int64_t(h.typecnt) * 6;
  const uint8_t *chars = bytes + charsAt;
  for (uint32_t i = 0; i < h.typecnt; i++) {
    reader.position = typesAt + int64_t(i) * 6;
    int32_t utoff = int32_t(reader.u32());
    uint8_t isdst = bytes[reader.position];
    uint8_t desigidx = bytes[reader.position + 1];
    if (utoff < kMinOffset || utoff > kMaxOffset || isdst > 1 ||
        desigidx >= h.charcnt) {
      ec = U_INVALID_FORMAT_ERROR;
      return false;
    }
    // The designation runs to a NUL that must lie inside the chars.
    std::string abbreviation;
    uint32_t j = desigidx;
    while (j < h.charcnt && chars[j] != 0) {
      if (!isDesignationChar(chars[j])) {
        ec = U_INVALID_FORMAT_ERROR;
        return false;
      }
      abbreviation.push_back(char(chars[j]));
      j++;
    }
    if (j >= h.charcnt || abbreviation.empty()) {
      ec = U_INVALID_FORMAT_ERROR;
      return false;
    }
    data.types.push_back({utoff, isdst == 1, abbreviation});
  }
  // Leap records (none), standard/wall and UT/local indicators: these only
  // matter for POSIX TZ strings without rules, which the footer never is.
  reader.position = charsAt + int64_t(h.charcnt) + int64_t(h.isstdcnt) +
                    int64_t(h.isutcnt);
  // §3.3: the footer is a newline, the TZ string, a newline.
  if (!reader.has(2) || bytes[reader.position] != '\n') {
    ec = U_INVALID_FORMAT_ERROR;
    return false;
  }
  reader.position++;
  int64_t end = reader.position;
  while (end < length && bytes[end] != '\n') {
    if (end - reader.position >= kMaxFooterLength || bytes[end] < 0x20 ||
        bytes[end] > 0x7e) {
      ec = U_INVALID_FORMAT_ERROR;
      return false;
    }
    end++;
  }
  if (end >= length) {
    ec = U_INVALID_FORMAT_ERROR;
    return false;
  }
  if (reader.failed) {  // a read ran past the end (the checks above should prevent it)
    ec = U_INVALID_FORMAT_ERROR;
    return false;
  }
  data.footer.assign(reinterpret_cast<const char *>(bytes + reader.position),
                     size_t(end - reader.position));
  return true;
}

// MARK: The POSIX TZ footer

/// `Mm.w.d/time`: day `d` (0 = Sunday) of week `w` (5 = last) of month `m`,
/// or `Jn/time`: day `n` (1–365) of the year, February 29 never counted
/// (`julian` > 0); at `time` seconds of local time (RFC 8536 §3.3.1:
/// −167…+167 hours).
struct PosixDate {
  int month = 0, week = 0, weekday = 0;
  int julian = 0;
  int64_t time = 7200;
};

struct PosixTZ {
  std::string stdName, dstName;
  int32_t stdOffset = 0;  // seconds EAST of UT (POSIX writes west)
  int32_t dstOffset = 0;
  bool hasDST = false;
  PosixDate start, end;
};

struct Cursor {
  const std::string &text;
  size_t position = 0;
  bool atEnd() const { return position >= text.size(); }
  char peek() const { return atEnd() ? '\0' : text[position]; }
};

bool parseName(Cursor &c, std::string &name) {
  if (c.peek() == '<') {
    c.position++;
    size_t from = c.position;
    while (!c.atEnd() && c.peek() != '>') {
      char ch = c.peek();
      if (!isDesignationChar(uint8_t(ch))) return false;
      c.position++;
    }
    if (c.atEnd()) return false;
    name = c.text.substr(from, c.position - from);
    c.position++;  // '>'
  } else {
    size_t from = c.position;
    while ((c.peek() >= 'A' && c.peek() <= 'Z') ||
           (c.peek() >= 'a' && c.peek() <= 'z')) {
      c.position++;
    }
    name = c.text.substr(from, c.position - from);
  }
  return name.size() >= 3;
}

/// Parses `[+-]hh[:mm[:ss]]` with hours up to `maxHours`, into seconds.
bool parseClock(Cursor &c, int maxHours, int64_t &seconds) {
  int sign = 1;
  if (c.peek() == '+' || c.peek() == '-') {
    sign = c.peek() == '-' ? -1 : 1;
    c.position++;
  }
  int64_t parts[3] = {0, 0, 0};
  for (int part = 0; part < 3; part++) {
    if (part > 0) {
      if (c.peek() != ':') break;
      c.position++;
    }
    int digits = 0;
    int64_t value = 0;
    while (c.peek() >= '0' && c.peek() <= '9') {
      if (++digits > 3) return false;
      value = value * 10 + (c.peek() - '0');
      c.position++;
    }
    if (digits == 0) return false;
    if (part == 0 ? value > maxHours : (digits != 2 || value > 59)) return false;
    parts[part] = value;
  }
  seconds = sign * (parts[0] * 3600 + parts[1] * 60 + parts[2]);
  return true;
}

bool parseNumber(Cursor &c, int low, int high, int &value, int maxDigits = 2) {
  int digits = 0;
  value = 0;
  while (c.peek() >= '0' && c.peek() <= '9') {
    if (++digits > maxDigits) return false;
    value = value * 10 + (c.peek() - '0');
    c.position++;
  }
  return digits > 0 && value >= low && value <= high;
}

/// `Mm.w.d` and `Jn`. The zero-based `n` is refused: from day 59 on its
/// date moves with leap years, which no annual ICU rule expresses (the
/// Swift side writes the days before 59 as `Jn+1`).
bool parseDate(Cursor &c, PosixDate &date) {
  if (c.peek() == 'J') {
    c.position++;
    if (!parseNumber(c, 1, 365, date.julian, 3)) return false;
  } else {
    if (c.peek() != 'M') return false;
    c.position++;
    if (!parseNumber(c, 1, 12, date.month) || c.peek() != '.') return false;
    c.position++;
    if (!parseNumber(c, 1, 5, date.week) || c.peek() != '.') return false;
    c.position++;
    if (!parseNumber(c, 0, 6, date.weekday)) return false;
  }
  date.time = 7200;  // POSIX default 02:00:00
  if (c.peek() == '/') {
    c.position++;
    if (!parseClock(c, 167, date.time)) return false;
  }
  return true;
}

/// Parses the footer's TZ string. Returns false for anything other than
/// `std offset` or `std offset dst [offset],Mm.w.d[/time],Mm.w.d[/time]`.
bool parsePosixTZ(const std::string &text, PosixTZ &tz) {
  Cursor c{text};
  int64_t west = 0;
  if (!parseName(c, tz.stdName) || !parseClock(c, 24, west)) return false;
  tz.stdOffset = int32_t(-west);
  if (c.atEnd()) return true;
  if (!parseName(c, tz.dstName)) return false;
  tz.hasDST = true;
  tz.dstOffset = tz.stdOffset + 3600;  // POSIX: one hour ahead by default
  if (c.peek() != ',') {
    if (!parseClock(c, 24, west)) return false;
    tz.dstOffset = int32_t(-west);
  }
  // Without rules the DST dates are implementation-defined: refuse.
  if (c.peek() != ',') return false;
  c.position++;
  if (!parseDate(c, tz.start) || c.peek() != ',') return false;
  c.position++;
  if (!parseDate(c, tz.end)) return false;
  return c.atEnd();
}

// MARK: Gregorian arithmetic (proleptic, UT)

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

bool isLeapYear(int64_t y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int monthLength(int64_t year, int month) {
  static const int lengths[12] = {31, 28, 31, 30, 31, 30,
                                  31, 31, 30, 31, 30, 31};
  return month == 2 && isLeapYear(year) ? 29 : lengths[month - 1];
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
/// days_from_civil).
int64_t daysFromCivil(int64_t y, int m, int d) {
  y -= m <= 2;
  int64_t era = floorDiv(y, 400);
  int64_t yoe = y - era * 400;
  int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

int64_t yearOfSeconds(int64_t seconds) {
  int64_t z = floorDiv(seconds, kSecondsPerDay) + 719468;
  int64_t era = floorDiv(z, 146097);
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  return yoe + era * 400 + (mp >= 10 ? 1 : 0);
}

/// The month (1–12) and day of `Jn` (1–365, February 29 not counted).
void julianMonthDay(int julian, int &month, int &day) {
  month = 1;
  day = julian;
  while (day > monthLength(2001, month)) day -= monthLength(2001, month++);
}

/// The instant (s since 1970 UT) of a POSIX rule date in `year`, whose
/// time is local time at `offsetBefore` seconds east of UT.
int64_t posixTransition(int64_t year, const PosixDate &date,
                        int32_t offsetBefore) {
  if (date.julian > 0) {
    int month, day;
    julianMonthDay(date.julian, month, day);
    return daysFromCivil(year, month, day) * kSecondsPerDay + date.time - offsetBefore;
  }
  int64_t first = daysFromCivil(year, date.month, 1);
  // 1970-01-01 was a Thursday; 0 = Sunday.
  int weekdayOfFirst = int(((first + 4) % 7 + 7) % 7);
  int day = 1 + (date.weekday - weekdayOfFirst + 7) % 7 + 7 * (date.week - 1);
  while (day > monthLength(year, date.month)) day -= 7;
  return (first + day - 1) * kSecondsPerDay + date.time - offsetBefore;
}

// MARK: POSIX dates → ICU DateTimeRule

/// Converts `Mm.w.d/time` to an ICU DateTimeRule (WALL_TIME), exactly.
/// ICU wants the time of day in [0, 24 h); a time outside that moves the
/// day, which is expressed with ICU's "weekday on or after / on or before
/// a day of month" forms (dtrule.h DOW_GEQ_DOM, DOW_LEQ_DOM). Returns
/// nullptr when no form is exact (the last week of February shifted by
/// days, or a shift that could cross a year boundary).
DateTimeRule *makeDateTimeRule(const PosixDate &date) {
  int64_t shift = floorDiv(date.time, kSecondsPerDay);
  int32_t millis = int32_t((date.time - shift * kSecondsPerDay) * 1000);
  if (date.julian > 0) {
    // `Jn` is a fixed date; a time that moves the day gives another one,
    // unless it crosses the year's end or February 28 / March 1 (a leap
    // year's February 29 lies between them).
    int64_t shifted = date.julian + shift;
    if (shifted < 1 || shifted > 365 || (date.julian <= 59) != (shifted <= 59)) return nullptr;
    int month, day;
    julianMonthDay(int(shifted), month, day);
    return new DateTimeRule(month - 1, day, millis, DateTimeRule::WALL_TIME);
  }
  int month0 = date.month - 1;  // ICU months are 0-based (UCAL_JANUARY = 0)
  if (shift == 0) {
    int week = date.week == 5 ? -1 : date.week;
    return new DateTimeRule(month0, week, date.weekday + 1, millis,
                            DateTimeRule::WALL_TIME);
  }
  int weekday = int(((date.weekday + shift) % 7 + 7) % 7) + 1;  // ICU 1 = Sunday
  // The unshifted rule falls on one of seven consecutive days [low, high]
  // of the month; the shifted one on [low + shift, high + shift], the one
  // day of that span that is `weekday`.
  int64_t low, high;
  if (date.week == 5) {
    // Months other than February have a fixed length.
    if (date.month == 2) return nullptr;
    int length = monthLength(2001, date.month);
    low = length - 6;
    high = length;
  } else {
    low = 7 * (date.week - 1) + 1;
    high = 7 * date.week;
  }
  low += shift;
  high += shift;
  // The day must stay inside the rule's year, or ICU's getNextStart (which
  // looks up rules by the UT year of its base time) could skip it.
  if ((date.month == 1 && low < 1) || (date.month == 12 && high > 31)) {
    return nullptr;
  }
  if (low >= 1 && low <= 28) {
    return new DateTimeRule(month0, int(low), weekday, true, millis,
                            DateTimeRule::WALL_TIME);
  }
  if (high >= 1 && high <= 28) {
    return new DateTimeRule(month0, int(high), weekday, false, millis,
                            DateTimeRule::WALL_TIME);
  }
  // For the last week with a positive shift, [low, high] ends past the
  // month's end; "on or after low" still names the same single day.
  if (low >= 1 && low <= monthLength(2001, date.month)) {
    return new DateTimeRule(month0, int(low), weekday, true, millis,
                            DateTimeRule::WALL_TIME);
  }
  // The first week moved back seven days ([-6, 0]) is the last seven days
  // of the month before (January was refused above): its last `weekday`.
  if (high == 0) {
    return new DateTimeRule(month0 - 1, -1, weekday, millis,
                            DateTimeRule::WALL_TIME);
  }
  return nullptr;
}

// MARK: Periods → ICU rules

/// One stretch of constant local time type, from `start` (s since 1970 UT;
/// the first period has no start) to the next period.
struct Period {
  int64_t start;
  LocalTimeType type;
  int32_t raw = 0;   // ICU raw (standard) offset, seconds
  int32_t save = 0;  // ICU DST saving, seconds
};

/// TZif gives the total offset and an isdst flag; ICU wants raw offset
/// and DST saving. The saving is the offset minus the standard offset in
/// force around the period: the previous period if standard, else the
/// next one, else the nearest standard period before or after (British
/// double summer time follows summer time); the first of these that gives
/// a non-zero saving (Grand Turk's 2018 EDT follows AST at the same
/// offset; CPython's zoneinfo also looks on), else one hour.
///
/// `footerSaving` is the footer's DST saving (0 without DST): the periods
/// after the last one continue with it.
void splitOffsets(std::vector<Period> &periods, int32_t footerSaving) {
  const size_t n = periods.size();
  for (size_t i = 0; i < n; i++) {
    Period &p = periods[i];
    if (!p.type.isdst) {
      p.raw = p.type.utoff;
      p.save = 0;
      continue;
    }
    std::vector<size_t> candidates;
    if (i > 0 && !periods[i - 1].type.isdst) candidates.push_back(i - 1);
    if (i + 1 < n && !periods[i + 1].type.isdst) candidates.push_back(i + 1);
    for (size_t j = i; j-- > 0;) {
      if (!periods[j].type.isdst) {
        candidates.push_back(j);
        break;
      }
    }
    for (size_t j = i + 1; j < n; j++) {
      if (!periods[j].type.isdst) {
        candidates.push_back(j);
        break;
      }
    }
    p.save = 3600;
    for (size_t j : candidates) {
      int32_t save = p.type.utoff - periods[j].type.utoff;
      if (save != 0) {
        p.save = save;
        break;
      }
    }
    p.raw = p.type.utoff - p.save;
  }
  // Negative DST (Europe/Dublin's winter GMT, Africa/Casablanca's Ramadan
  // +00 in the main tz format): ICU's data and CLDR's names use the
  // "rearguard" form, where that period is standard time and the standard
  // period before it is summer time. Total offsets are unchanged; only the
  // standard/daylight labels follow ICU's. A standard period after the
  // last negative one stays standard (Africa/Windhoek since 2017).
  std::vector<bool> negative(n, false);
  for (size_t i = 0; i < n; i++) negative[i] = periods[i].save < 0;
  for (size_t i = 0; i < n; i++) {
    if (negative[i]) {
      periods[i].raw = periods[i].type.utoff;
      periods[i].save = 0;
    }
  }
  for (size_t j = 0; j < n; j++) {
    Period &p = periods[j];
    if (p.type.isdst) continue;
    int32_t next = 0;
    if (j + 1 < n && negative[j + 1]) {
      next = periods[j + 1].type.utoff - p.type.utoff;
    } else if (j + 1 == n) {
      next = footerSaving;
    }
    if (next < 0) {
      p.raw = p.type.utoff + next;
      p.save = -next;
    }
  }
}

UnicodeString ruleName(const std::string &abbreviation) {
  return UnicodeString(abbreviation.c_str(), int32_t(abbreviation.size()),
                       US_INV);
}

/// Builds the ICU zone. `*ec` receives U_INVALID_FORMAT_ERROR or
/// U_UNSUPPORTED_ERROR for a file that cannot be converted exactly.
RuleBasedTimeZone *buildZone(const UnicodeString &id, const TZifData &data,
                             UErrorCode &ec) {
  PosixTZ posix;
  bool hasFooter = !data.footer.empty();
  if (hasFooter && !parsePosixTZ(data.footer, posix)) {
    ec = U_UNSUPPORTED_ERROR;
    return nullptr;
  }

  // Periods: the type before the first transition (RFC 8536 §3.2: type 0),
  // then one per transition. Transitions before kEarliestTransition only
  // replace the initial type.
  std::vector<Period> periods;
  periods.push_back({INT64_MIN, data.types[0]});
  for (size_t i = 0; i < data.times.size(); i++) {
    const LocalTimeType &type = data.types[data.indices[i]];
    if (data.times[i] < kEarliestTransition) {
      periods[0].type = type;
      continue;
    }
    if (data.times[i] > kLatestTransition) {
      ec = U_UNSUPPORTED_ERROR;
      return nullptr;
    }
    periods.push_back({data.times[i], type});
  }

  // §3.3: the footer governs instants at and after the last transition.
  // It must agree with the last transition's type; otherwise zic did not
  // write this file and the exact meaning is doubtful.
  int64_t lastYear = INT64_MIN;
  if (hasFooter && posix.hasDST) {
    DateTimeRule *startRule = makeDateTimeRule(posix.start);
    DateTimeRule *endRule = makeDateTimeRule(posix.end);
    bool convertible = startRule && endRule;
    delete startRule;
    delete endRule;
    if (!convertible) {
      ec = U_UNSUPPORTED_ERROR;
      return nullptr;
    }
    LocalTimeType standard{posix.stdOffset, false, posix.stdName};
    LocalTimeType daylight{posix.dstOffset, true, posix.dstName};
    const bool hasTransitions = periods.size() > 1;
    // Without explicit transitions the footer governs all time; its rules
    // then start in year 1, the type before them being the one in force
    // at the end of a year.
    const int64_t last = hasTransitions ? periods.back().start : INT64_MIN;
    lastYear = hasTransitions ? yearOfSeconds(last) : 0;
    std::vector<std::pair<int64_t, LocalTimeType>> footerTransitions;
    for (int64_t y = lastYear - 1; y <= lastYear; y++) {
      footerTransitions.push_back(
          {posixTransition(y, posix.start, posix.stdOffset), daylight});
      footerTransitions.push_back(
          {posixTransition(y, posix.end, posix.dstOffset), standard});
    }
    std::sort(
        footerTransitions.begin(), footerTransitions.end(),
        [](const auto &a, const auto &b) { return a.first < b.first; });
    if (hasTransitions) {
      // The footer's type at the last transition must be the file's.
      const LocalTimeType *inForce = nullptr;
      for (const auto &t : footerTransitions) {
        if (t.first <= last) inForce = &t.second;
      }
      if (inForce == nullptr || !(*inForce == periods.back().type)) {
        ec = U_INVALID_FORMAT_ERROR;
        return nullptr;
      }
      // The rest of the last year comes from the footer as explicit
      // transitions, so that the annual rules start on a year boundary
      // after every explicit transition.
      for (const auto &t : footerTransitions) {
        if (t.first > last) periods.push_back({t.first, t.second});
      }
    } else {
      periods[0].type = footerTransitions.back().second;
    }
  } else if (hasFooter && periods.size() > 1 &&
             !(LocalTimeType{posix.stdOffset, false, posix.stdName} ==
               periods.back().type)) {
    ec = U_INVALID_FORMAT_ERROR;
    return nullptr;
  } else if (hasFooter && periods.size() == 1) {
    periods[0].type = {posix.stdOffset, false, posix.stdName};
  }

  splitOffsets(periods, hasFooter && posix.hasDST
                            ? posix.dstOffset - posix.stdOffset : 0);

  // One TimeArrayTimeZoneRule per (raw, save, abbreviation).
  using Key = std::tuple<int32_t, int32_t, std::string>;
  std::map<Key, std::vector<UDate>> starts;
  for (size_t i = 1; i < periods.size(); i++) {
    const Period &p = periods[i];
    starts[Key(p.raw, p.save, p.type.abbreviation)].push_back(
        double(p.start) * 1000.0);
  }

  std::unique_ptr<RuleBasedTimeZone> zone(new RuleBasedTimeZone(
      id, new InitialTimeZoneRule(ruleName(periods[0].type.abbreviation),
                                  periods[0].raw * 1000,
                                  periods[0].save * 1000)));
  for (const auto &entry : starts) {
    const Key &key = entry.first;
    zone->addTransitionRule(
        new TimeArrayTimeZoneRule(ruleName(std::get<2>(key)),
                                  std::get<0>(key) * 1000,
                                  std::get<1>(key) * 1000, entry.second.data(),
                                  int32_t(entry.second.size()),
                                  DateTimeRule::UTC_TIME),
        ec);
    if (U_FAILURE(ec)) return nullptr;
  }

  if (hasFooter && posix.hasDST) {
    // Raw/save as splitOffsets would give; a negative saving (Dublin's
    // `IST-1GMT0`) becomes ICU's rearguard form, as above.
    int32_t daylightRaw = posix.stdOffset;
    int32_t daylightSave = posix.dstOffset - posix.stdOffset;
    int32_t standardRaw = posix.stdOffset;
    int32_t standardSave = 0;
    if (daylightSave < 0) {
      daylightRaw = posix.dstOffset;
      daylightSave = 0;
      standardRaw = posix.dstOffset;
      standardSave = posix.stdOffset - posix.dstOffset;
    }
    int32_t firstYear = int32_t(lastYear + 1);
    zone->addTransitionRule(
        new AnnualTimeZoneRule(ruleName(posix.dstName), daylightRaw * 1000,
                               daylightSave * 1000,
                               makeDateTimeRule(posix.start), firstYear,
                               AnnualTimeZoneRule::MAX_YEAR),
        ec);
    zone->addTransitionRule(
        new AnnualTimeZoneRule(ruleName(posix.stdName), standardRaw * 1000,
                               standardSave * 1000,
                               makeDateTimeRule(posix.end), firstYear,
                               AnnualTimeZoneRule::MAX_YEAR),
        ec);
    if (U_FAILURE(ec)) return nullptr;
  }
  zone->complete(ec);
  if (U_FAILURE(ec)) return nullptr;
  return zone.release();
}

// MARK: Copies that share one zone

/// A RuleBasedTimeZone whose every answer comes from one shared, completed
/// zone. ICU copies a zone wherever it keeps one (Calendar::setTimeZone,
/// the generic-name formatter), and RuleBasedTimeZone's copy constructor
/// re-runs complete(), which is quadratic in transitions: 1.4 M
/// instructions for America/Toronto's 233, eight times in a 22-task run,
/// a quarter of its start-up. This copy costs an allocation.
///
/// It derives from RuleBasedTimeZone, not BasicTimeZone, because ICU picks
/// code paths by dynamic_cast to the concrete classes (Calendar's local-time
/// resolution, TZGNCore's generic names): a plain BasicTimeZone would take
/// other paths and could name or resolve times differently. Every virtual
/// method forwards to the shared zone; the base's own rule tables stay
/// empty and are never consulted. The shared zone is complete and only
/// read through const methods, so copies on several threads need no lock.
class SharedRuleBasedTimeZone final : public RuleBasedTimeZone {
 public:
  explicit SharedRuleBasedTimeZone(std::shared_ptr<const RuleBasedTimeZone> zone)
      : RuleBasedTimeZone(idOf(*zone), new InitialTimeZoneRule(UnicodeString(), 0, 0)),
        shared(std::move(zone)) {}
  SharedRuleBasedTimeZone(const SharedRuleBasedTimeZone &other)
      : RuleBasedTimeZone(other), shared(other.shared) {}

  SharedRuleBasedTimeZone *clone() const override {
    return new SharedRuleBasedTimeZone(*this);
  }
  bool operator==(const TimeZone &that) const override {
    if (this == &that) return true;
    if (!TimeZone::operator==(that)) return false;  // same class and ID
    const auto &other = static_cast<const SharedRuleBasedTimeZone &>(that);
    return shared == other.shared || shared->hasSameRules(*other.shared);
  }
  UBool hasSameRules(const TimeZone &other) const override {
    const auto *copy = dynamic_cast<const SharedRuleBasedTimeZone *>(&other);
    return shared->hasSameRules(copy != nullptr ? *copy->shared : other);
  }
  int32_t getOffset(uint8_t era, int32_t year, int32_t month, int32_t day,
                    uint8_t dayOfWeek, int32_t millis,
                    UErrorCode &status) const override {
    return shared->getOffset(era, year, month, day, dayOfWeek, millis, status);
  }
  int32_t getOffset(uint8_t era, int32_t year, int32_t month, int32_t day,
                    uint8_t dayOfWeek, int32_t millis, int32_t monthLength,
                    UErrorCode &status) const override {
    return shared->getOffset(era, year, month, day, dayOfWeek, millis,
                             monthLength, status);
  }
  void getOffset(UDate date, UBool local, int32_t &rawOffset,
                 int32_t &dstOffset, UErrorCode &status) const override {
    shared->getOffset(date, local, rawOffset, dstOffset, status);
  }
  void getOffsetFromLocal(UDate date, UTimeZoneLocalOption nonExistingTimeOpt,
                          UTimeZoneLocalOption duplicatedTimeOpt,
                          int32_t &rawOffset, int32_t &dstOffset,
                          UErrorCode &status) const override {
    shared->getOffsetFromLocal(date, nonExistingTimeOpt, duplicatedTimeOpt,
                               rawOffset, dstOffset, status);
  }
  void setRawOffset(int32_t) override {}  // as RuleBasedTimeZone: unsupported
  int32_t getRawOffset() const override { return shared->getRawOffset(); }
  int32_t getDSTSavings() const override { return shared->getDSTSavings(); }
  UBool useDaylightTime() const override { return shared->useDaylightTime(); }
  UBool inDaylightTime(UDate date, UErrorCode &status) const override {
    return shared->inDaylightTime(date, status);
  }
  UBool getNextTransition(UDate base, UBool inclusive,
                          icu::TimeZoneTransition &result) const override {
    return shared->getNextTransition(base, inclusive, result);
  }
  UBool getPreviousTransition(UDate base, UBool inclusive,
                              icu::TimeZoneTransition &result) const override {
    return shared->getPreviousTransition(base, inclusive, result);
  }
  int32_t countTransitionRules(UErrorCode &status) const override {
    return shared->countTransitionRules(status);
  }
  void getTimeZoneRules(const InitialTimeZoneRule *&initial,
                        const icu::TimeZoneRule *trsrules[], int32_t &trscount,
                        UErrorCode &status) const override {
    shared->getTimeZoneRules(initial, trsrules, trscount, status);
  }

 private:
  static UnicodeString idOf(const TimeZone &zone) {
    UnicodeString id;
    zone.getID(id);
    return id;
  }
  std::shared_ptr<const RuleBasedTimeZone> shared;
};

}  // namespace

extern "C" cicu_zone *cicu_zone_from_tzif(const uint16_t *id, int32_t idLength,
                                          const uint8_t *bytes, int32_t length,
                                          int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return nullptr;
  if (id == nullptr || idLength <= 0 || bytes == nullptr || length <= 0) {
    *ec = U_ILLEGAL_ARGUMENT_ERROR;
    return nullptr;
  }
  TZifData data;
  if (!parseTZif(bytes, length, data, *ec)) return nullptr;
  UnicodeString zoneID(reinterpret_cast<const UChar *>(id), idLength);
  std::shared_ptr<const RuleBasedTimeZone> zone(buildZone(zoneID, data, *ec));
  if (zone == nullptr) {
    if (U_SUCCESS(*ec)) *ec = U_MEMORY_ALLOCATION_ERROR;
    return nullptr;
  }
  return reinterpret_cast<cicu_zone *>(new SharedRuleBasedTimeZone(std::move(zone)));
}

extern "C" void cicu_zone_close(cicu_zone *zone) {
  delete reinterpret_cast<SharedRuleBasedTimeZone *>(zone);
}

extern "C" void cicu_zone_offset(const cicu_zone *zone, double millis,
                                 int32_t *rawOffset, int32_t *dstOffset,
                                 int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return;
  reinterpret_cast<const SharedRuleBasedTimeZone *>(zone)->getOffset(
      millis, false, *rawOffset, *dstOffset, *ec);
}

extern "C" void cicu_cal_set_zone(cicu_calendar *calendar,
                                  const cicu_zone *zone, int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return;
  // ucal_open returns an icu::Calendar; setTimeZone clones the zone (a
  // SharedRuleBasedTimeZone: cheap) and recomputes fields on next use.
  reinterpret_cast<icu::Calendar *>(calendar)->setTimeZone(
      *reinterpret_cast<const SharedRuleBasedTimeZone *>(zone));
}

extern "C" int32_t cicu_zone_display_name(const cicu_zone *zone,
                                          const char *displayLocale,
                                          int8_t daylight, uint16_t *out,
                                          int32_t capacity, int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  // What ucal_getTimeZoneDisplayName does for UCAL_STANDARD / UCAL_DST.
  UnicodeString name;
  reinterpret_cast<const SharedRuleBasedTimeZone *>(zone)->getDisplayName(
      daylight != 0, TimeZone::LONG, icu::Locale(displayLocale), name);
  return name.extract(reinterpret_cast<UChar *>(out), capacity, *ec);
}

extern "C" int32_t cicu_tzdata_zi_version(const uint8_t *bytes, int32_t length,
                                          char *out, int32_t capacity,
                                          int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  // zic -v writes "# version 2025b" as the first line of tzdata.zi.
  static const char prefix[] = "# version ";
  const int32_t prefixLength = int32_t(sizeof prefix - 1);
  if (bytes == nullptr || length < prefixLength ||
      std::string(reinterpret_cast<const char *>(bytes), prefixLength) !=
          prefix) {
    *ec = U_INVALID_FORMAT_ERROR;
    return 0;
  }
  // A version is digits then letters ("2025b"); at most 16 characters.
  int32_t end = prefixLength;
  while (end < length && end - prefixLength <= 16 &&
         ((bytes[end] >= '0' && bytes[end] <= '9') ||
          (bytes[end] >= 'a' && bytes[end] <= 'z'))) {
    end++;
  }
  int32_t versionLength = end - prefixLength;
  bool lineEnds = end == length || bytes[end] == '\n' || bytes[end] == '\r';
  if (versionLength < 4 || versionLength > 16 || !lineEnds ||
      bytes[prefixLength] < '0' || bytes[prefixLength] > '9') {
    *ec = U_INVALID_FORMAT_ERROR;
    return 0;
  }
  if (versionLength >= capacity) {
    *ec = U_BUFFER_OVERFLOW_ERROR;
    return versionLength;
  }
  for (int32_t i = 0; i < versionLength; i++) {
    out[i] = char(bytes[prefixLength + i]);
  }
  out[versionLength] = '\0';
  return versionLength;
}
