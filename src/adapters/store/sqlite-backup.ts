/**
 * An online copy of a live table's SQLite log (`shoe backup`; docs/audit.md, "Backups and restore") with SQLite's backup API
 * (better-sqlite3 `db.backup()`). The copy is taken in one backup step, i.e. inside one read
 * transaction: a consistent snapshot of the committed log at that moment. In WAL mode a reader never
 * blocks the writer, so the table keeps appending while the copy is made (and a step-by-step copy would
 * restart each time the table commits).
 *
 * A live log of an older format is copied into the current one instead (sqlite-log-migration.ts: the same
 * events, ids and hashes, read in one read transaction too): every writer writes the current format.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { asUnreadable, UnreadableLogError } from './unreadable-log.js';
import { LOG_FORMAT, logFormatOf } from './sqlite-schema.js';
import { copyIntoCurrentFormat } from './sqlite-log-migration.js';

/** Every page in one step (the step's read transaction is the snapshot). */
const ALL_PAGES = 0x7fffffff;

/** `fromFormat`: the live log's format when the copy was brought to the current one on the way. */
export async function backupDatabase(source: string, target: string): Promise<{ pages: number; fromFormat?: number }> {
  if (!existsSync(source)) throw new UnreadableLogError(source, 'no such database');
  let db: Database.Database | undefined;
  try {
    db = new Database(source, { readonly: true, fileMustExist: true });
    const format = logFormatOf(db);
    if (format !== 0 && format !== LOG_FORMAT) {
      copyIntoCurrentFormat(db, target);
      const copy = new Database(target, { readonly: true });
      try {
        return { pages: Number(copy.pragma('page_count', { simple: true })), fromFormat: format };
      } finally {
        copy.close();
      }
    }
    const result = await db.backup(target, { progress: () => ALL_PAGES });
    return { pages: result.totalPages };
  } catch (err) {
    throw asUnreadable(source, err);
  } finally {
    db?.close();
  }
}
