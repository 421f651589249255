// See include/CSpawn.h for the contract; comments here only say why.
#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

// The child of vfork shares this process's memory until it execs: it only
// makes system calls (each async-signal-safe), writes nothing but
// `*failure`, and never returns. vfork, as glibc's posix_spawn does with
// clone(CLONE_VFORK): the exec's errno comes back through shared memory,
// with no pipe (no descriptor is needed when none is left), and no page
// table is copied.
__attribute__((noreturn, noinline)) static void start_child(const char *path, char *const argv[],
                                                           char *const envp[], int input, pid_t parent,
                                                           volatile int *failure) {
  // PR_SET_PDEATHSIG is the child's own, and fires when the thread that
  // made it ends. Checked after setting it: a parent that died before is
  // not signalled again.
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) goto fail;
  if (getppid() != parent) _exit(127);
  if (setpgid(0, 0) != 0) goto fail;

  if (input != 0) {
    if (dup2(input, 0) < 0) goto fail;
  } else if (fcntl(0, F_SETFD, 0) < 0) {
    goto fail;
  }
  for (int descriptor = 1; descriptor <= 2; descriptor++) {
    if (fcntl(descriptor, F_GETFD) >= 0) continue;
    int null = open("/dev/null", O_WRONLY);
    if (null < 0) goto fail;
    if (null != descriptor) {
      if (dup2(null, descriptor) < 0) goto fail;
      close(null);
    }
  }
  if (syscall(SYS_close_range, 3U, ~0U, 0U) != 0) {
    // Kernels before 5.9: close what the limit allows.
    struct rlimit limit;
    int highest = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < 65536 ? (int)limit.rlim_cur : 65536;
    for (int descriptor = 3; descriptor < highest; descriptor++) close(descriptor);
  }

  // A handler of this process must not run in the child before exec (it
  // shares the memory): handled signals go back to their default first.
  for (int number = 1; number < NSIG; number++) {
    struct sigaction action;
    if (sigaction(number, NULL, &action) != 0) continue;
    int reset = number == SIGPIPE || number == SIGXFSZ ||
                (action.sa_handler != SIG_DFL && action.sa_handler != SIG_IGN);
    if (!reset) continue;
    action.sa_handler = SIG_DFL;
    action.sa_flags = 0;
    sigemptyset(&action.sa_mask);
    sigaction(number, &action, NULL);
  }
  sigset_t none;
  sigemptyset(&none);
  if (pthread_sigmask(SIG_SETMASK, &none, NULL) != 0) goto fail;

  execve(path, argv, envp);
fail:
  *failure = errno;
  _exit(127);
}

int cspawn_start_tied(const char *path, char *const argv[], char *const envp[], int input,
                      int *pid) {
  // Every signal held while the child borrows this thread's memory, so no
  // handler runs in it; the child sets its own mask before exec.
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &previous);
  volatile int failure = 0;
  pid_t parent = getpid();
  pid_t child = vfork();
  if (child == 0) start_child(path, argv, envp, input, parent, &failure);
  int code = child < 0 ? errno : failure;
  if (child > 0 && code != 0) {
    // The child exited without exec: reap it, its status says nothing more.
    while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  if (code == 0) *pid = child;
  return code;
}
