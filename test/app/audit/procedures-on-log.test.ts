// Every dealer-error procedure (docs/procedures.md) written to a real table log through the table service, as a
// table writes it: `verify` re-derives every procedure's facts from the recorded inputs (a procedure fact
// changed on the log is caught), replay gives the same facts, and `shoe recall` tells each step in words.
import { describe, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../../src/adapters/store/sqlite-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { runReplayHalf, verifyLog } from '../../../src/app/audit/verify-log.js';
import { recallCommand } from '../../../src/cli/log-commands.js';
import type { CommandArgs, OptionSpecs } from '../../../src/cli/command-spec.js';
import type { StoredEvent } from '../../../src/ports/event-store.js';
import type { TableInput } from '../../../src/round/inputs.js';
import { loadScenarios } from '../../support/scenario.js';
import { alarmsOf } from '../../../src/app/displays/integrity-alarms.js';
import { ChainVerifier } from '../../../src/log/event-chain.js';
import { describeEvent } from '../../../src/session/table-story.js';
import type { TableEvent } from '../../../src/round/events.js';

const SCENARIOS = loadScenarios(join(import.meta.dirname, '../../scenarios'));

/** Each procedure's scenario, the fact it must leave on the log, and words recall must say for it. */
const PROCEDURES: readonly { file: string; fact: string; words: RegExp }[] = [
  { file: 'six-deck-misscan-manual-entry.json', fact: 'card.entered', words: /Card 7H entered by hand by sup1 \(the shoe could not read it\)\./ },
  { file: 'six-deck-misscan-correction-stands.json', fact: 'card.corrected', words: /card read as \w\w is \w\w \(\d+\)\./ },
  { file: 'six-deck-misscan-correction-void.json', fact: 'card.corrected', words: /Round 1 voided by \w+: / },
  { file: 'six-deck-misplaced-card-moved.json', fact: 'card.moved', words: /Card \w\w moved to seat \d hand \d, where the table dealt it\./ },
  { file: 'six-deck-exposed-card-burned.json', fact: 'burn.called', words: /Card \w\w burned: card exposed; the next card takes its place\./ },
  { file: 'deluxe-card-on-floor-burned.json', fact: 'burn.called', words: /Burn called: card on the floor; the next card is burned\./ },
  { file: 'european-face-up-card-burned.json', fact: 'burn.called', words: /burned: card face up in the shoe;/ },
  { file: 'six-deck-dealer-draw-on-standing-burned.json', fact: 'card.burned', words: /burned: dealer drew on a standing hand; the dealer's hand stands\./ },
  { file: 'six-deck-dealer-change-burn.json', fact: 'burn.called', words: /Card 5C burned: new dealer on duty; the next card takes its place\./ },
  // (A shoe change between rounds writes its receipt in a round with no deal, which recall does not list: the
  // receipt's words for it are checked below.)
  { file: 'six-deck-shoe-change-receipt.json', fact: 'shoe.receipt', words: /Round 1 over\./ },
  { file: 'classic-17plus4-shoe-runs-out-receipt.json', fact: 'shoe.receipt', words: /Shoe 1 removed when it ran out mid-round: 32 loaded, 32 drawn/ },
  { file: 'six-deck-stub-counted-missing-card.json', fact: 'shoe.stubCounted', words: /^\S+ #\d+ Stub of shoe 1 counted by sup1: 306 cards, 307 expected: 1 missing — look for them on the floor, the table and the discards\. \[sup1\]$/ },
  { file: 'classic-17plus4-shoe-runs-out.json', fact: 'shoe.reloaded', words: /Shoe ran out: the discards reshuffled as shoe 2 \(\d+ cards; \d+ on the table\)\./ },
];

async function writeLog(file: string): Promise<{ db: string; events: StoredEvent[] }> {
  const scenario = SCENARIOS.find((s) => s.file === file);
  if (!scenario) throw new Error(`no scenario ${file}`);
  const dir = mkdtempSync(join(tmpdir(), 'procedure-log-'));
  const { rules, rulesId } = loadRuleSet(scenario.rules);
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), pollIntervalMs: 0 });
  const service = await TableService.open({ tableId: 't1', rules, rulesId, store, clock: steppingClock() });
  for (const input of scenario.inputs as TableInput[]) {
    const shoe = input.type === 'card' || input.type === 'shoe.loaded' || input.type === 'shoe.fault';
    await service.submit(input, shoe ? { source: 'shoe', by: 'shoe' } : { source: 'api', by: input.type === 'supervisor' ? 'sup1' : 'gs' });
  }
  service.close();
  const events = await store.read('t1');
  await store.close();
  return { db: join(dir, 't1.db'), events };
}

