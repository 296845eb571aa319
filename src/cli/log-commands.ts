// `shoe run`, `shoe verify DB`, `shoe recall DB --last N`, `shoe export DB --format session`.
import { readFileSync } from 'node:fs';
import { loadRuleSet } from '../config/load-rule-set.js';
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { SqliteEventStore } from '../adapters/store/sqlite-event-store.js';
import { steppingClock, systemClock } from '../adapters/clock/system-clock.js';
import { TableService } from '../app/table-service.js';
import { verifyLog } from '../app/verify-log.js';
import { recallLastRounds } from '../app/displays/recall-last-rounds.js';
import { exportSession } from '../app/export-session.js';
import { isInputRecord, recordedInput } from '../app/log-records.js';
import { parseSession } from '../session/parse-session.js';
import { describeEvent } from '../session/table-story.js';
import { UsageError, type ParsedArgs } from './args.js';

type Out = (line: string) => void;

function dbArg(args: ParsedArgs, command: string): string {
  const db = args.positional[0];
  if (!db) throw new UsageError(`${command} needs a table database: shoe ${command} DB`);
  return db;
}

export async function verifyCommand(args: ParsedArgs, out: Out): Promise<number> {
  const { store, tableId } = openTableFile(dbArg(args, 'verify'));
  try {
    const verdict = verifyLog(await store.read(tableId));
    if (verdict.ok) {
      out(`OK ${tableId}: ${verdict.events} events, ${verdict.inputs} inputs, ${verdict.rounds} rounds; hash chain intact, every derived event matches`);
      return 0;
    }
    out(`MISMATCH ${tableId} at event ${verdict.seq}: ${verdict.problem}`);
    return 1;
  } finally {
    await store.close();
  }
}

export async function recallCommand(args: ParsedArgs, out: Out): Promise<number> {
  const last = Number(args.options.get('last') ?? '10');
  if (!Number.isInteger(last) || last < 1) throw new UsageError('--last takes a whole number of rounds');
  const format = args.options.get('format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`unknown format "${format}": text or json`);
  const { store, tableId } = openTableFile(dbArg(args, 'recall'));
  try {
    // From the round index: the cost is the rounds asked for, not the log (issue 11).
    const rounds = await recallLastRounds(store, tableId, last);
    if (format === 'json') out(JSON.stringify({ tableId, rounds }, null, 2));
    else {
      for (const r of rounds) {
        out(`== ${tableId} round ${r.round} ==`);
        for (const step of r.steps) {
          const text = describeEvent(step.fact);
          if (text !== null) out(`${step.wallTime} #${step.seq} ${text.trim()}${step.by ? ` [${step.by}]` : ''}`);
        }
      }
    }
    return 0;
  } finally {
    await store.close();
  }
}

export async function exportCommand(args: ParsedArgs, out: Out): Promise<number> {
  const format = args.options.get('format') ?? 'session';
  if (format !== 'session') throw new UsageError(`unknown format "${format}": session`);
  const { store, tableId } = openTableFile(dbArg(args, 'export'));
  try {
    for (const input of exportSession(await store.read(tableId))) out(JSON.stringify(input));
    return 0;
  } finally {
    await store.close();
  }
}

/**
 * `shoe run SESSION --rules NAME --db PATH [--table ID] [--clock system|stepping]`: plays a recorded session
 * into a durable table log. Restartable: inputs already in the log (by session line) are not fed again,
 * so a run killed at any point and started again finishes the session.
 */
export async function runCommand(args: ParsedArgs, out: Out): Promise<number> {
  const file = args.positional[0];
  if (!file) throw new UsageError('run needs a session file: shoe run SESSION --rules NAME --db PATH');
  const db = args.options.get('db');
  if (!db) throw new UsageError('run needs --db PATH');
  const loaded = loadRuleSet(args.options.get('rules') ?? 'six-deck');
  const session = parseSession(readFileSync(file, 'utf8'));
  const tableId = args.options.get('table') ?? 'table-1';
  const store = new SqliteEventStore({ path: db, synchronous: args.options.get('synchronous') === 'NORMAL' ? 'NORMAL' : 'FULL', pollIntervalMs: 0 });
  const clock = args.options.get('clock') === 'system' ? systemClock : steppingClock();
  try {
    const done = new Set((await store.read(tableId)).filter(isInputRecord).map((e) => recordedInput(e).origin.line));
    const service = await TableService.open({ tableId, rules: loaded.rules, rulesId: loaded.rulesId, store, clock });
    if (service.recovery?.interrupted) {
      // The run restarted: the operator of a scripted run resumes the recovered table at once.
      await service.submit({ type: 'supervisor', action: 'resume', by: 'run', reason: 'scripted run restarted' }, { source: 'system', by: 'run' });
    }
    for (const { line, input } of session) {
      if (done.has(line)) continue;
      const result = await service.submit(input, { source: 'session', line });
      if (args.flags.has('verbose')) for (const f of result.facts) out(describeEvent(f)?.trim() ?? '');
    }
    service.close();
    return 0;
  } finally {
    await store.close();
  }
}
