// Numbers in a locale's digits and grouping, through one kept formatter.
// See include/CICUShim.h for the contract; comments here only say why.
#include "CICUShim.h"

#include <unicode/unum.h>
#include <unicode/ustring.h>

cicu_number_formatter *cicu_nf_open(const char *locale, int32_t *status) {
  return (cicu_number_formatter *)unum_open(UNUM_DECIMAL, NULL, 0, locale,
                                            NULL, (UErrorCode *)status);
}

cicu_number_formatter *cicu_nf_clone(const cicu_number_formatter *formatter,
                                     int32_t *status) {
  return (cicu_number_formatter *)unum_clone((const UNumberFormat *)formatter,
                                             (UErrorCode *)status);
}

void cicu_nf_close(cicu_number_formatter *formatter) {
  unum_close((UNumberFormat *)formatter);
}

int32_t cicu_nf_format_utf8(const cicu_number_formatter *formatter,
                            double value, char *out, int32_t capacity,
                            int32_t *status) {
  // A formatted number is short: UTF-16 on the stack, then UTF-8 (Swift
  // makes a String from UTF-8 much faster than from UTF-16).
  UChar units[64];
  int32_t length = unum_formatDouble((const UNumberFormat *)formatter, value,
                                     units, 64, NULL, (UErrorCode *)status);
  if (U_FAILURE(*(UErrorCode *)status)) return 0;
  if (length > 64) {
    *status = U_BUFFER_OVERFLOW_ERROR;
    return 0;
  }
  int32_t written = 0;
  u_strToUTF8(out, capacity, &written, units, length, (UErrorCode *)status);
  return written;
}
