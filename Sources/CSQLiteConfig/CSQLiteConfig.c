#include "CSQLiteConfig.h"

int csqlite_set_triggers_enabled(sqlite3 *db, int enabled) {
  int now = 0;
  return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled, &now);
}
