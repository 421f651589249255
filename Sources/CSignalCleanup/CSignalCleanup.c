// The run's terminating-signal handler: see CSignalCleanup.h.
#define _GNU_SOURCE
#include "CSignalCleanup.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

// Static storage, lock-free atomics: valid before the handler is installed
// and read by it without any initialisation on first use.
static _Atomic(char *) pending[CSIGNALCLEANUP_SLOTS];
static atomic_int child_group;
static atomic_int cut_descriptor = -1;
static atomic_llong cut_length, cut_written, cut_writing;
static atomic_int restore_descriptor = -1, restore_flags;
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2 && ATOMIC_INT_LOCK_FREE == 2 && ATOMIC_LLONG_LOCK_FREE == 2,
               "the handler needs lock-free atomics");

static const int fixed_signals[] = {SIGHUP,  SIGINT,  SIGQUIT,   SIGTERM, SIGUSR1,
                                    SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGSTKFLT,
                                    SIGXCPU, SIGIO,   SIGPWR};

static void all_signals(sigset_t *set) {
  sigemptyset(set);
  for (size_t index = 0; index < sizeof fixed_signals / sizeof *fixed_signals; index++)
    sigaddset(set, fixed_signals[index]);
  for (int number = SIGRTMIN; number <= SIGRTMAX; number++) sigaddset(set, number);
}

// Takes a report written in place out of its file (fstat, ftruncate), and
// puts back the status flags the run changed (fcntl).
static void cut_back_now(void) {
  int cut = atomic_load(&cut_descriptor);
  struct stat held;
  if (cut >= 0 && fstat(cut, &held) == 0) {
    // The file holds the bytes before the report and the report's own,
    // the last write's perhaps not yet counted: else another writer added
    // to it, and cutting would lose their bytes.
    long long start = atomic_load(&cut_length), end = start + atomic_load(&cut_written);
    if (held.st_size >= end && held.st_size <= end + atomic_load(&cut_writing)) {
      // A failed cut leaves the file as it is: a handler can do no more.
      int cut_result = ftruncate(cut, (off_t)start);
      (void)cut_result;
    }
  }
  int restore = atomic_load(&restore_descriptor);
  if (restore >= 0) fcntl(restore, F_SETFL, atomic_load(&restore_flags));
}

// Ends the process by `received`'s default action (sigaction,
// pthread_sigmask, raise).
static void die_of(int received) {
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(received, &fallback, NULL);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, received);
  pthread_sigmask(SIG_UNBLOCK, &only, NULL);
  raise(received);
}

// Only async-signal-safe calls: kill, unlink, open, dup, dup2, fcntl,
// fstat, ftruncate, setrlimit, sigaction, pthread_sigmask (sigprocmask's thread
// form), raise, and atomic loads.
static void handle(int received) {
  int group = atomic_load(&child_group);
  if (group > 0) kill(-group, SIGKILL);
  for (int slot = 0; slot < CSIGNALCLEANUP_SLOTS; slot++) {
    const char *path = atomic_load(&pending[slot]);
    if (path != NULL) unlink(path);
  }
  cut_back_now();
  if (received == SIGQUIT || received == SIGXCPU) {
    // Their default action dumps core: a quit asked for, or a CPU limit
    // reached, is no crash.
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
  }
  die_of(received);
}

void csignalcleanup_install(void) {
  sigset_t handled;
  all_signals(&handled);
  pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
  for (int number = 1; number < NSIG; number++) {
    if (!sigismember(&handled, number)) continue;
    // Query without changing it: an ignored signal stays ignored.
    struct sigaction current;
    if (sigaction(number, NULL, &current) != 0 || current.sa_handler == SIG_IGN) continue;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handle;
    action.sa_mask = handled;
    sigaction(number, &action, NULL);
  }
}

int csignalcleanup_add_path(const char *path) {
  char *copy = strdup(path);
  if (copy == NULL) return -1;
  for (int slot = 0; slot < CSIGNALCLEANUP_SLOTS; slot++) {
    char *expected = NULL;
    if (atomic_compare_exchange_strong(&pending[slot], &expected, copy)) return slot;
  }
  free(copy);
  return -1;
}

void csignalcleanup_remove_path(int slot) {
  if (slot >= 0 && slot < CSIGNALCLEANUP_SLOTS) atomic_store(&pending[slot], NULL);
}

const char *csignalcleanup_path(int slot) {
  return slot >= 0 && slot < CSIGNALCLEANUP_SLOTS ? atomic_load(&pending[slot]) : NULL;
}

void csignalcleanup_set_child_group(int group) { atomic_store(&child_group, group); }

