// A scenario's stated starting table (`start`, docs/qa.md): a persisted table snapshot without the rule set,
// its shoe's drawn cards written by card ({ "KS": 6 }, the snapshot shape src/round/table-snapshot.ts
// still reads) so a reader sees which cards are gone. Both the round machine's actor and TableEngine
// restore it.
import { createActor, type Snapshot } from 'xstate';
import { cardAt } from '../rules/card-counts.js';
import type { RuleSet } from '../rules/rule-set.js';
import { roundMachine } from '../round/round-machine.js';
import type { TableState } from '../round/table-state.js';
import { upgradeTableSnapshot } from '../round/table-snapshot.js';
import type { RoundSnapshot } from './chart-walk.js';
import type { Scenario } from './scenario-schema.js';

export type StatedStart = NonNullable<Scenario['start']>;

/** The walk's snapshot as a scenario's `start`. */
export function statedStart(rules: RuleSet, snapshot: RoundSnapshot): StatedStart {
  const persisted = JSON.parse(JSON.stringify(createActor(roundMachine, { input: { rules }, snapshot }).getPersistedSnapshot())) as
    { value: StatedStart['value']; historyValue: Record<string, unknown>; context: { table: TableState } };
  const table = persisted.context.table;
  const shoe = table.shoe && {
    ...table.shoe,
    drawn: Object.fromEntries(table.shoe.drawn.flatMap((n, i) => (n > 0 ? [[cardAt(i), n]] : []))),
  };
  const { drawnCount: _count, ...shoeWithoutCount } = shoe ?? { drawnCount: 0 };
  return { value: persisted.value, historyValue: persisted.historyValue, context: { table: { ...table, shoe: shoe ? shoeWithoutCount : null } } };
}

/** A `start` as the persisted snapshot both the actor and the engine restore, with the rule set. */
export function startSnapshot(rules: RuleSet, start: StatedStart): Snapshot<unknown> {
  const table = upgradeTableSnapshot(start.context.table as unknown as TableState);
  return { status: 'active', historyValue: {}, children: {}, ...start, context: { rules, table } } as unknown as Snapshot<unknown>;
}
