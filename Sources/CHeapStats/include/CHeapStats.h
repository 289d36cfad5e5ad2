#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not taken back, or -1 where the platform does not say.
/// Used only by the benchmark to measure memory per store.
long long cheapstats_bytes_in_use(void);

#endif
