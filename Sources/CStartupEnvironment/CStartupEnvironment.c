// The tool often runs as root from cron, systemd or `sudo -E`, with an
// environment another user may have set. Some variables would let that
// user choose what root's run reads or runs, so they are removed:
//
// - ICU_DATA and ICU_TIMEZONE_FILES_DIR: ICU reads resource files from
//   these folders before the data built into Debian's libicudata, so a
//   forged folder changes every locale word and zone name, and a corrupt
//   one crashes ICU (SIGSEGV, SIGBUS).
// - SWIFT_BACKTRACE and SWIFT_ROOT: on a crash, the Swift runtime starts the
//   program SWIFT_BACKTRACE's `swift-backtrace=` names, or the one under
//   SWIFT_ROOT. Without them it looks only beside the binary.
//
// Removed, not set to `enable=no`: the Swift runtime finds `argv` by walking
// back from `environ`, which must still point into the initial stack when
// its initialiser runs; unsetenv moves entries within that array, while
// adding a variable moves the array to the heap (CommandLine.arguments
// would be empty).
//
// This runs as a constructor of priority 102: after CStackLimit's (101),
// which may start the binary again, and before every initialiser of
// default priority, the Swift runtime's among them when it is linked in
// (`--static-swift-stdlib`). A debug build loads libswiftCore.so, whose
// initialisers the loader runs first: there the runtime has read
// SWIFT_BACKTRACE and SWIFT_ROOT before this, and only the ICU variables
// are covered. The programs the tool starts (sendmail) inherit the
// environment as left here.
#include "CStartupEnvironment.h"

#include <stdlib.h>

__attribute__((constructor(102))) static void cstartupenvironment_clear(void) {
  static const char *const names[] = {"ICU_DATA", "ICU_TIMEZONE_FILES_DIR", "SWIFT_BACKTRACE", "SWIFT_ROOT"};
  for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) unsetenv(names[index]);
}
