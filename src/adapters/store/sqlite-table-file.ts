// A table's SQLite log addressed by its file (the auditor's `verify DB`, `recall DB`, `export DB`):
// finds the table id the file holds and opens the store on exactly that file.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { SqliteEventStore } from './sqlite-event-store.js';

export class NotATableLogError extends Error {}

export function openTableFile(path: string): { store: SqliteEventStore; tableId: string } {
  if (!existsSync(path)) throw new NotATableLogError(`${path}: no such database`);
  let tableId: string | undefined;
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      tableId = db.prepare<[], { stream: string }>('SELECT stream FROM events ORDER BY seq LIMIT 1').get()?.stream;
    } finally {
      db.close();
    }
  } catch (err) {
    throw new NotATableLogError(`${path}: not a table log (${(err as Error).message})`);
  }
  if (tableId === undefined) throw new NotATableLogError(`${path}: the log is empty`);
  return { store: new SqliteEventStore({ path, pollIntervalMs: 0 }), tableId };
}
