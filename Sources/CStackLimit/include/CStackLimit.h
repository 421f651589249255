// CStackLimit: the stack size limit (`ulimit -s`) is checked by a C
// constructor, before the Swift runtime's own initialisers run: under a
// stack of 16 KiB they overflowed it (SIGSEGV) before `main` could raise
// the limit or refuse. The check has no API; linking this target in is
// what turns it on.
#ifndef CSTACKLIMIT_H
#define CSTACKLIMIT_H

#endif
