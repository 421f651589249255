// Private to the shim (not in include/: it names ICU types).
#ifndef CICU_DISPLAY_CONTEXT_H
#define CICU_DISPLAY_CONTEXT_H

#include <stdint.h>
#include <unicode/udisplaycontext.h>

/// ICU's capitalization context for the header's numbers: beginning of
/// sentence = 1, standalone = 2, middle of sentence = 3, anything else none.
static inline UDisplayContext cicu_capitalization_context(int32_t context) {
  switch (context) {
  case 1: return UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE;
  case 2: return UDISPCTX_CAPITALIZATION_FOR_STANDALONE;
  case 3: return UDISPCTX_CAPITALIZATION_FOR_MIDDLE_OF_SENTENCE;
  default: return UDISPCTX_CAPITALIZATION_NONE;
  }
}

#endif
