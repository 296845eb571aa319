/**
 * An online copy of a live table's SQLite log (`shoe backup`; docs/audit.md, "Backups and restore") with SQLite's backup API
 * (better-sqlite3 `db.backup()`). The copy is taken in one backup step, i.e. inside one read
 * transaction: a consistent snapshot of the committed log at that moment. In WAL mode a reader never
 * blocks the writer, so the table keeps appending while the copy is made (and a step-by-step copy would
 * restart each time the table commits).
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { asUnreadable, UnreadableLogError } from './unreadable-log.js';

/** Every page in one step (the step's read transaction is the snapshot). */
const ALL_PAGES = 0x7fffffff;

export async function backupDatabase(source: string, target: string): Promise<{ pages: number }> {
  if (!existsSync(source)) throw new UnreadableLogError(source, 'no such database');
  let db: Database.Database | undefined;
  try {
    db = new Database(source, { readonly: true, fileMustExist: true });
    const result = await db.backup(target, { progress: () => ALL_PAGES });
    return { pages: result.totalPages };
  } catch (err) {
    throw asUnreadable(source, err);
  } finally {
    db?.close();
  }
}
