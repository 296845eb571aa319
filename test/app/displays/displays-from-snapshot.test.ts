// Ready fast on any log it wrote (docs/live-table.md, "Displays"): `shoe run` keeps the display
// projections with the table's snapshots, so a table opened on the log resumes the views from the snapshot
// — it folds only the tail, not the log from seq 1 — and shows exactly the views a full fold would.
import { expect, test } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { TableProjections } from '../../../src/app/displays/table-projections.js';
import { attachProjections } from '../../../src/app/displays/attach-projections.js';
import { tableMeta } from '../../../src/app/displays/table-meta.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { playRandomSession } from '../../support/random-session.js';
import { runCli } from '../../support/run-cli.js';

test('a table opened on a log written by `shoe run` resumes its views from the snapshot and shows what a full fold shows', async () => {
  const { rules, rulesId } = loadRuleSet('six-deck');
  const dir = mkdtempSync(join(tmpdir(), 'views-snapshot-'));
  const session = join(dir, 'session.jsonl');
  const inputs = [1, 2, 3].flatMap((seed) => [...playRandomSession(rules, seed, 120).inputs, { type: 'supervisor', action: 'shoeChange', by: 'test', reason: 'next' }]);
  writeFileSync(session, inputs.map((i) => JSON.stringify(i)).join('\n') + '\n');
  const db = join(dir, 't1.db');
  const run = await runCli(['run', session, '--rules', 'six-deck', '--db', db, '--table', 't1', '--synchronous', 'NORMAL', '--quiet']);
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);

  const store = new SqliteEventStore({ path: db, pollIntervalMs: 0 });
  try {
    const service = await TableService.open({ tableId: 't1', rules, rulesId, store, clock: steppingClock() });
    const length = service.position;
    expect(length).toBeGreaterThan(2000);
    const resumed = attachProjections(service, store, { decisionSeconds: rules.timeout.decisionSeconds });
    const full = new TableProjections({ store, tableId: 't1', meta: tableMeta('t1', rules), rules, decisionSeconds: rules.timeout.decisionSeconds, live: service, clock: service.clock });
    full.start();
    try {
      const [a, b] = [await resumed.current('public'), await full.current('public')];
      expect(JSON.parse(a.json)).toEqual(JSON.parse(b.json));
      expect(JSON.parse((await resumed.current('supervisor')).json)).toEqual(JSON.parse((await full.current('supervisor')).json));
      expect(JSON.parse((await resumed.current('dealer')).json)).toEqual(JSON.parse((await full.current('dealer')).json));
      // The cost follows the tail since the last snapshot, not the log.
      expect(full.folded).toBeGreaterThanOrEqual(length - 1);
      expect(resumed.folded).toBeLessThan(length / 4);
    } finally {
      resumed.stop();
      full.stop();
      service.close();
    }
  } finally {
    await store.close();
  }
}, 120_000);
