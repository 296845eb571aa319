/* What the two files of verify's SQLite extension share (chain_check.c registers both functions). */
#ifndef VERIFY_FUNCTIONS_H
#define VERIFY_FUNCTIONS_H
#include <sqlite3ext.h>

/* Whether the bytes are UTF-8 as JavaScript reads them back unchanged (no surrogates, no overlongs). */
int valid_utf8(const unsigned char *s, int n);
/* Adds records_page (records_page.c). */
int records_page_register(sqlite3 *db);
#endif
