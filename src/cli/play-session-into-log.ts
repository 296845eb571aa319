// `shoe run SESSION --rules NAME --db PATH [--table ID]`: plays a recorded session into a durable table
// log. Restartable: the session's lines are fed in order, so every line up to the last one on the log is
// done and a run killed at any point and started again finishes the session. As a stream:
// the session is read line by line — once to check every line before anything is written
// (bad input leaves no partial log), once to play it — and the log is read back a page at a time.
import { dirname, resolve } from 'node:path';
import { pino } from 'pino';
import { stat } from 'node:fs/promises';
import { loadRuleSet } from '../config/load-rule-set.js';
import { SqliteEventStore } from '../adapters/store/sqlite-event-store.js';
import { lockTable } from '../adapters/store/table-lock.js';
import { guardTableLog, type LogGuard } from '../composition/log-guard.js';
import { logKeyFromEnv } from '../config/log-key.js';
import { realClock } from '../adapters/clock/real-clock.js';
import { steppingClock } from '../adapters/clock/stepping-clock.js';
import { TableService } from '../app/table/table-service.js';
import { attachProjections } from '../app/displays/attach-projections.js';
import { attachShoePosition } from '../app/table/shoe-position.js';
import { isInputRecord, recordedInput } from '../app/audit/log-records.js';
import { readLogBackwards } from '../app/audit/read-log-pages.js';
import type { EventStore } from '../ports/event-store.js';
import { describeEvent } from '../session/table-story.js';
import type { CommandIO } from './command-spec.js';
import { OperatorError } from './operator-error.js';
import { LineWriter } from './line-writer.js';
import { inputFileSize, readSessionFile } from './session-file.js';
import { SessionProgress } from './session-progress.js';

/** The last session line already on the log (0 when none). */
async function lastSessionLine(store: EventStore, tableId: string): Promise<number> {
  const { version } = await store.head(tableId);
  for await (const e of readLogBackwards(store, tableId, version)) {
    if (!isInputRecord(e)) continue;
    const { origin } = recordedInput(e);
    if (origin.source === 'session' && origin.line !== undefined) return origin.line;
  }
  return 0;
}

async function checkSession(file: string, size: number, io: CommandIO, quiet: boolean): Promise<void> {
  const reading = readSessionFile(file);
  const progress = new SessionProgress('run: checking', size, reading, io, quiet);
  for await (const { line } of reading.lines) progress.update(line);
  progress.finish();
}

async function checkDatabasePath(db: string): Promise<void> {
  const found = await stat(db).catch(() => null);
  if (found?.isDirectory()) throw new OperatorError(`${db}: is a directory; give the table database's file name`);
  const folder = await stat(dirname(db)).catch(() => null);
  if (!folder?.isDirectory()) throw new OperatorError(`${dirname(db)}: no such folder for the table database`);
}

export interface RunSessionOptions {
  readonly file: string;
  readonly rules: string;
  readonly db: string;
  readonly tableId: string;
  readonly synchronous: 'FULL' | 'NORMAL';
  readonly clock: 'stepping' | 'system';
  readonly verbose: boolean;
  readonly quiet: boolean;
  /** The environment variable holding the log key (default SHOE_LOG_KEY when set). */
  readonly keyEnv?: string | undefined;
}

export async function playSessionIntoLog(o: RunSessionOptions, io: CommandIO): Promise<number> {
  const loaded = loadRuleSet(o.rules);
  const size = await inputFileSize(o.file, 'session file');
  await checkDatabasePath(o.db);
  await checkSession(o.file, size, io, o.quiet);
  // Every durable log is written as a table writes it: keyed when a key is given, anchored beside the
  // database, and by one writer at a time (docs/audit.md, "Anchors").
  const key = logKeyFromEnv(o.keyEnv);
  // The lock's and the anchors' times are the machine's; the inputs' are the run's clock.
  const machine = realClock();
  const lock = lockTable(resolve(o.db), o.tableId, new Date(machine.wallNow()));
  const store = new SqliteEventStore({ path: o.db, synchronous: o.synchronous, pollIntervalMs: 0, ...(key ? { macKey: key } : {}) });
  const clock = o.clock === 'system' ? machine : steppingClock();
  const writer = new LineWriter(io.stdout);
  let guard: LogGuard | null = null;
  try {
    guard = await guardTableLog({ tableId: o.tableId, dbPath: resolve(o.db), logger: pino({ level: 'warn' }, pino.destination(2)), clock: machine, ...(key ? { key } : {}) });
    const done = await lastSessionLine(store, o.tableId);
    const service = await TableService.open({ tableId: o.tableId, rules: loaded.rules, rulesId: loaded.rulesId, store, clock });
    await guard.afterOpen(service, store);
    if (service.recovery?.waitsForResume) {
      // The run restarted: the operator of a scripted run resumes the recovered table at once.
      await service.submit({ type: 'supervisor', action: 'resume', by: 'run', reason: 'scripted run restarted' }, { source: 'system', by: 'run' });
    }
    // The display projections go with the run's snapshots: a table started on this log later shows its
    // first view at once instead of folding the whole log (src/app/displays/attach-projections.ts).
    const views = attachProjections(service, store, { decisionSeconds: loaded.rules.timeout.decisionSeconds });
    // So is the shoe's position, where a table started on this log resumes the link (src/app/table/shoe-position.ts).
    await attachShoePosition(service, store);
    const reading = readSessionFile(o.file);
    const progress = new SessionProgress('run', size, reading, io, o.quiet);
    for await (const { line, input } of reading.lines) {
      if (line <= done) continue;
      const result = await service.submit(input, { source: 'session', line });
      if (o.verbose) {
        for (const f of result.facts) {
          const wait = writer.line(describeEvent(f)?.trim() ?? '');
          if (wait) await wait;
        }
      }
      progress.update(line);
    }
    await writer.flush();
    progress.finish();
    views.stop();
    await guard.close();
    guard = null;
    service.close();
    return 0;
  } finally {
    await guard?.dispose();
    await store.close();
    lock.release();
  }
}
