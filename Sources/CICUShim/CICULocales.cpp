// Locale services that ICU offers only in C++: CLDR alias replacement and
// the default numbering system. The interface is the C one in CICUShim.h.
#include "CICUShim.h"

#include <string.h>

#include <unicode/locid.h>
#include <unicode/numsys.h>

#include <memory>

using icu::Locale;
using icu::NumberingSystem;

// Copies a NUL-terminated ASCII string with ICU's preflighting convention.
static int32_t write_ascii(const char *text, char *out, int32_t capacity, UErrorCode *ec) {
  int32_t length = static_cast<int32_t>(strlen(text));
  if (length < capacity) {
    memcpy(out, text, length + 1);
  } else {
    *ec = U_BUFFER_OVERFLOW_ERROR;
  }
  return length;
}

extern "C" int32_t cicu_locale_canonical_alias(const char *id, char *out, int32_t capacity,
                                               int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  Locale locale = Locale::createCanonical(id);
  if (locale.isBogus()) {
    *ec = U_ILLEGAL_ARGUMENT_ERROR;
    return 0;
  }
  return write_ascii(locale.getName(), out, capacity, ec);
}

extern "C" int32_t cicu_locale_numbering_system(const char *id, char *out, int32_t capacity,
                                                int32_t *status) {
  UErrorCode *ec = reinterpret_cast<UErrorCode *>(status);
  if (U_FAILURE(*ec)) return 0;
  std::unique_ptr<NumberingSystem> system(NumberingSystem::createInstance(Locale(id), *ec));
  if (U_FAILURE(*ec)) return 0;
  return write_ascii(system->getName(), out, capacity, ec);
}
