// CHeapPages: malloc's heaps grown in large steps and backed by transparent
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

/// Keeps `top_pad` bytes free at the top of every heap (M_TOP_PAD), grows
/// the calling thread's heap by that much now and advises it for huge
/// pages; from then on, heap_pages_advise_thread() advises a new thread's
/// heap. Called once, on the main thread, before any other thread starts.
/// Returns 0, or -1 when malloc refused the pad (nothing else is done).
int heap_pages_configure(size_t top_pad);

/// On a thread started after heap_pages_configure(): advises the heap this
/// thread allocates from for huge pages. Does nothing before it, or when
/// the thread allocates from the main thread's heap.
void heap_pages_advise_thread(void);

#ifdef __cplusplus
}
#endif

#endif
