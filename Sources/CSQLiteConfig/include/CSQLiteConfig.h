#ifndef CSQLITECONFIG_H
#define CSQLITECONFIG_H

#include <sqlite3.h>

/// Turns the firing of triggers on (1) or off (0) for the connection `db`
/// (`SQLITE_DBCONFIG_ENABLE_TRIGGER`; `sqlite3_db_config` is variadic, which Swift cannot call).
/// Statements prepared before are prepared again on their next step. Returns an SQLite result
/// code.
int csqlite_set_triggers_enabled(sqlite3 *db, int enabled);

#endif
