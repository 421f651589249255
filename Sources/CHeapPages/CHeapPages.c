#include "CHeapPages.h"

#include <malloc.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// A thread's own heap is a mapping of glibc's HEAP_MAX_SIZE, 64 MiB on
// 64-bit systems, aligned to its size (malloc/arena.c); the size word
// before a block glibc hands out has its NON_MAIN_ARENA bit set when the
// block comes from such a heap (malloc/malloc.c).
static const uintptr_t threadHeapSize = (uintptr_t)64 << 20;
static const uintptr_t hugePageSize = (uintptr_t)2 << 20;
static const size_t nonMainArena = 4;
static atomic_bool configured;
static atomic_bool advised;
// The main heap's pad, page-aligned to huge pages; empty until configured.
static uintptr_t padStart, padEnd;

extern char **environ;

// A user who set malloc's own knobs (GLIBC_TUNABLES=glibc.malloc.…, or the
// older MALLOC_…_ variables) keeps them: a pad would override theirs, and
// glibc.malloc.hugetlb=2 makes thread heaps smaller than 64 MiB.
static int user_tuned_malloc(void) {
  for (char **variable = environ; variable != NULL && *variable != NULL; variable += 1) {
    if (strncmp(*variable, "MALLOC_", 7) == 0) return 1;
    if (strncmp(*variable, "GLIBC_TUNABLES=", 15) == 0 && strstr(*variable, "glibc.malloc.") != NULL) return 1;
  }
  return 0;
}

int heap_pages_configure(size_t top_pad) {
  if (top_pad > INT32_MAX || user_tuned_malloc() || mallopt(M_TOP_PAD, (int)top_pad) != 1) return -1;
  // The heap grows when its free top is used up; blocks below the mmap
  // threshold (128 KiB) use it up, and the growth brings the pad.
  uintptr_t before = (uintptr_t)sbrk(0);
  void *blocks[64];
  int count = 0;
  while (count < 64 && (uintptr_t)sbrk(0) == before) {
    blocks[count] = malloc(64 << 10);
    if (blocks[count] == NULL) break;
    count += 1;
  }
  for (int index = 0; index < count; index += 1) free(blocks[index]);
  uintptr_t after = (uintptr_t)sbrk(0);
  padStart = (before + hugePageSize - 1) & ~(hugePageSize - 1);
  padEnd = after > padStart ? after : padStart;
  atomic_store(&configured, 1);
  return 0;
}

void heap_pages_advise(void) {
  if (!atomic_load(&configured) || atomic_exchange(&advised, 1)) return;
  if (padEnd > padStart) madvise((void *)padStart, padEnd - padStart, MADV_HUGEPAGE);
}

void heap_pages_limit_arenas(void) { mallopt(M_ARENA_MAX, 1); }

void heap_pages_advise_thread(void) {
  if (!atomic_load(&advised)) return;
  void *probe = malloc(1);
  if (probe == NULL) return;
  if (((size_t *)probe)[-1] & nonMainArena) {
    madvise((void *)((uintptr_t)probe & ~(threadHeapSize - 1)), threadHeapSize, MADV_HUGEPAGE);
  }
  free(probe);
}
