// One writer per table (docs/operations.md, "One controller per table"): a controller holds an operating
// system lock on `<database>.lock` for as long as it runs the table, so a second controller started on the
// same table and database is refused at once, naming the holder. The lock is SQLite's own exclusive file
// lock on a small side database (locking_mode=EXCLUSIVE keeps it after the first write until the
// connection closes), so the kernel releases it when the holder dies in any way, kill -9 included: no
// stale lock to clean up. The holder's pid, host and start time sit beside it in `<database>.lock.json`
// for the refusal's message (the locked database itself cannot be read by the one refused).
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { hostname } from 'node:os';
import { storageTrouble, TableStorageError } from './storage-trouble.js';

export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  readonly startedAt: string;
  readonly tableId: string;
}

/** Another controller runs this table; the message names it and what to do. */
export class TableLockedError extends Error {
  constructor(readonly lockFile: string, readonly holder: LockHolder | null) {
    super(holder
      ? `table ${holder.tableId} is already run by another controller: pid ${holder.pid} on ${holder.host}, since ${holder.startedAt} (lock ${lockFile}); stop that controller first, one controller per table`
      : `the table's database is locked by another controller (lock ${lockFile}); stop that controller first, one controller per table`);
  }
}

export interface TableLock {
  readonly file: string;
  release(): void;
}

function readHolder(file: string): LockHolder | null {
  try {
    return JSON.parse(readFileSync(`${file}.json`, 'utf8')) as LockHolder;
  } catch {
    return null;
  }
}

/**
 * Takes the table's lock or throws TableLockedError. `now` is the start time recorded for the holder. A disk
 * that cannot take the lock's files (full, read-only) throws TableStorageError, and whatever this call
 * created — folders, the lock file, its temporary holder file — is removed again.
 */
export function lockTable(databasePath: string, tableId: string, now: Date): TableLock {
  const file = `${databasePath}.lock`;
  const folder = dirname(file);
  const lockExisted = existsSync(file);
  let createdFolder: string | undefined;
  let db: Database.Database | undefined;
  const undo = () => {
    db?.close();
    rmSync(`${file}.json.tmp`, { force: true });
    if (!lockExisted) for (const suffix of ['', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    if (createdFolder !== undefined) rmSync(createdFolder, { recursive: true, force: true });
  };
  try {
    createdFolder = mkdirSync(folder, { recursive: true }); // a new table: its database's folder may not exist yet
    db = new Database(file);
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    // The first write takes the exclusive lock; EXCLUSIVE mode keeps it until the connection closes.
    db.exec('CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY, taken_at TEXT NOT NULL)');
    db.prepare('INSERT OR REPLACE INTO lock (id, taken_at) VALUES (1, ?)').run(now.toISOString());
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
      db?.close();
      throw new TableLockedError(file, readHolder(file));
    }
    undo();
    const trouble = storageTrouble(err);
    throw trouble !== undefined ? new TableStorageError(folder, trouble) : err;
  }
  const holder: LockHolder = { pid: process.pid, host: hostname(), startedAt: now.toISOString(), tableId };
  try {
    writeFileSync(`${file}.json.tmp`, `${JSON.stringify(holder)}\n`);
    renameSync(`${file}.json.tmp`, `${file}.json`);
  } catch (err) {
    undo();
    const trouble = storageTrouble(err);
    throw trouble !== undefined ? new TableStorageError(folder, trouble) : err;
  }
  const held = db;
  let holding = true;
  return {
    file,
    release() {
      if (!holding) return;
      holding = false;
      rmSync(`${file}.json`, { force: true });
      held.close();
    },
  };
}
