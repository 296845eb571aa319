// The inputs a walk of the round machine's chart tries from each state of the table (chart-walk.ts walks it):
// cards that fit and cards that do not, bets, decisions, timeouts, supervisor commands and the procedures of
// docs/procedures.md, shoe faults and recoveries, recovery markers — all of them where the phase expects
// them, fewer where a starting point's walk is there for one thing only (the cut-card reserve, the shoe's
// end, the results moment, a removed shoe's stub).
import type { SnapshotFrom } from 'xstate';
import { RANKS, SUITS, type Card } from '../rules/cards.js';
import type { RuleSet } from '../rules/rule-set.js';
import type { MachineEvent, TableInput } from '../round/inputs.js';
import type { TableState } from '../round/table-state.js';
import type { roundMachine } from '../round/round-machine.js';
import { foreignReason } from '../round/operations/shoe.js';

export type RoundSnapshot = SnapshotFrom<typeof roundMachine>;

export const ev = (input: TableInput): MachineEvent => ({ type: input.type, input } as MachineEvent);
export const ALL_CARDS: Card[] = RANKS.flatMap((r) => SUITS.map((s) => `${r}${s}` as Card));
/** Ranks tried in play, in order of preference: an ace (offers, naturals), a ten, a six (dealer draws). */
const PLAY_RANKS = ['A', 'K', '6', '7', '9', 'T', 'J', 'Q', '8'];
/** Up to three cards of different ranks the shoe can still give, and one it cannot (if any). */
export function cardsFor(table: TableState, rules: RuleSet): { fitting: Card[]; foreign: Card | null } {
  const fitting: Card[] = [];
  for (const rank of PLAY_RANKS) {
    const card = ALL_CARDS.find((c) => c.startsWith(rank) && foreignReason(table, rules, c) === null);
    if (card) fitting.push(card);
    if (fitting.length === 3) break;
  }
  return { fitting, foreign: ALL_CARDS.find((c) => foreignReason(table, rules, c) !== null) ?? null };
}

export const sup = (action: string): TableInput => ({ type: 'supervisor', action, by: 'sup' } as TableInput);
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

/** After a receipted shoe is removed: its stub counted (as the receipt says, and refused below zero), between
 *  rounds and while paused (docs/procedures.md, "Missing cards"). */
export function stubCountInputs(snapshot: RoundSnapshot): MachineEvent[] {
  const left = snapshot.context.table.lastReceipt?.left ?? 0;
  const count = (stub: number): TableInput => ({ ...sup('countStub'), stub } as TableInput);
  return [count(left), count(-1), sup('pause'), sup('resume')].map(ev);
}

/** A round played with a results moment (operations/results.ts): the inputs of a plain round, then in the
 *  moment what may come while the results show. The rest of the chart is the other walks'. */
export function resultsMomentInputs(snapshot: RoundSnapshot): MachineEvent[] {
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

/** Near the cut-card reserve only cards and the supervisor's resume are tried: the walk is there for the
 *  missing cut card, whatever the table does next the other walk has already seen. */
export function cardsOnly(snapshot: RoundSnapshot): MachineEvent[] {
  const { fitting, foreign } = cardsFor(snapshot.context.table, snapshot.context.rules);
  return [...fitting, ...(foreign ? [foreign] : [])].map((card) => ev({ type: 'card', card })).concat(ev(sup('resume')));
}

/** At the shoe's end only what the round needs, the pause and the discards loaded are tried: the walk is there
 *  for the shoe running out mid-round (docs/procedures.md). */
export function atTheEnd(snapshot: RoundSnapshot): MachineEvent[] {
  const { fitting, foreign } = cardsFor(snapshot.context.table, snapshot.context.rules);
  const inputs: TableInput[] = [...fitting.slice(0, 1), ...(foreign ? [foreign] : [])].map((card) => ({ type: 'card', card }) as TableInput);
  inputs.push(sup('pause'), sup('resume'), sup('loadDiscards'), { type: 'shoe.loaded' }, { type: 'decision', seat: 1, action: 'stand' }, { type: 'decision', seat: 1, action: 'noInsurance' });
  return inputs.map(ev);
}
