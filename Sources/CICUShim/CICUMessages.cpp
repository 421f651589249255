// ICU MessageFormat with named arguments, plural categories and numbers.
// C++ because named arguments exist only in ICU's C++ API; the interface
// stays the C one declared in CICUShim.h.
#include "CICUShim.h"

#include <string.h>

#include <unicode/msgfmt.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>
#include <unicode/uenum.h>
#include <unicode/numberformatter.h>
#include <unicode/plurrule.h>
#include <unicode/messagepattern.h>

#include <algorithm>
#include <string>

#include <memory>
#include <vector>

using icu::Formattable;
using icu::Locale;
using icu::MessageFormat;
using icu::UnicodeString;

extern "C" cicu_message *cicu_msg_open(const char *locale,
                                       const uint16_t *pattern,
                                       int32_t patternLength,
                                       int32_t *errorOffset, int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return nullptr;
  UParseError parseError;
  std::unique_ptr<MessageFormat> format(new MessageFormat(
      UnicodeString(reinterpret_cast<const UChar *>(pattern), patternLength),
      Locale(locale), parseError, *ec));
  if (U_FAILURE(*ec)) {
    *errorOffset = parseError.offset;
    return nullptr;
  }
  return reinterpret_cast<cicu_message *>(format.release());
}

extern "C" void cicu_msg_close(cicu_message *message) {
  delete reinterpret_cast<MessageFormat *>(message);
}

extern "C" int32_t cicu_msg_format(
    const cicu_message *message, int32_t argumentCount,
    const uint16_t *const *names, const int32_t *nameLengths,
    const double *numbers, const uint16_t *const *strings,
    const int32_t *stringLengths, uint16_t *out, int32_t capacity,
    int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  const MessageFormat *format =
      reinterpret_cast<const MessageFormat *>(message);
  std::vector<UnicodeString> argumentNames;
  std::vector<Formattable> values;
  argumentNames.reserve(argumentCount);
  values.reserve(argumentCount);
  for (int32_t i = 0; i < argumentCount; i++) {
    argumentNames.emplace_back(reinterpret_cast<const UChar *>(names[i]),
                               nameLengths[i]);
    if (strings[i] != nullptr) {
      values.emplace_back(UnicodeString(
          reinterpret_cast<const UChar *>(strings[i]), stringLengths[i]));
    } else {
      values.emplace_back(numbers[i]);
    }
  }
  UnicodeString result;
  format->format(argumentNames.data(), values.data(), argumentCount, result,
                 *ec);
  if (U_FAILURE(*ec)) return 0;
  return result.extract(reinterpret_cast<UChar *>(out), capacity, *ec);
}

extern "C" int32_t cicu_plural_categories(const char *locale, char *out,
                                          int32_t capacity, int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  UPluralRules *rules = uplrules_open(locale, ec);
  if (U_FAILURE(*ec)) return 0;
  UEnumeration *keywords = uplrules_getKeywords(rules, ec);
  int32_t length = 0;
  if (U_SUCCESS(*ec)) {
    const char *keyword;
    int32_t keywordLength = 0;
    while ((keyword = uenum_next(keywords, &keywordLength, ec)) != nullptr) {
      int32_t needed = length + (length ? 1 : 0) + keywordLength;
      if (needed < capacity) {
        if (length) out[length] = ' ';
        memcpy(out + length + (length ? 1 : 0), keyword, keywordLength);
        out[needed] = '\0';
      }
      length = needed;
    }
    uenum_close(keywords);
    if (length >= capacity) *ec = U_BUFFER_OVERFLOW_ERROR;
  }
  uplrules_close(rules);
  return length;
}

extern "C" int32_t cicu_number_format(const char *locale, double value,
                                      uint16_t *out, int32_t capacity,
                                      int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  UNumberFormat *format = unum_open(UNUM_DECIMAL, nullptr, 0, locale, nullptr, ec);
  if (U_FAILURE(*ec)) return 0;
  int32_t length = unum_formatDouble(format, value, reinterpret_cast<UChar *>(out),
                                     capacity, nullptr, ec);
  unum_close(format);
  return length;
}

