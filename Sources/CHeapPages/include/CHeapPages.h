// CHeapPages: how malloc serves a run: one arena under a memory limit;
// otherwise heaps grown in large steps and backed by transparent
// huge pages, which glibc does only when GLIBC_TUNABLES asks for it before
// the program starts (glibc.malloc.top_pad, glibc.malloc.hugetlb).
//
// A 100k-task report touches about 50 MiB of fresh heap: 11,700 page
// faults in 4 KiB pages, 1,800 with 2 MiB ones. madvise(MADV_HUGEPAGE)
// changes how memory is backed, never what it holds; with the system's
// THP setting at "never" it changes nothing.
#ifndef CHEAPPAGES_H
#define CHEAPPAGES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Keeps `top_pad` bytes free at the top of every heap (M_TOP_PAD, which
/// also fixes glibc's mmap threshold at 128 KiB) and grows the main heap
/// by that much now, for heap_pages_advise(). Called once, on the main
/// thread, before any other thread starts. Returns 0, or -1 with nothing
/// done when the environment tunes malloc itself (GLIBC_TUNABLES=
/// glibc.malloc.…, MALLOC_…) or malloc refused the pad.
int heap_pages_configure(size_t top_pad);

/// After heap_pages_configure() did its work: advises the main heap's pad
/// for huge pages (a later growth is not advised), and from then on,
/// heap_pages_advise_thread() advises a new thread's first heap. Only for
/// a run that uses much memory (the caller decides: a long list, a
/// stream, a roster): the first touch of a huge page zeroes all 2 MiB of
/// it, more than a short run touches. Does nothing before
/// heap_pages_configure() did its work, or the second time.
void heap_pages_advise(void);

/// One malloc arena for every thread (M_ARENA_MAX 1): under an
/// address-space limit, each thread's own would reserve 64 MiB of it.
/// Called on the main thread before any other thread starts.
void heap_pages_limit_arenas(void);

/// On a thread started after heap_pages_advise() did its work: advises
/// the heap this thread allocates from for huge pages. Does nothing
/// otherwise, or when the thread allocates from the main heap.
void heap_pages_advise_thread(void);

#ifdef __cplusplus
}
#endif

#endif
