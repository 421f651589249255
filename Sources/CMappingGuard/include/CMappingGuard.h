// CMappingGuard: the SIGBUS handler that lets a file mapping be read after
// the file was cut (CutProofMapping), and the range it guards.
//
// The handler is C so that it provably runs nothing but system calls and
// C11 atomics on static storage: a Swift handler made the metadata of
// siginfo_t on its first run (malloc). This header has no includes, so
// Swift's Glibc module and it never meet one declaration twice.
#ifndef CMAPPINGGUARD_H
#define CMAPPINGGUARD_H

#ifdef __cplusplus
extern "C" {
#endif

/// Installs the SIGBUS handler, once per process (later calls return what
/// the first did). Returns 0, or -1 when it could not be installed.
int cmappingguard_install(void);

/// Guards the mapping from `start` to `end` (past the end): a fault inside
/// it puts zero-filled pages in place from the faulting page to `end`, and
/// is noted. One mapping is guarded at a time.
void cmappingguard_begin(unsigned long start, unsigned long end);

/// Stops guarding; returns 1 when a page of the mapping was past the file's
/// end (and read as zeros), else 0.
int cmappingguard_end(void);

#ifdef __cplusplus
}
#endif

#endif
