// A table log read back as play: each input with its facts, leaving out notes (anchoring records, link
// notes), recovery markers and a scripted run's own resumes — what must be the same whether or not a run
// was killed and restarted on the way (src/cli/play-session-into-log.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { isNoteRecord } from '../../src/app/audit/log-records.js';
import type { StoredEvent } from '../../src/ports/event-store.js';
import { ROOT } from './run-cli.js';

/** The demo's six-deck session written into `dir` whole and cut after its 50th line (mid-round): the two session files. */
export function demoSessionFiles(dir: string): { half: string; whole: string } {
  const demo = readFileSync(join(ROOT, 'config/demo/six-deck-demo.jsonl'), 'utf8').split('\n').filter(Boolean);
  const half = join(dir, 'half.jsonl');
  const whole = join(dir, 'whole.jsonl');
  writeFileSync(half, demo.slice(0, 50).join('\n') + '\n');
  writeFileSync(whole, demo.join('\n') + '\n');
  return { half, whole };
}

export async function readTableLog(db: string, tableId: string): Promise<StoredEvent[]> {
  const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
  try {
    return await store.read(tableId);
  } finally {
    await store.close();
  }
}

export function play(log: readonly StoredEvent[]): string[] {
  const groups: StoredEvent[][] = [];
  for (const e of log) {
    // Notes are not play: where a crash puts them differs from run to run.
    if (isNoteRecord(e.type)) continue;
    if (e.type === 'input' || e.type === 'table.configured') groups.push([e]);
    else groups.at(-1)?.push(e);
  }
  return groups
    .filter(([head]) => {
      const data = head?.data as { input?: { type: string }; by?: string } | undefined;
      return !(data?.input?.type === 'table.recovered' || (data?.input?.type === 'supervisor' && data.by === 'run'));
    })
    .flat()
    .map((e) => JSON.stringify({ type: e.type, round: e.round, data: e.data }));
}
