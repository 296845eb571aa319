// `shoe run SESSION --rules NAME --db PATH [--table ID]`: plays a recorded session into a durable table
// log. Restartable: the session's lines are fed in order, so every line up to the last one on the log is
// done and a run killed at any point and started again finishes the session. As a stream (issue 9
// part 2): the session is read line by line — once to check every line before anything is written
// (bad input leaves no partial log), once to play it — and the log is read back a page at a time.
import { dirname } from 'node:path';
import { stat } from 'node:fs/promises';
import { loadRuleSet } from '../config/load-rule-set.js';
import { SqliteEventStore } from '../adapters/store/sqlite-event-store.js';
import { steppingClock, systemClock } from '../adapters/clock/system-clock.js';
import { TableService } from '../app/table-service.js';
import { isInputRecord, recordedInput } from '../app/log-records.js';
import { readLogBackwards } from '../app/read-log-pages.js';
import type { EventStore } from '../ports/event-store.js';
import { describeEvent } from '../session/table-story.js';
import { defineCommand, type CommandIO } from './command-spec.js';
import { OperatorError } from './cli-errors.js';
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

export const runCommand = defineCommand({
  name: 'run',
  summary: 'Plays a recorded session into a durable table log (SQLite); restartable after a crash.',
  positionals: [{ name: 'SESSION', description: 'the recorded session (JSONL)' }],
  options: {
    rules: { type: 'string', value: 'NAME|PATH', required: true, description: 'the rule set' },
    db: { type: 'string', value: 'PATH', required: true, description: "the table's SQLite log (created when missing)" },
    table: { type: 'string', value: 'ID', default: 'table-1', description: 'the table id' },
    synchronous: { type: 'string', choices: ['FULL', 'NORMAL'], default: 'FULL', description: 'SQLite durability: FULL survives power loss, NORMAL a crash' },
    clock: { type: 'string', choices: ['stepping', 'system'], default: 'stepping', description: 'times on the log: a stepping clock (reproducible) or the system clock' },
    verbose: { type: 'boolean', description: 'tell the story of each fact on stdout' },
    quiet: { type: 'boolean', short: 'q', description: 'no progress line on stderr (shown only on a terminal, after 2 s)' },
  },
  async run(args, io) {
    const file = args.positional[0] as string;
    const { db, table: tableId, quiet } = args.values;
    const loaded = loadRuleSet(args.values.rules);
    const size = await inputFileSize(file, 'session file');
    await checkDatabasePath(db);
    await checkSession(file, size, io, quiet);
    const store = new SqliteEventStore({ path: db, synchronous: args.values.synchronous, pollIntervalMs: 0 });
    const clock = args.values.clock === 'system' ? systemClock : steppingClock();
    const writer = new LineWriter(io.stdout);
    try {
      const done = await lastSessionLine(store, tableId);
      const service = await TableService.open({ tableId, rules: loaded.rules, rulesId: loaded.rulesId, store, clock });
      if (service.recovery?.interrupted) {
        // The run restarted: the operator of a scripted run resumes the recovered table at once.
        await service.submit({ type: 'supervisor', action: 'resume', by: 'run', reason: 'scripted run restarted' }, { source: 'system', by: 'run' });
      }
      const reading = readSessionFile(file);
      const progress = new SessionProgress('run', size, reading, io, quiet);
      for await (const { line, input } of reading.lines) {
        if (line <= done) continue;
        const result = await service.submit(input, { source: 'session', line });
        if (args.values.verbose) {
          for (const f of result.facts) {
            const wait = writer.line(describeEvent(f)?.trim() ?? '');
            if (wait) await wait;
          }
        }
        progress.update(line);
      }
      await writer.flush();
      progress.finish();
      service.close();
      return 0;
    } finally {
      await store.close();
    }
  },
});
