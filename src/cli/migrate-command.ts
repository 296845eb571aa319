// `shoe migrate DB` (options: its spec): brings a table log of an older format to the current one
// (docs/event-log.md, "Log formats"), all or nothing. With the table's lock held (no controller may run it
// meanwhile): the log is verified as `verify` does (chain, MACs with the key, every derived fact, its
// anchors); it is copied into DB.migrating in the current format (sqlite-log-migration.ts: every event's
// hash is checked against its stored bytes as it goes in); the copy is verified the same way and must end
// at the same head (seq and hash: the anchors stay valid); only then is it synced and renamed over DB, an
// atomic step. Anything that fails before leaves DB as it was and removes the copy.
// Exit 0: migrated (or already current). 1: the log (or its copy) does not verify. 2: unreadable or locked.
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { copyIntoCurrentFormat, syncFile } from '../adapters/store/sqlite-log-migration.js';
import { lockTable } from '../adapters/store/table-lock.js';
import { realClock } from '../adapters/clock/real-clock.js';
import { UnreadableLogError } from '../adapters/store/unreadable-log.js';
import { LOG_FORMAT } from '../adapters/store/sqlite-schema.js';
import { logKeyFromEnv } from '../config/log-key.js';
import type { CommandArgs, CommandIO, OptionSpecs } from './command-spec.js';
import { Progress } from './progress.js';
import { verifyLogFile } from './verify-log-file.js';
import { PARALLEL_FROM, verifyOneLog } from './verify-one-log.js';

/** Folds the WAL into the database file, so the file alone is the whole log (the lock is held: no writer). */
function checkpoint(db: string): void {
  const sql = new Database(db, { fileMustExist: true });
  try {
    const [result] = sql.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    if (result && result.busy !== 0) throw new UnreadableLogError(db, 'another program is reading or writing the log: stop it, then migrate');
  } finally {
    sql.close();
  }
}

/** Whether a database's WAL holds frames not yet in the file. */
function walHolds(file: string): boolean {
  return existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0;
}

function removeCopy(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
}

export async function migrateCommand(args: CommandArgs<OptionSpecs>, io: Pick<CommandIO, 'out' | 'stderr' | 'now'>, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const db = args.positional[0] as string;
  const key = logKeyFromEnv(args.options.get('key-env'), env);
  const quiet = args.flags.has('quiet');
  const threads = Math.max(1, availableParallelism());
  const progress = (label: string) => new Progress({ stream: io.stderr, now: io.now, label, unit: 'events', quiet });

  const probe = SqliteLogReader.open(db);
  const { tableId, format } = probe;
  probe.close();
  if (format === LOG_FORMAT) {
    io.out(`ALREADY ${tableId}: ${db} is in log format ${LOG_FORMAT}; nothing to do`);
    return 0;
  }
  const lock = lockTable(resolve(db), tableId, new Date(realClock().wallNow()));
  const copy = `${db}.migrating`;
  try {
    checkpoint(db);
    const head = (() => {
      const r = SqliteLogReader.open(db, tableId);
      try {
        return r.head();
      } finally {
        r.close();
      }
    })();

    const checking = progress('migrate: verifying');
    const before = await verifyOneLog(db, { ...(key ? { key } : {}), threads, parallelFrom: PARALLEL_FROM, noAnchorOk: true, onProgress: (done, all) => checking.update(done, all) });
    checking.finish();
    if (before.exitCode !== 0) {
      io.out(`REFUSED ${tableId}: ${db} does not verify, so it was not migrated: ${before.line}`);
      return 1;
    }

    removeCopy(copy); // a copy left by a migration that was killed
    try {
      const copying = progress('migrate: copying');
      const source = new Database(db, { readonly: true, fileMustExist: true });
      try {
        copyIntoCurrentFormat(source, copy, (done, all) => copying.update(done, all));
      } finally {
        source.close();
      }
      copying.finish();
      const reader = SqliteLogReader.open(copy, tableId);
      try {
        const copied = reader.head();
        if (reader.format !== LOG_FORMAT || copied.seq !== head.seq || copied.hash !== head.hash) {
          io.out(`REFUSED ${tableId}: the copy ends at seq ${copied.seq}, not at the log's head ${head.seq}: ${db} was not migrated`);
          removeCopy(copy);
          return 1;
        }
        const rechecking = progress('migrate: verifying the copy');
        const after = await verifyLogFile(reader, { to: copied.seq, threads: copied.seq >= PARALLEL_FROM ? threads : 1, ...(key ? { key } : {}), onProgress: (done) => rechecking.update(done, copied.seq), progressEvery: 20_000 });
        rechecking.finish();
        if (!after.ok) {
          io.out(`REFUSED ${tableId}: the copy in format ${LOG_FORMAT} does not verify at event ${after.seq} (${after.problem}): ${db} was not migrated`);
          removeCopy(copy);
          return 1;
        }
      } finally {
        reader.close();
      }
      // The copy is whole and checked: on the disk, then in place in one rename. The old log's WAL is
      // empty (checkpointed above, nothing writes under the lock): its files go with it.
      // The readers of the copy leave an empty WAL and its index beside it: they go too, before the rename.
      syncFile(copy);
      if (walHolds(db)) throw new UnreadableLogError(db, 'something wrote to the log during the migration: it was not migrated');
      if (walHolds(copy)) throw new UnreadableLogError(copy, 'something wrote to the copy during the migration: the log was not migrated');
      for (const f of [`${db}-wal`, `${db}-shm`, `${copy}-wal`, `${copy}-shm`]) rmSync(f, { force: true });
      renameSync(copy, db);
      syncFile(dirname(resolve(db)));
    } catch (err) {
      removeCopy(copy);
      throw err;
    }
    io.out(`MIGRATED ${tableId}: ${db} from log format ${format} to ${LOG_FORMAT}: ${head.seq} events, the same hashes (head at seq ${head.seq}, ${head.hash}); verified before and after`);
    return 0;
  } finally {
    lock.release();
  }
}
