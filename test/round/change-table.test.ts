// The table state is never changed in place (change-table.ts): every state an engine handed out stays what it
// was, input after input, and a step's copy shares nothing an operation may change.
import { describe, expect, test } from 'vitest';
import { knownRuleSets, loadRuleSet } from '../../src/config/load-rule-set.js';
import { TableEngine } from '../../src/round/table-engine.js';
import { copyTable, IN_PLACE } from '../../src/round/change-table.js';
import { TABLE_DRAFT_MODES, tableDrafts } from '../../bench/table-draft-modes.js';
import type { TableState } from '../../src/round/table-state.js';
import { playRandomSession } from '../support/random-session.js';

/** Objects the operations never change (replaced, not mutated): bets, wagers, the fault card. */
const READONLY_KEYS = new Set(['bets', 'wagers', 'faultCard']);
/** Shared by a copy and replaced whole when changed (recordDrawn): the shoe's counts. That they are never
 *  changed in place is what "states handed out earlier never change" holds. */
const REPLACED_KEYS = new Set(['drawn']);

function sharedMutable(copy: unknown, original: unknown, path: string, out: string[]): void {
  if (typeof copy !== 'object' || copy === null) return;
  if (copy === original) {
    out.push(path);
    return;
  }
  for (const key of Object.keys(copy)) {
    const c = (copy as Record<string, unknown>)[key];
    const o = (original as Record<string, unknown>)[key];
    if (REPLACED_KEYS.has(key)) continue;
    if (READONLY_KEYS.has(key)) {
      if (Array.isArray(c)) expect(c, `${path}.${key} is a new array`).not.toBe(o);
      continue;
    }
    sharedMutable(c, o, `${path}.${key}`, out);
  }
}

describe.each(knownRuleSets().map((name) => [name, loadRuleSet(name).rules] as const))('%s', (_name, rules) => {
  test('states handed out earlier never change; a copy shares nothing mutable', () => {
    const { inputs } = playRandomSession(rules, 777, 10);
    const engine = new TableEngine(rules);
    const seen: Array<{ state: TableState; json: string }> = [];
    inputs.forEach((input, i) => {
      engine.submit(input, i + 1);
      const state = engine.table;
      seen.push({ state, json: JSON.stringify(state) });
      const shared: string[] = [];
      sharedMutable(copyTable(state), state, 'table', shared);
      expect(shared, `input ${i + 1}`).toEqual([]);
    });
    for (const [i, { state, json }] of seen.entries()) expect(JSON.stringify(state), `state after input ${i + 1}`).toBe(json);
    expect(new Set(seen.map((s) => s.state)).size).toBeGreaterThan(inputs.length / 2);
  });
});

test('a snapshot of the old shape (drawn cards by name) restores to the counts', () => {
  const rules = loadRuleSet('six-deck').rules;
  const engine = new TableEngine(rules);
  for (const input of [{ type: 'shoe.loaded' }, { type: 'card', card: '9C' }, { type: 'bet', seat: 1, player: 'a', amount: 1000 }] as const) engine.submit(input);
  const snapshot = JSON.parse(JSON.stringify(engine.persistedSnapshot())) as { context: { table: { shoe: Record<string, unknown> } } };
  snapshot.context.table.shoe.drawn = { '9C': 1 };
  delete snapshot.context.table.shoe.drawnCount;
  const restored = new TableEngine(rules, snapshot as never);
  expect(restored.table.shoe?.drawnCount).toBe(1);
  expect(restored.submit({ type: 'betting.closed' })).toEqual(engine.submit({ type: 'betting.closed' }));
  expect(restored.table).toEqual(engine.table);
});

test('every draft mode measured in the bench gives the same facts and leaves earlier states unchanged', () => {
  const rules = loadRuleSet('european').rules;
  const { inputs, events } = playRandomSession(rules, 99, 10);
  for (const mode of TABLE_DRAFT_MODES) {
    const engine = new TableEngine(rules, undefined, { drafts: tableDrafts(mode) });
    const seen: Array<{ state: TableState; json: string }> = [];
    inputs.forEach((input, i) => {
      expect(JSON.stringify(engine.submit(input, i + 1)), `${mode} input ${i + 1}`).toBe(JSON.stringify(events[i]));
      seen.push({ state: engine.table, json: JSON.stringify(engine.table) });
    });
    for (const { state, json } of seen) expect(JSON.stringify(state), mode).toBe(json);
  }
});

test.each(knownRuleSets())('%s: changing the table in place (the simulator\'s drafts) gives the same facts and states as the copy', (name) => {
  const rules = loadRuleSet(name).rules;
  for (const seed of [5, 6]) {
    const { inputs, events } = playRandomSession(rules, seed, 12);
    const engine = new TableEngine(rules, undefined, { drafts: IN_PLACE });
    const copying = new TableEngine(rules);
    inputs.forEach((input, i) => {
      expect(JSON.stringify(engine.submit(input, i + 1)), `input ${i + 1}`).toBe(JSON.stringify(events[i]));
      copying.submit(input, i + 1);
      // The same state; its members may stand in another order (the copy writes each object's in one order).
      expect(engine.table, `state after input ${i + 1}`).toStrictEqual(copying.table);
      expect(engine.phase).toBe(copying.phase);
    });
  }
});

test('two engines stepping interleaved keep their own drafts: each gives the facts it gives alone', () => {
  const rules = loadRuleSet('six-deck').rules;
  const a = playRandomSession(rules, 11, 8);
  const b = playRandomSession(rules, 12, 8);
  const engineA = new TableEngine(rules);
  const engineB = new TableEngine(rules);
  const n = Math.max(a.inputs.length, b.inputs.length);
  for (let i = 0; i < n; i++) {
    const inputA = a.inputs[i];
    const inputB = b.inputs[i];
    if (inputA) expect(JSON.stringify(engineA.submit(inputA, i + 1)), `A input ${i + 1}`).toBe(JSON.stringify(a.events[i]));
    if (inputB) expect(JSON.stringify(engineB.submit(inputB, i + 1)), `B input ${i + 1}`).toBe(JSON.stringify(b.events[i]));
  }
});

test('an engine changing its table in place counts cards in its shoe\'s own counts; a copying engine\'s earlier states keep theirs', () => {
  const rules = loadRuleSet('six-deck').rules;
  const { inputs } = playRandomSession(rules, 21, 4);
  const engine = new TableEngine(rules, undefined, { drafts: IN_PLACE });
  const copying = new TableEngine(rules);
  let counts: readonly number[] | null = null;
  let cards = 0;
  for (const [i, input] of inputs.entries()) {
    const before = copying.table.shoe?.drawn.slice();
    const earlier = copying.table.shoe?.drawn;
    engine.submit(input, i + 1);
    copying.submit(input, i + 1);
    if (earlier !== undefined) expect(earlier, `input ${i + 1}`).toEqual(before);
    const shoe = engine.table.shoe;
    if (input.type === 'shoe.loaded') counts = shoe?.drawn ?? null;
    else if (input.type === 'card' && shoe && counts !== null) {
      expect(shoe.drawn, `input ${i + 1}`).toBe(counts);
      cards += 1;
    }
  }
  expect(cards).toBeGreaterThan(10);
});
