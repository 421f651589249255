// The run's terminating-signal handler: see CSignalCleanup.h.
#define _GNU_SOURCE
#include "CSignalCleanup.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

// Static storage, lock-free atomics: valid before the handler is installed
// and read by it without any initialisation on first use.
static _Atomic(char *) pending[CSIGNALCLEANUP_SLOTS];
static atomic_int child_group;
static atomic_int cut_descriptor = -1;
static atomic_llong cut_length;
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

// Only async-signal-safe calls: kill, unlink, ftruncate, setrlimit,
// sigaction, pthread_sigmask, raise, and atomic loads.
static void handle(int received) {
  int group = atomic_load(&child_group);
  if (group > 0) kill(-group, SIGKILL);
  for (int slot = 0; slot < CSIGNALCLEANUP_SLOTS; slot++) {
    const char *path = atomic_load(&pending[slot]);
    if (path != NULL) unlink(path);
  }
  int cut = atomic_load(&cut_descriptor);
  if (cut >= 0) {
    // A failed cut leaves the file as it is: a handler can do no more.
    int cut_result = ftruncate(cut, (off_t)atomic_load(&cut_length));
    (void)cut_result;
  }
  if (received == SIGQUIT || received == SIGXCPU) {
    // Their default action dumps core: a quit asked for, or a CPU limit
    // reached, is no crash.
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
  }
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

void csignalcleanup_set_cut_back(int descriptor, long long length) {
  // The length first: a handler that sees the descriptor sees its length.
  atomic_store(&cut_length, length);
  atomic_store(&cut_descriptor, descriptor);
}
