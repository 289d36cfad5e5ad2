#include "CHeapStats.h"

#if defined(__APPLE__)
#include <malloc/malloc.h>

long long cheapstats_bytes_in_use(void) {
    malloc_statistics_t stats;
    malloc_zone_statistics(NULL, &stats);
    return (long long)stats.size_in_use;
}
#elif defined(__linux__)
#include <malloc.h>  /* also defines __GLIBC__ when the C library is glibc */

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
long long cheapstats_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (long long)info.uordblks;
}
#else
long long cheapstats_bytes_in_use(void) { return -1; }
#endif
#else
long long cheapstats_bytes_in_use(void) { return -1; }
#endif
