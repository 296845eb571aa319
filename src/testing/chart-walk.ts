// Walking the round machine's chart with xstate/graph: the inputs worth trying in each state of the table
// (cards that fit and cards that do not, bets, decisions, timeouts, supervisor commands, shoe faults and
// recoveries, recovery markers), an abstraction of the table that keeps the walk finite, and the starting
// tables (a fresh one; one with a card drawn as often as the shoe holds it, so a foreign card exists; one
// just short of the cut-card reserve). It also lists the chart's states and transitions from the machine
// definition, so coverage is counted against the chart itself. Two users: the runner-vs-actor differential
// (docs/adr/0001-fast-chart-runner.md) and `shoe scenarios generate` (chart-scenarios.ts, docs/qa.md).
import { createActor, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { RANKS, SUITS, type Card } from '../rules/cards.js';
import { cardIndex } from '../rules/card-counts.js';
import { copiesInShoe, cutCardReserve, shoeSize } from '../rules/shoe-composition.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { MachineEvent, TableInput } from '../round/inputs.js';
import type { TableState } from '../round/table-state.js';
import { roundMachine } from '../round/round-machine.js';
import { foreignReason } from '../round/operations/shoe.js';

export type RoundSnapshot = SnapshotFrom<typeof roundMachine>;

const ev = (input: TableInput): MachineEvent => ({ type: input.type, input } as MachineEvent);
const ALL_CARDS: Card[] = RANKS.flatMap((r) => SUITS.map((s) => `${r}${s}` as Card));
/** Ranks tried in play, in order of preference: an ace (offers, naturals), a ten, a six (dealer draws). */
const PLAY_RANKS = ['A', 'K', '6', '7', '9', 'T', 'J', 'Q', '8'];
/** What the walk tells apart in a hand's first two cards: aces (a pair of aces beats everything in classic;
 *  an ace starts a natural), the rest by count only. */
const aces = (cards: readonly string[]): string => cards.slice(0, 2).map((c) => (c[0] === 'A' ? 'A' : 'x')).join('');

/** Up to three cards of different ranks the shoe can still give, and one it cannot (if any). */
function cardsFor(table: TableState, rules: RuleSet): { fitting: Card[]; foreign: Card | null } {
  const fitting: Card[] = [];
  for (const rank of PLAY_RANKS) {
    const card = ALL_CARDS.find((c) => c.startsWith(rank) && foreignReason(table, rules, c) === null);
    if (card) fitting.push(card);
    if (fitting.length === 3) break;
  }
  return { fitting, foreign: ALL_CARDS.find((c) => foreignReason(table, rules, c) !== null) ?? null };
}

const sup = (action: string): TableInput => ({ type: 'supervisor', action, by: 'sup' } as TableInput);
const BETTING: TableInput[] = [
  { type: 'bet', seat: 1, player: 'p1', kind: 'main', amount: 1000 }, { type: 'bet', seat: 1, player: 'p1', kind: 'main', amount: -5 },
  { type: 'bet.cancel', seat: 1, player: 'p1' }, { type: 'bet.cancel', seat: 4, player: 'p9' },
  { type: 'betting.closed' }, { type: 'betting.timeout' }, { type: 'shoe.loaded' },
] as TableInput[];
const DECIDING: TableInput[] = [
  ...(['hit', 'stand', 'double', 'noInsurance', 'insurance'] as const).map((action) => ({ type: 'decision', seat: 1, action })),
  { type: 'decision.timeout', seat: 1 }, { type: 'decision.timeout', seat: 6 },
] as TableInput[];

/** The procedures (docs/procedures.md) tried where a round is dealt: a card corrected on seat 1 and on the
 *  dealer, seat 1's first card moved to its box, a burn called, the discards loaded (by the supervisor and by
 *  the shoe); while paused also an unread card entered and an out-of-turn card burned. */
function procedureInputs(table: TableState, fitting: readonly Card[], paused: boolean): TableInput[] {
  const card = fitting[0];
  const inputs: TableInput[] = [];
  if (table.boxes.length > 0) {
    // A correction names a card other than the one read (the same card is refused).
    const other = (read: Card | undefined): Card | undefined => fitting.find((c) => c !== read);
    const seat1 = other(table.boxes[0]?.hands[0]?.cards.at(-1));
    const dealer = other(table.dealer.cards.at(-1));
    if (seat1) inputs.push({ ...sup('correctCard'), card: seat1, seat: 1 } as TableInput);
    if (dealer) inputs.push({ ...sup('correctCard'), card: dealer } as TableInput);
    const first = table.boxes[0]?.hands[0]?.cards[0];
    if (first) inputs.push({ ...sup('moveCard'), card: first, seat: 1 } as TableInput);
    inputs.push({ ...sup('burnCard'), cause: 'floor' } as TableInput);
  }
  inputs.push(sup('loadDiscards'), { type: 'shoe.loaded' });
  if (paused) {
    if (card) inputs.push({ ...sup('enterCard'), card } as TableInput);
    inputs.push({ ...sup('burnCard'), cause: 'dealerStood' } as TableInput);
  }
  return inputs;
}

/** The inputs tried from a state: what its phase expects, plus what may arrive at any time. While paused,
 *  a new shoe fault is tried only when none is open, so the walk does not enumerate fault combinations. */
export function inputsFor(snapshot: RoundSnapshot): MachineEvent[] {
  const { table, rules } = snapshot.context;
  const phase = typeof snapshot.value === 'string' ? snapshot.value : Object.values(snapshot.value)[0];
  const { fitting, foreign } = cardsFor(table, rules);
  const clean = table.shoeFaults.length === 0 && table.faultCard === null;
  // The table's settings are taken anywhere; the results moment's own walk is resultsMoment's.
  const inputs: TableInput[] = [{ type: 'card', card: 'ZZ' }, { type: 'table.recovered' }, { type: 'results.timeout' }, { type: 'dealer.changed', dealer: 'd1' }, { type: 'results.configured', seconds: 3 }, { type: 'receipts.configured', on: true }];
  if (!table.shoe?.cutCardSeen) inputs.push({ type: 'cut-card' });
  if (foreign) inputs.push({ type: 'card', card: foreign });
  if (phase === 'paused') {
    inputs.push(...fitting.slice(0, 1).map((card) => ({ type: 'card', card }) as TableInput));
    inputs.push(sup('resume'), sup('useCard'), sup('void'), sup('shoeChange'), sup('pause'), { type: 'bet.cancel', seat: 1, player: 'p1' });
    inputs.push({ type: 'shoe.recovered', fault: 'linkDown' }, { type: 'shoe.recovered', fault: 'jam' }, { type: 'shoe.recovered', fault: 'sequenceIncident' });
    if (clean) inputs.push({ type: 'shoe.fault', fault: 'linkDown' }, { type: 'shoe.fault', fault: 'jam' }, { type: 'shoe.fault', fault: 'gremlins' });
    inputs.push(...procedureInputs(table, fitting, true));
    return inputs.map(ev);
  }
  if (phase === 'burning' && (table.shoe?.burned ?? 0) > 0) {
    // Mid-burn, only the next card: every other input was tried at the burn's first step.
    inputs.push(...fitting.slice(0, 1).map((card) => ({ type: 'card', card }) as TableInput));
    return inputs.map(ev);
  }
  inputs.push(...fitting.map((card) => ({ type: 'card', card }) as TableInput));
  inputs.push(sup('void'), sup('shoeChange'), sup('audit'), { type: 'shoe.fault', fault: 'gremlins' }, { type: 'shoe.recovered', fault: 'jam' });
  if (clean) inputs.push(sup('pause'), { type: 'shoe.fault', fault: 'linkDown' }, { type: 'shoe.fault', fault: 'jam' }, { type: 'shoe.fault', fault: 'misread' });
  inputs.push(...procedureInputs(table, fitting, false));
  if (phase === 'betting' || phase === 'awaitingShoe') inputs.push(...BETTING);
  else inputs.push({ type: 'betting.closed' });
  if (phase === 'offers' || phase === 'playing') inputs.push(...DECIDING);
  else inputs.push({ type: 'decision', seat: 1, action: 'stand' });
  return inputs.map(ev);
}

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

/** After a receipted shoe is removed: its stub counted (as the receipt says, and refused below zero), between
 *  rounds and while paused (docs/procedures.md, "Missing cards"). */
function stubCountInputs(snapshot: RoundSnapshot): MachineEvent[] {
  const left = snapshot.context.table.lastReceipt?.left ?? 0;
  const count = (stub: number): TableInput => ({ ...sup('countStub'), stub } as TableInput);
  return [count(left), count(-1), sup('pause'), sup('resume')].map(ev);
}

/** A round played with a results moment (operations/results.ts): the inputs of a plain round, then in the
 *  moment what may come while the results show. The rest of the chart is the other walks'. */
function resultsMomentInputs(snapshot: RoundSnapshot): MachineEvent[] {
  const { table, rules } = snapshot.context;
  const phase = typeof snapshot.value === 'string' ? snapshot.value : Object.values(snapshot.value)[0];
  const { fitting } = cardsFor(table, rules);
  const inputs: TableInput[] = [];
  if (phase === 'paused') inputs.push(sup('resume'), sup('shoeChange'));
  else if (phase === 'burning') inputs.push(...fitting.slice(0, 1).map((card) => ({ type: 'card', card }) as TableInput));
  else if (phase === 'dealing' || phase === 'dealerTurn') inputs.push(...fitting.map((card) => ({ type: 'card', card }) as TableInput));
  else if (phase === 'betting' && table.bets.length === 0) inputs.push({ type: 'bet', seat: 1, player: 'p1', kind: 'main', amount: 1000 } as TableInput);
  else if (phase === 'betting') inputs.push({ type: 'betting.closed' });
  else if (phase === 'offers') inputs.push({ type: 'decision', seat: 1, action: 'noInsurance' });
  else if (phase === 'playing') inputs.push({ type: 'decision', seat: 1, action: 'stand' });
  else if (phase === 'results') {
    inputs.push({ type: 'results.timeout' }, sup('pause'), sup('shoeChange'), sup('void'), { type: 'table.recovered' }, { type: 'dealer.changed', dealer: 'd2' });
    inputs.push({ type: 'bet', seat: 1, player: 'p1', kind: 'main', amount: 1000 } as TableInput, { type: 'results.configured', seconds: 0 });
  }
  return inputs.map(ev);
}

/** Every card of the shoe drawn (the shoe ran out), or undefined. */
function out(snapshot: RoundSnapshot): true | undefined {
  const shoe = snapshot.context.table.shoe;
  return shoe !== null && shoe.drawnCount >= shoeSize(snapshot.context.rules) ? true : undefined;
}

/** Near the cut-card reserve only cards and the supervisor's resume are tried: the walk is there for the
 *  missing cut card, whatever the table does next the other walk has already seen. */
function cardsOnly(snapshot: RoundSnapshot): MachineEvent[] {
  const { fitting, foreign } = cardsFor(snapshot.context.table, snapshot.context.rules);
  return [...fitting, ...(foreign ? [foreign] : [])].map((card) => ev({ type: 'card', card })).concat(ev(sup('resume')));
}

/** At the shoe's end only what the round needs, the pause and the discards loaded are tried: the walk is there
 *  for the shoe running out mid-round (docs/procedures.md). */
function atTheEnd(snapshot: RoundSnapshot): MachineEvent[] {
  const { fitting, foreign } = cardsFor(snapshot.context.table, snapshot.context.rules);
  const inputs: TableInput[] = [...fitting.slice(0, 1), ...(foreign ? [foreign] : [])].map((card) => ({ type: 'card', card }) as TableInput);
  inputs.push(sup('pause'), sup('resume'), sup('loadDiscards'), { type: 'shoe.loaded' }, { type: 'decision', seat: 1, action: 'stand' }, { type: 'decision', seat: 1, action: 'noInsurance' });
  return inputs.map(ev);
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
