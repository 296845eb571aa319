// Walking the round machine's chart with xstate/graph: the inputs worth trying in each state of the table
// (chart-walk-inputs.ts), an abstraction of the table that keeps the walk finite, and the starting
// tables (a fresh one; one with a card drawn as often as the shoe holds it, so a foreign card exists; one
// just short of the cut-card reserve). It also lists the chart's states and transitions from the machine
// definition, so coverage is counted against the chart itself. Two users: the runner-vs-actor differential
// (docs/adr/0001-fast-chart-runner.md) and `shoe scenarios generate` (chart-scenarios.ts, docs/qa.md).
import { createActor, type AnyStateMachine } from 'xstate';
import { cardIndex } from '../rules/card-counts.js';
import { copiesInShoe, cutCardReserve, shoeSize } from '../rules/shoe-composition.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { MachineEvent, TableInput } from '../round/inputs.js';
import type { TableState } from '../round/table-state.js';
import { roundMachine } from '../round/round-machine.js';
import { foreignReason } from '../round/operations/shoe.js';
import { ALL_CARDS, atTheEnd, cardsFor, cardsOnly, ev, inputsFor, resultsMomentInputs, stubCountInputs, sup, type RoundSnapshot } from './chart-walk-inputs.js';

export type { RoundSnapshot } from './chart-walk-inputs.js';

/** What the walk tells apart in a hand's first two cards: aces (a pair of aces beats everything in classic;
 *  an ace starts a natural), the rest by count only. */
const aces = (cards: readonly string[]): string => cards.slice(0, 2).map((c) => (c[0] === 'A' ? 'A' : 'x')).join('');

/** The table abstracted to what decides which transitions are open next, so the walk is finite. While
 *  paused only what the supervisor's and the shoe's inputs look at counts, with the state to resume. */
export function abstractState(snapshot: RoundSnapshot): string {
  const t = snapshot.context.table;
  const shoe = t.shoe;
  const shoeKey = shoe && [shoe.burnTarget === null ? null : shoe.burnTarget - shoe.burned, shoe.cutCardSeen, shoe.cutCardMissing ?? false];
  if (snapshot.value === 'paused') {
    const resume = Object.values(snapshot.historyValue ?? {}).map((nodes) => nodes.map((n) => n.id));
    // What the procedures look at: seat 1's cards (a correction, a move), a burn called, the shoe run out.
    const seat1 = Math.min(t.boxes[0]?.hands[0]?.cards.length ?? 0, 3);
    return JSON.stringify({ v: 'paused', resume, shoe: shoeKey, open: t.bets.length + t.boxes.length > 0, fault: t.faultCard?.kind ?? null, faults: [...t.shoeFaults].sort(), burn: t.burnCalled, seat1, out: out(snapshot), ...stubKey(t) });
  }
  return JSON.stringify({
    v: snapshot.value,
    shoe: shoeKey,
    bets: t.bets.length > 0,
    boxes: t.boxes.map((b) => [b.offerPending, b.hands.map((h) => `${aces(h.cards)}${Math.min(h.cards.length, 2)}${h.status}${h.pendingDraw ?? ''}`)]),
    dealt: t.dealt,
    dealer: [Math.min(t.dealer.cards.length, 3), t.dealer.holeRevealed],
    faults: [...t.shoeFaults].sort(),
    ...(t.showingResults === true ? { results: true } : {}),
    burn: t.burnCalled,
    out: out(snapshot),
    ...stubKey(t),
  });
}

/** A removed shoe's stub counted (only the stub count's walk counts one, so the other walks' states are as they were). */
function stubKey(t: TableState): { stubCounted?: true } {
  return t.lastReceipt?.counted === true ? { stubCounted: true } : {};
}

/** Every card of the shoe drawn (the shoe ran out), or undefined. */
function out(snapshot: RoundSnapshot): true | undefined {
  const shoe = snapshot.context.table.shoe;
  return shoe !== null && shoe.drawnCount >= shoeSize(snapshot.context.rules) ? true : undefined;
}

export interface StartingPoint {
  readonly name: string;
  /** What the table is like there, in words (a generated scenario's note). */
  readonly words: string;
  readonly snapshot: RoundSnapshot;
  readonly inputs: (s: RoundSnapshot) => MachineEvent[];
}

/** A new table, every input worth trying from the first: what real inputs alone reach. */
export function newTable(rules: RuleSet): StartingPoint {
  const snapshot = createActor(roundMachine, { input: { rules } }).start().getSnapshot();
  return { name: 'new table', words: 'a new table', snapshot, inputs: inputsFor };
}

/** The tables a walk starts from, with the inputs it tries: a fresh table (what may come before any shoe);
 *  burning a shoe with one card drawn as often as
 *  the shoe holds it (so a foreign card exists in every phase; a shoe change or the end of the shoe leads
 *  to awaitingShoe and a fresh shoe), and burning a shoe one card short of the cut-card reserve. */
