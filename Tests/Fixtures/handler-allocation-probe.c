// An LD_PRELOAD library for SignalHandlerAllocationTests: every signal
// handler the process installs with sigaction runs inside a wrapper, and
// malloc, calloc, realloc, free and the aligned allocators called while a
// handler runs on that thread write "allocation in a signal handler: NAME"
// to standard error and end the process with status 99. A handler that
// allocates while the thread it interrupted holds malloc's lock corrupts
// the heap or deadlocks; the wrapper finds it whatever the thread was doing.
//
// With HANDLER_PROBE_CUT=PATH, the file at PATH is cut to 100 bytes as soon
// as it is mapped read-only (a list cut while it is read), so reading the
// mapping past its first page raises SIGBUS.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static __thread int in_handler;
static struct sigaction originals[NSIG];

static void check(const char *name) {
  if (!in_handler) return;
  static const char prefix[] = "allocation in a signal handler: ";
  write(2, prefix, sizeof prefix - 1);
  write(2, name, strlen(name));
  write(2, "\n", 1);
  _exit(99);
}

void *malloc(size_t size) {
  check("malloc");
  return __libc_malloc(size);
}
void *calloc(size_t count, size_t size) {
  check("calloc");
  return __libc_calloc(count, size);
}
void *realloc(void *pointer, size_t size) {
  check("realloc");
  return __libc_realloc(pointer, size);
}
void free(void *pointer) {
  if (pointer != NULL) check("free");
  __libc_free(pointer);
}
void *memalign(size_t alignment, size_t size) {
  check("memalign");
  return __libc_memalign(alignment, size);
}
void *aligned_alloc(size_t alignment, size_t size) {
  check("aligned_alloc");
  return __libc_memalign(alignment, size);
}
int posix_memalign(void **result, size_t alignment, size_t size) {
  check("posix_memalign");
  *result = __libc_memalign(alignment, size);
  return *result != NULL ? 0 : 12;
}

static void wrapper(int number, siginfo_t *info, void *context) {
  const struct sigaction *original = &originals[number];
  in_handler++;
  if (original->sa_flags & SA_SIGINFO) original->sa_sigaction(number, info, context);
  else original->sa_handler(number);
  in_handler--;
}

typedef int (*sigaction_function)(int, const struct sigaction *, struct sigaction *);

int sigaction(int number, const struct sigaction *action, struct sigaction *previous) {
  static sigaction_function real;
  if (real == NULL) real = (sigaction_function)dlsym(RTLD_NEXT, "sigaction");
  if (number <= 0 || number >= NSIG) return real(number, action, previous);
  struct sigaction wrapped = originals[number];
  int handles = action != NULL && ((action->sa_flags & SA_SIGINFO) ||
                                   (action->sa_handler != SIG_DFL && action->sa_handler != SIG_IGN));
  int result;
  if (handles) {
    struct sigaction replaced = *action;
    originals[number] = *action;
    replaced.sa_sigaction = wrapper;
    replaced.sa_flags |= SA_SIGINFO;
    result = real(number, &replaced, previous);
  } else {
    result = real(number, action, previous);
  }
  // The caller is shown its own handler, not the wrapper.
  if (result == 0 && previous != NULL && (previous->sa_flags & SA_SIGINFO) && previous->sa_sigaction == wrapper)
    *previous = wrapped;
  return result;
}

typedef void *(*mmap_function)(void *, size_t, int, int, int, off_t);

static void *mapped(void *address, size_t length, int protection, int flags, int descriptor, off_t offset,
                    const char *name) {
  mmap_function real = (mmap_function)dlsym(RTLD_NEXT, name);
  void *result = real(address, length, protection, flags, descriptor, offset);
  const char *cut = getenv("HANDLER_PROBE_CUT");
  struct stat file, target;
  if (result != MAP_FAILED && cut != NULL && descriptor >= 0 && protection == PROT_READ &&
      fstat(descriptor, &file) == 0 && stat(cut, &target) == 0 && file.st_dev == target.st_dev &&
      file.st_ino == target.st_ino)
    truncate(cut, 100);
  return result;
}
void *mmap(void *address, size_t length, int protection, int flags, int descriptor, off_t offset) {
  return mapped(address, length, protection, flags, descriptor, offset, "mmap");
}
void *mmap64(void *address, size_t length, int protection, int flags, int descriptor, off_t offset) {
  return mapped(address, length, protection, flags, descriptor, offset, "mmap64");
}
