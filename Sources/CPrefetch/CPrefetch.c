// The module's one function is inline in include/CPrefetch.h; SwiftPM wants
// a C target to have a source file.
#include "CPrefetch.h"