function recallArgs(db: string): CommandArgs<OptionSpecs> {
  return { command: 'recall', positional: [db], options: new Map([['last', '5'], ['format', 'text']]), flags: new Set(), values: { last: 5, format: 'text' } as unknown as CommandArgs<OptionSpecs>['values'] };
}

describe('every procedure on a real log: verify and replay re-derive its facts, recall tells it', () => {
  test.each(PROCEDURES)('$file', async ({ file, fact, words }) => {
    const { db, events } = await writeLog(file);
    const at = events.findIndex((e) => e.type === fact);
    expect(at, `${fact} on the log`).toBeGreaterThan(0);
    expect(events.some((e) => e.type === 'input.rejected' && (e.data as { input: TableInput }).input.type === 'supervisor' && !file.includes('misplaced')), 'no procedure refused').toBe(false);
    expect(verifyLog(events)).toMatchObject({ ok: true, events: events.length });

    // The round machine's half alone (the chain half would catch any change first): a procedure's fact
    // changed on the log is not what the re-run derives, and it says at which event.
    expect(runReplayHalf(events).problem).toBeUndefined();
    const changed = events.map((e, i) => (i === at ? { ...e, data: { ...e.data, round: 99 } } : e));
    expect(runReplayHalf(changed).problem).toMatchObject({ seq: events[at]!.seq });

    const lines: string[] = [];
    expect(await recallCommand(recallArgs(db), (line) => lines.push(line))).toBe(0);
    expect(lines.some((l) => words.test(l)), `recall says ${String(words)}:\n${lines.join('\n')}`).toBe(true);
    for (const line of lines) expect(line).not.toMatch(/undefined|\[object|Fact [\w.]+, unknown/);
  });

  test('a receipt with anomalies raises the supervisor\'s alarm in words; shoe recall --shoes lists it', async () => {
    const { events } = await writeLog('six-deck-shoe-change-receipt.json');
    const chain = new ChainVerifier();
    const alarms = events.flatMap((e) => alarmsOf(e, chain)).filter((a) => a.kind === 'shoeAnomaly');
    expect(alarms).toHaveLength(1);
    const receipt = events.find((e) => e.type === 'shoe.receipt');
    expect(describeEvent({ type: 'shoe.receipt', ...receipt?.data } as TableEvent)).toBe('Shoe 1 removed by a shoe change: 312 loaded, 7 drawn (4 dealt, 2 burned, 1 of them in play, 1 set aside), 305 left in the shoe, 0 foreign. Check: cards were set aside — they go to the discards, not back into play; cards were burned in play — check each cause on the log.');
    const { db } = await writeLog('six-deck-shoe-change-receipt.json');
    const report: string[] = [];
    const args = recallArgs(db);
    expect(await recallCommand({ ...args, flags: new Set(['shoes']) }, (line) => report.push(line))).toBe(0);
    expect(report).toHaveLength(1);
    expect(report[0]).toMatch(/^\S+ #\d+ Shoe 1 removed by a shoe change: 312 loaded, 7 drawn .* Check: cards were set aside/);
    expect(alarms[0]?.text).toBe('shoe 1: cards were set aside — they go to the discards, not back into play; cards were burned in play — check each cause on the log');
  });

  test('a stub counted short raises the supervisor\'s alarm; shoe recall --shoes lists the receipt, then the count, in words and JSON', async () => {
    const { db, events } = await writeLog('six-deck-stub-counted-missing-card.json');
    const chain = new ChainVerifier();
    const alarms = events.flatMap((e) => alarmsOf(e, chain)).filter((a) => a.kind === 'shoeAnomaly');
    expect(alarms.map((a) => a.text)).toEqual(['shoe 1 stub: 1 missing — look for them on the floor, the table and the discards']);
    const report: string[] = [];
    const args = recallArgs(db);
    expect(await recallCommand({ ...args, flags: new Set(['shoes']) }, (line) => report.push(line))).toBe(0);
    expect(report).toHaveLength(2);
    expect(report[0]).toMatch(/Shoe 1 removed by a shoe change: 312 loaded, 5 drawn \(4 dealt, 1 burned, 0 set aside\), 307 left in the shoe, 0 foreign\.$/);
    expect(report[1]).toMatch(/Stub of shoe 1 counted by sup1: 306 cards, 307 expected: 1 missing/);
    const json: string[] = [];
    expect(await recallCommand({ ...args, options: new Map([...args.options, ['format', 'json']]), flags: new Set(['shoes']) }, (line) => json.push(line))).toBe(0);
    expect(JSON.parse(json.join('\n'))).toMatchObject({ receipts: [{ shoe: 1, left: 307 }], stubCounts: [{ shoe: 1, stub: 306, left: 307, missing: 1, by: 'sup1' }] });
  });
});
