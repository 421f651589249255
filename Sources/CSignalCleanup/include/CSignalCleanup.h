// CSignalCleanup: what a terminating signal must undo (temporary files, a
// running sendmail), and the handler that undoes it.
//
// The handler is C so that it provably runs nothing but system calls and
// C11 atomics on static storage. A Swift handler may call into the runtime
// on its first run: a generic type's metadata made on first use, a lazy
// global's swift_once, retain and release. Making metadata allocates, and
// a handler that allocates while the thread it interrupted is inside
// malloc corrupts the heap or deadlocks. This header has no includes, so
// Swift's Glibc module and it never meet one declaration twice.
#ifndef CSIGNALCLEANUP_H
#define CSIGNALCLEANUP_H

#ifdef __cplusplus
extern "C" {
#endif

/// How many temporary files may be pending at once.
#define CSIGNALCLEANUP_SLOTS 16

/// Installs the handler, once, at the start of the process, for every
/// catchable signal whose default action ends the process (SIGHUP, SIGINT,
/// SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
/// SIGSTKFLT, SIGXCPU, SIGIO, SIGPWR and the real-time signals), except
/// those the process ignores, and unblocks them all in the calling thread.
void csignalcleanup_install(void);

/// Registers `path` (copied, and the copy never freed: the handler may be
/// reading it) to be removed on a signal. Returns its slot, or -1 when
/// every slot is taken or no copy could be made.
int csignalcleanup_add_path(const char *path);

/// Forgets the path in `slot` (-1: none).
void csignalcleanup_remove_path(int slot);

/// The path in `slot`, or NULL: for tests.
const char *csignalcleanup_path(int slot);

/// The process group to kill on a signal (0: none).
void csignalcleanup_set_child_group(int group);

/// A regular file at `descriptor` to cut back to `length` bytes on a
/// signal: a report written to it in place is taken out again (-1: none).
/// Only while the file holds nothing but what the writes counted below
/// added after `length`: another writer's bytes are not cut. Meanwhile
/// the signals that dump core (SIGABRT, SIGSEGV, SIGBUS, SIGSYS, SIGFPE,
/// SIGILL, SIGTRAP) cut it back too: a sent one, then ends the process by
/// its default action; one an instruction raises, when the action it had
/// before ends the process, and then goes on to that action. -1 puts
/// their actions back.
void csignalcleanup_set_cut_back(int descriptor, long long length);

/// The status flags to put back on `descriptor` (fcntl F_SETFL) on a
/// signal: O_DIRECT, turned off for the run's writes (-1: none).
void csignalcleanup_set_restore_flags(int descriptor, int flags);

/// `count` bytes are being written to the file to cut back (before the
/// write: a signal may come between its return and the count after it).
void csignalcleanup_cut_back_writing(long long count);

/// `count` bytes were written to it (after the write).
void csignalcleanup_cut_back_wrote(long long count);

#ifdef __cplusplus
}
#endif

#endif
