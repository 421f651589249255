// A run needs a stack of 1 MiB (`ulimit -s`): under a few dozen KiB the
// plist reader, ICU and the renderer overflow it, and under about 16 KiB
// the Swift runtime's initialisers do, before `main`. glibc sizes the main
// thread's stack and every new thread's from the soft limit it found at
// start, so a low soft limit is raised, up to the hard limit, and the
// binary started again with it; when even the hard limit is lower, the run
// stops with exit 71 and says so.
//
// This runs as a constructor of the lowest priority number, ahead of every
// other initialiser of the executable (the Swift runtime's among them), and
// uses little stack: no stdio, no formatting beyond decimal digits.
#include "CStackLimit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

enum { minimum = 1 << 20 };

// Set on the restarted run: a restart that still finds the limit low (a
// kernel that ignored it) stops instead of restarting again.
static const char restarted_marker[] = "POSTTIM_REPORT_STACK_RAISED";

static void put(const char *text) {
  size_t length = strlen(text);
  while (length > 0) {
    ssize_t written = write(2, text, length);
    if (written <= 0) {
      if (written < 0 && errno == EINTR) continue;
      return;
    }
    text += written;
    length -= (size_t)written;
  }
}

static void put_kib(rlim_t bytes) {
  char digits[24];
  char *end = digits + sizeof digits - 1;
  *end = 0;
  unsigned long long value = (unsigned long long)(bytes / 1024);
  do {
    *--end = (char)('0' + value % 10);
    value /= 10;
  } while (value > 0);
  put(end);
}

static void fail_errno(const char *message, int error) {
  put("posttim-report: error: ");
  put(message);
  put(strerror(error));
  put("\n");
  _exit(71);
}

__attribute__((constructor(101))) static void cstacklimit_ensure(int argc, char **argv, char **envp) {
  (void)argc;
  (void)envp;
  int restarted = getenv(restarted_marker) != NULL;
  unsetenv(restarted_marker);
  struct rlimit limit;
  if (getrlimit(RLIMIT_STACK, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= minimum) return;
  rlim_t wanted = limit.rlim_max == RLIM_INFINITY || limit.rlim_max > minimum ? minimum : limit.rlim_max;
  if (wanted < minimum || restarted) {
    put("posttim-report: error: the stack size limit (ulimit -s) is ");
    put_kib(limit.rlim_cur);
    put(" KiB and cannot be raised to the ");
    put_kib(minimum);
    put(" KiB a run needs (hard limit ");
    put_kib(limit.rlim_max);
    put(" KiB)\n");
    _exit(71);
  }
  limit.rlim_cur = wanted;
  if (setrlimit(RLIMIT_STACK, &limit) != 0) {
    fail_errno("cannot raise the stack size limit (ulimit -s) to 1024 KiB: ", errno);
  }
  if (setenv(restarted_marker, "1", 1) != 0) fail_errno("cannot start again with a larger stack: ", errno);
  execv("/proc/self/exe", argv);
  fail_errno("cannot start again with a larger stack: ", errno);
}