extern "C" int32_t cicu_plural_select(const char *locale, double value, int32_t fractionDigits,
                                      char *out, int32_t capacity, int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  using namespace icu::number;
  // MessageFormat's `#` uses the locale's decimal format, "#,##0.###":
  // at most three fraction digits, trailing zeros dropped.
  Precision precision = fractionDigits < 0 ? Precision::maxFraction(3)
                                           : Precision::fixedFraction(fractionDigits);
  FormattedNumber number = NumberFormatter::withLocale(Locale(locale)).precision(precision)
                               .formatDouble(value, *ec);
  std::unique_ptr<icu::PluralRules> rules(icu::PluralRules::forLocale(Locale(locale), *ec));
  if (U_FAILURE(*ec)) return 0;
  UnicodeString keyword = rules->select(number, *ec);
  if (U_FAILURE(*ec)) return 0;
  int32_t length = keyword.length();
  if (length < capacity) {
    keyword.extract(0, length, out, capacity, icu::UnicodeString::kInvariant);
    out[length] = '\0';
  } else {
    *ec = U_BUFFER_OVERFLOW_ERROR;
  }
  return length;
}

/// Parses `pattern` as ICU's MessagePattern does, then calls `lines` to
/// write its result (UTF-8) into `out` (cicu_msg_plural_selectors and
/// cicu_msg_argument_names share the contract). A syntax error sets
/// *status and `errorOffset`.
template <typename Lines>
static int32_t pattern_lines(const uint16_t *pattern, int32_t patternLength, char *out,
                             int32_t capacity, int32_t *errorOffset, int32_t *status,
                             Lines lines) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  UnicodeString text(reinterpret_cast<const UChar *>(pattern), patternLength);
  UParseError parseError;
  icu::MessagePattern parsed(text, &parseError, *ec);
  if (U_FAILURE(*ec)) {
    *errorOffset = parseError.offset;
    return 0;
  }
  std::string result = lines(parsed);
  int32_t length = static_cast<int32_t>(result.size());
  if (length < capacity) {
    memcpy(out, result.c_str(), length + 1);
  } else {
    *ec = U_BUFFER_OVERFLOW_ERROR;
  }
  return length;
}

extern "C" int32_t cicu_msg_plural_selectors(const uint16_t *pattern, int32_t patternLength,
                                             char *out, int32_t capacity,
                                             int32_t *errorOffset, int32_t *status) {
  return pattern_lines(pattern, patternLength, out, capacity, errorOffset, status,
                       [](const icu::MessagePattern &parsed) {
    std::string result;
    int32_t count = parsed.countParts();
    for (int32_t i = 0; i < count; ++i) {
      const icu::MessagePattern::Part &start = parsed.getPart(i);
      if (start.getType() != UMSGPAT_PART_TYPE_ARG_START || start.getArgType() != UMSGPAT_ARG_TYPE_PLURAL) continue;
      std::string line;
      parsed.getSubstring(parsed.getPart(i + 1)).toUTF8String(line);
      line += ':';
      int32_t limit = parsed.getLimitPartIndex(i);
      bool first = true;
      // Selector, optional explicit value, then its sub-message: skip the
      // sub-message whole (nested plurals are found by the outer loop).
      for (int32_t j = i + 2; j < limit; ++j) {
        const icu::MessagePattern::Part &part = parsed.getPart(j);
        if (part.getType() == UMSGPAT_PART_TYPE_MSG_START) {
          j = parsed.getLimitPartIndex(j);
        } else if (part.getType() == UMSGPAT_PART_TYPE_ARG_SELECTOR) {
          if (!first) line += ' ';
          parsed.getSubstring(part).toUTF8String(line);
          first = false;
        }
      }
      result += line + '\n';
    }
    return result;
  });
}

extern "C" int32_t cicu_msg_argument_names(const uint16_t *pattern, int32_t patternLength,
                                           char *out, int32_t capacity,
                                           int32_t *errorOffset, int32_t *status) {
  return pattern_lines(pattern, patternLength, out, capacity, errorOffset, status,
                       [](const icu::MessagePattern &parsed) {
    std::string result;
    int32_t count = parsed.countParts();
    for (int32_t i = 0; i < count; ++i) {
      UMessagePatternPartType type = parsed.getPartType(i);
      if (type != UMSGPAT_PART_TYPE_ARG_NAME && type != UMSGPAT_PART_TYPE_ARG_NUMBER) continue;
      parsed.getSubstring(parsed.getPart(i)).toUTF8String(result);
      result += '\n';
    }
    return result;
  });
}

extern "C" int32_t cicu_msg_nesting_depth(const uint16_t *pattern, int32_t patternLength,
                                          int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  UnicodeString text(reinterpret_cast<const UChar *>(pattern), patternLength);
  icu::MessagePattern parsed(text, nullptr, *ec);
  if (U_FAILURE(*ec)) return 0;
  int32_t depth = 0;
  for (int32_t i = 0; i < parsed.countParts(); ++i) {
    const icu::MessagePattern::Part &part = parsed.getPart(i);
    if (part.getType() == UMSGPAT_PART_TYPE_MSG_START) depth = std::max(depth, part.getValue());
  }
  return depth;
}
