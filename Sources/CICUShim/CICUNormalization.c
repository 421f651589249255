// Unicode normalization (UAX #15) from the system ICU's data. See the
// "Normalization" section of include/CICUShim.h.
#include "CICUShim.h"

#include <unicode/unorm2.h>

int32_t cicu_normalize(int32_t decompose, const uint16_t *text, int32_t length,
                       uint16_t *out, int32_t capacity, int32_t *status) {
  UErrorCode code = (UErrorCode)*status;
  // The instances are ICU's own singletons: never closed.
  const UNormalizer2 *form = decompose ? unorm2_getNFDInstance(&code) : unorm2_getNFCInstance(&code);
  int32_t written = unorm2_normalize(form, (const UChar *)text, length, (UChar *)out, capacity, &code);
  *status = (int32_t)code;
  return written;
}
