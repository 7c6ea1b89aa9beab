#include <sqlite3.h>

/// Turns off SQLite's allocation statistics, which take a global mutex around every allocation
/// and free, before the first connection opens (`sqlite3_config` is variadic: Swift cannot call
/// it). SQLITE_MISUSE once SQLite is initialised, and harmless then.
static inline int spendly_sqlite3_memstatus_off(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
