// CPrefetch: a hint that memory is about to be read, which Swift has no
// word for. A report's rows read texts spread over the heap in the order
// the agenda sorted them, a cache miss each; hinted a few rows ahead, the
// loads overlap the rendering of the rows before (as the compiler builtin
// documents: it never faults and changes no result).
#ifndef CPREFETCH_H
#define CPREFETCH_H

/// Starts loading the cache line holding `address` for a read.
static inline void cprefetch_read(const void *address) { __builtin_prefetch(address, 0, 3); }

#endif
