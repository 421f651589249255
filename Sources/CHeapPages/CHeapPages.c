#include "CHeapPages.h"

#include <malloc.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

// The main thread's heap lies between the end of the program's data and
// the break; any other thread's is a mapping of glibc's HEAP_MAX_SIZE
// (64 MiB on 64-bit systems) aligned to its size (malloc/arena.c).
extern char end;
static const uintptr_t threadHeapSize = (uintptr_t)64 << 20;
static const uintptr_t hugePageSize = (uintptr_t)2 << 20;
static atomic_bool configured;

static int in_main_heap(uintptr_t address) {
  return address >= (uintptr_t)&end && address < (uintptr_t)sbrk(0);
}

int heap_pages_configure(size_t top_pad) {
  if (top_pad > INT32_MAX || mallopt(M_TOP_PAD, (int)top_pad) != 1) return -1;
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
  uintptr_t start = (before + hugePageSize - 1) & ~(hugePageSize - 1);
  if (after > start) madvise((void *)start, after - start, MADV_HUGEPAGE);
  atomic_store(&configured, 1);
  return 0;
}

void heap_pages_advise_thread(void) {
  if (!atomic_load(&configured)) return;
  void *probe = malloc(1);
  if (probe == NULL) return;
  uintptr_t address = (uintptr_t)probe;
  if (!in_main_heap(address)) madvise((void *)(address & ~(threadHeapSize - 1)), threadHeapSize, MADV_HUGEPAGE);
  free(probe);
}
