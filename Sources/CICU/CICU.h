// Never imported from Swift; CICUShim.c includes the ICU headers it needs.
#include <unicode/utypes.h>