// The signals whose default action dumps core, and what handled each
// before a report was written in place (the runtime's backtracer for the
// faults, or the default).
static const int core_signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGSYS, SIGFPE, SIGILL, SIGTRAP};
#define CORE_SIGNAL_COUNT (sizeof core_signals / sizeof *core_signals)
static struct sigaction core_previous[CORE_SIGNAL_COUNT];
// The calling thread's mask before: a parent may start the run with them
// blocked (Foundation's Process does), and a blocked signal is never handled.
static sigset_t core_blocked;
static int core_installed;

// Whether `action` is the plain `handler` (SIG_DFL, SIG_IGN).
static int is_plain(const struct sigaction *action, void (*handler)(int)) {
  return !(action->sa_flags & SA_SIGINFO) && action->sa_handler == handler;
}

// One of these signals while a report is written in place. Sent (`kill`,
// a watchdog's SIGABRT, `abort`): the report is taken out and the run
// ends by the signal's default action (the backtracer would return from
// a signal no instruction raised, and the run go on writing into the cut
// file). Raised by an instruction: the report is taken out only when the
// action from before ends the process (a handler before may recover, as
// the mapped-file guard does for SIGBUS); the handler returns to the
// instruction, which raises it again under that action. Standard output
// is pointed at /dev/null first (open, dup, dup2): the handler may run on
// a helper thread while the main thread goes on writing.
static void handle_core(int received, siginfo_t *info, void *context) {
  (void)context;
  int sent = info == NULL || info->si_code <= 0;
  const struct sigaction *previous = NULL;
  for (size_t index = 0; index < CORE_SIGNAL_COUNT; index++) {
    if (core_signals[index] == received) previous = &core_previous[index];
  }
  // The default action of these ends the process.
  if (sent || (previous != NULL && is_plain(previous, SIG_DFL))) {
    int cut = atomic_load(&cut_descriptor);
    int null = cut >= 0 ? open("/dev/null", O_WRONLY | O_CLOEXEC) : -1;
    int kept = null >= 0 ? dup(cut) : -1;
    if (kept >= 0 && dup2(null, cut) >= 0) {
      atomic_store(&cut_descriptor, kept);
      if (atomic_load(&restore_descriptor) == cut) atomic_store(&restore_descriptor, kept);
      cut_back_now();
    }
  }
  if (sent) die_of(received);
  if (previous != NULL) sigaction(received, previous, NULL);
}

void csignalcleanup_set_cut_back(int descriptor, long long length) {
  if (descriptor < 0) {
    atomic_store(&cut_descriptor, -1);
    if (!core_installed) return;
    core_installed = 0;
    for (size_t index = 0; index < CORE_SIGNAL_COUNT; index++)
      sigaction(core_signals[index], &core_previous[index], NULL);
    // Only the core signals that were blocked before are blocked again.
    sigset_t reblock;
    sigemptyset(&reblock);
    for (size_t index = 0; index < CORE_SIGNAL_COUNT; index++)
      if (sigismember(&core_blocked, core_signals[index])) sigaddset(&reblock, core_signals[index]);
    pthread_sigmask(SIG_BLOCK, &reblock, NULL);
    return;
  }
  // The counts first: a handler that sees the descriptor sees its own.
  atomic_store(&cut_length, length);
  atomic_store(&cut_written, 0);
  atomic_store(&cut_writing, 0);
  atomic_store(&cut_descriptor, descriptor);
  // Set once until -1: a second set would save this handler as the one before.
  if (core_installed) return;
  sigset_t core;
  sigemptyset(&core);
  for (size_t index = 0; index < CORE_SIGNAL_COUNT; index++) {
    sigaddset(&core, core_signals[index]);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handle_core;
    // On the alternate stack where one is set: a stack overflow's SIGSEGV.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    sigaction(core_signals[index], &action, &core_previous[index]);
    // One the caller ignores stays ignored (a fault is delivered all the same).
    if (is_plain(&core_previous[index], SIG_IGN)) sigaction(core_signals[index], &core_previous[index], NULL);
  }
  pthread_sigmask(SIG_UNBLOCK, &core, &core_blocked);
  core_installed = 1;
}

void csignalcleanup_set_restore_flags(int descriptor, int flags) {
  atomic_store(&restore_flags, flags);
  atomic_store(&restore_descriptor, descriptor);
}

void csignalcleanup_cut_back_writing(long long count) { atomic_store(&cut_writing, count); }

void csignalcleanup_cut_back_wrote(long long count) {
  atomic_fetch_add(&cut_written, count);
  atomic_store(&cut_writing, 0);
}
