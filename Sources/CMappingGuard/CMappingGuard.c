// The SIGBUS handler of a guarded file mapping: see CMappingGuard.h.
#define _GNU_SOURCE
#include "CMappingGuard.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// Static storage, lock-free atomics: read by the handler with no
// initialisation on first use. `previous` is written once, before the
// handler is installed.
static atomic_ulong start, end;
static atomic_bool cut;
static unsigned long page_mask;
static struct sigaction previous;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int installed = -1;

// Only async-signal-safe calls: mmap, sigaction, and atomic loads and stores.
static void fault(int number, siginfo_t *info, void *context) {
  // A fault the kernel raised (si_code > 0), not a `kill -BUS`.
  unsigned long address = info != NULL && info->si_code > 0 ? (unsigned long)info->si_addr : 0;
  unsigned long low = atomic_load(&start), high = atomic_load(&end);
  if (low != 0 && address >= low && address < high) {
    unsigned long page = address & ~page_mask;
    void *zeros = mmap((void *)page, high - page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (zeros != MAP_FAILED) {
      atomic_store(&cut, 1);
      return;
    }
  }
  if ((previous.sa_flags & SA_SIGINFO) && previous.sa_sigaction != NULL) {
    previous.sa_sigaction(number, info, context);
    return;
  }
  if (previous.sa_handler == SIG_DFL || previous.sa_handler == SIG_IGN) {
    // Returning retries the access, which now ends the process as it would have.
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(SIGBUS, &fallback, NULL);
    return;
  }
  previous.sa_handler(number);
}

static void install(void) {
  page_mask = (unsigned long)sysconf(_SC_PAGESIZE) - 1;
  if (sigaction(SIGBUS, NULL, &previous) != 0) return;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = fault;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  installed = sigaction(SIGBUS, &action, NULL) == 0 ? 0 : -1;
}

int cmappingguard_install(void) {
  pthread_once(&once, install);
  return installed;
}

void cmappingguard_begin(unsigned long low, unsigned long high) {
  atomic_store(&cut, 0);
  atomic_store(&end, high);
  atomic_store(&start, low);
}

int cmappingguard_end(void) {
  atomic_store(&start, 0);
  atomic_store(&end, 0);
  return atomic_load(&cut) ? 1 : 0;
}
