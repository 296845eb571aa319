// A copy of a SQLite table log with an edit applied to it, for tests that damage logs on purpose: the
// append-only triggers (src/adapters/store/sqlite-schema.ts, sqlite-mac-schema.ts) are dropped in the copy
// first, so the edit can update or delete what the product never would.
import { copyFileSync } from 'node:fs';
import Database from 'better-sqlite3';

const APPEND_ONLY_TRIGGERS = ['events_no_update', 'events_no_delete', 'event_macs_no_update', 'event_macs_no_delete'];

/** Copies `from` to `file`, drops its append-only triggers, applies `edit`; returns `file`. */
export function damagedCopy(from: string, file: string, edit: (sql: Database.Database) => void): string {
  copyFileSync(from, file);
  const sql = new Database(file);
  try {
    sql.exec(APPEND_ONLY_TRIGGERS.map((name) => `DROP TRIGGER IF EXISTS ${name};`).join(' '));
    edit(sql);
  } finally {
    sql.close();
  }
  return file;
}