export function startingPoints(rules: RuleSet): StartingPoint[] {
  const actor = createActor(roundMachine, { input: { rules } }).start();
  actor.send(ev({ type: 'shoe.loaded' }));
  const loaded = actor.getSnapshot();
  const worn = (count: number): RoundSnapshot => {
    const shoe = loaded.context.table.shoe;
    if (!shoe) throw new Error('no shoe loaded');
    const drawn = shoe.drawn.slice();
    let left = count;
    for (const card of [...ALL_CARDS].reverse()) {
      if (left <= 0) break;
      const n = Math.min(rules.deck.decks, left);
      if (foreignReason(loaded.context.table, rules, card) !== null) continue;
      drawn[cardIndex(card)] = n;
      left -= n;
    }
    const table = { ...loaded.context.table, shoe: { ...shoe, drawn, drawnCount: count - Math.max(left, 0) } };
    return roundMachine.resolveState({ value: loaded.value, context: { rules, table } }) as RoundSnapshot;
  };
  const fresh = createActor(roundMachine, { input: { rules } }).start().getSnapshot();
  const timed = createActor(roundMachine, { input: { rules } }).start();
  timed.send(ev({ type: 'results.configured', seconds: 4 }));
  timed.send(ev({ type: 'shoe.loaded' }));
  const end = shoesEnd(rules);
  const beforeAnyShoe = (): MachineEvent[] => [{ type: 'cut-card' }, { type: 'table.recovered' }, { type: 'card', card: 'ZZ' }, { type: 'shoe.loaded' }].map((i) => ev(i as TableInput));
  return [
    { name: 'fresh table', words: 'a new table, before any shoe', snapshot: fresh, inputs: beforeAnyShoe },
    {
      name: 'worn shoe', snapshot: worn(rules.deck.decks), inputs: inputsFor,
      words: `a stated table: burning a new shoe of which every copy of one card was already drawn (${rules.deck.decks} drawn, so a foreign card exists in every phase)`,
    },
    {
      name: 'results moment', snapshot: timed.getSnapshot(), inputs: resultsMomentInputs,
      words: 'a table that holds 4 s for the results after each round: burning a new shoe',
    },
    {
      name: 'near the cut-card reserve', snapshot: worn(shoeSize(rules) - cutCardReserve(rules) - 1), inputs: cardsOnly,
      words: `a stated table: burning a shoe one card short of the cut-card reserve (${shoeSize(rules) - cutCardReserve(rules) - 1} of ${shoeSize(rules)} drawn), no cut card seen`,
    },
    ...(end ? [{ name: 'the shoe\'s end', snapshot: end, inputs: atTheEnd, words: `a stated table: seat 1 bet and betting closed with one card of ${shoeSize(rules)} left in the shoe, cut card seen` }] : []),
    { name: 'a removed shoe', snapshot: receiptedShoeRemoved(rules), inputs: stubCountInputs, words: 'a table with shoe receipts: a shoe loaded, then changed by the supervisor (its receipt written, its stub not counted)' },
  ];
}

/** Receipts on, a shoe loaded and changed: its receipt is written and its stub waits to be counted. */
function receiptedShoeRemoved(rules: RuleSet): RoundSnapshot {
  const actor = createActor(roundMachine, { input: { rules } }).start();
  for (const input of [{ type: 'receipts.configured', on: true }, { type: 'shoe.loaded' }, sup('shoeChange')] as TableInput[]) actor.send(ev(input));
  return actor.getSnapshot();
}

/** A round about to be dealt from a shoe with one card left (the cut card seen): the shoe runs out in the deal. */
function shoesEnd(rules: RuleSet): RoundSnapshot | null {
  const actor = createActor(roundMachine, { input: { rules } }).start();
  actor.send(ev({ type: 'shoe.loaded' }));
  for (let i = 0; i < 60 && actor.getSnapshot().matches({ active: 'burning' }); i++) {
    const card = cardsFor(actor.getSnapshot().context.table, rules).fitting[0];
    if (!card) return null;
    actor.send(ev({ type: 'card', card }));
  }
  actor.send(ev({ type: 'bet', seat: 1, player: 'p1', kind: 'main', amount: 1000 } as TableInput));
  actor.send(ev({ type: 'betting.closed' }));
  const snapshot = actor.getSnapshot();
  const shoe = snapshot.context.table.shoe;
  if (!snapshot.matches({ active: 'dealing' }) || !shoe) return null;
  const drawn = ALL_CARDS.map((card) => copiesInShoe(card, rules));
  const last = drawn.findIndex((n) => n > 0);
  drawn[last] = (drawn[last] ?? 1) - 1;
  const byIndex = new Array<number>(drawn.length).fill(0);
  ALL_CARDS.forEach((card, i) => { byIndex[cardIndex(card)] = drawn[i] ?? 0; });
  const table = { ...snapshot.context.table, shoe: { ...shoe, drawn: byIndex, drawnCount: shoeSize(rules) - 1, cutCardSeen: true } };
  return roundMachine.resolveState({ value: snapshot.value, context: { rules, table } }) as RoundSnapshot;
}

/** Every state node (but the root and history points) and every transition of the chart, by key. */
export function chartInventory(machine: AnyStateMachine): { states: string[]; transitions: Map<unknown, string> } {
  const states: string[] = [];
  const transitions = new Map<unknown, string>();
  const visit = (node: AnyStateMachine['root']): void => {
    if (node !== machine.root && node.type !== 'history') states.push(node.id);
    for (const [type, list] of node.transitions) list.forEach((t, i) => transitions.set(t, `${node.id} on ${type} #${i + 1}`));
    (node.always ?? []).forEach((t, i) => transitions.set(t, `${node.id} always #${i + 1}`));
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return { states, transitions };
}
