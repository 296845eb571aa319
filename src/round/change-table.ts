// How operations change the table state: the state before an input is never changed; an input's
// operations work on one draft, and the draft becomes the next state when the input is done. A step
// copies what an input can change — the round (bets, boxes, hands, dealer) and the shoe's fields; the
// shoe's fixed table of 52 counts is replaced by the operation that counts a card — and shares the rest; nothing grows with the shoe or the session. This copy was measured
// against mutative drafts, per-operation section drafts and structuredClone on the round machine's own
// workload and was fastest; those candidates live in bench/table-draft-modes.ts (bench/engine.ts --drafts).
// Each engine owns its drafts (StepDrafts): no draft lives at module level.
import type { Hand } from '../rules/hand.js';
import type { Box, FollowChoice, InsuranceBet, ShoeState, SideBet, TableState } from './table-state.js';

/** How an operation gets the draft it changes, and what the step's state becomes. */
export interface TableDrafts {
  /** The draft an operation on `base` works on. */
  draftOf(base: TableState): TableState;
  /** The state an operation's draft leaves behind (the draft itself unless the mode finishes drafts). */
  done(draft: TableState): TableState;
  /** Starts stepping one input: its operations may share one draft. */
  beginStep(): void;
  /** Ends the step; `table` is the state after the input's operations. Returns the state it becomes. */
  endStep(table: TableState): TableState;
  /** Ends a step that failed: its draft is dropped. */
  abortStep(): void;
}

/** One engine's drafts (the product's mode): within a step, the input's operations share one copy of the
 *  state they started from; outside a step, each operation gets its own copy. */
export class StepDrafts implements TableDrafts {
  private draft: TableState | null = null;
  private stepping = false;

  draftOf(base: TableState): TableState {
    if (!this.stepping) return copyTable(base);
    if (base !== this.draft) this.draft = copyTable(base);
    return this.draft;
  }

  done(draft: TableState): TableState {
    return draft;
  }

  beginStep(): void {
    this.stepping = true;
    this.draft = null;
  }

  endStep(table: TableState): TableState {
    this.abortStep();
    return table;
  }

  abortStep(): void {
    this.stepping = false;
    this.draft = null;
  }
}

/** Drafts with no step: every operation copies the state it starts from. Holds nothing, so one value
 *  serves every caller (xstate's actor runs the machine's actions this way). */
export const PER_OPERATION_COPY: TableDrafts = Object.freeze({
  draftOf: (base: TableState) => copyTable(base),
  done: (draft: TableState) => draft,
  beginStep: () => undefined,
  endStep: (table: TableState) => table,
  abortStep: () => undefined,
});

/** Drafts that are the state itself: every operation changes the table in place, no copy per input. Only for
 *  a caller that keeps no state across inputs — the simulator (src/app/par/simulate-table.ts) reads the table
 *  between inputs and acts on none of it after the next — and stops at a failing input (its partial changes
 *  stay). The facts are the same as with StepDrafts (test/round/change-table.test.ts). Holds nothing. */
export const IN_PLACE: TableDrafts = Object.freeze({
  draftOf: (base: TableState) => base,
  done: (draft: TableState) => draft,
  beginStep: () => undefined,
  endStep: (table: TableState) => table,
  abortStep: () => undefined,
});

/** Tables an IN_PLACE engine changes (registered by TableEngine): such a table is the one state of its engine,
 *  so its shoe's 52 counts are shared with no other state and the operation that counts a card may change
 *  them in place (recordDrawn). Keyed weakly by the table: nothing is kept once the engine is gone, and a
 *  table not registered (every other engine's) has its counts replaced, never changed. */
const changedInPlace = new WeakSet<TableState>();

export function markChangedInPlace(table: TableState): void {
  changedInPlace.add(table);
}

/** Whether the table's shoe counts may be changed in place (see markChangedInPlace). */
export function countsOwnedBy(table: TableState): boolean {
  return changedInPlace.has(table);
}

/** A copy of plain data (objects, arrays, primitives: the table state is JSON), any shape. */
export function copyPlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyPlain(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = copyPlain((value as Record<string, unknown>)[key]);
  return out as T;
}

/** A copy of everything an operation may change; the rest (readonly bets, wagers, the fault card) is shared.
 *  Plain loops: this runs once per input. test/round/change-table.test.ts checks it shares nothing mutable. */
export function copyTable(t: TableState): TableState {
  const boxes = new Array<Box>(t.boxes.length);
  for (let i = 0; i < boxes.length; i++) boxes[i] = copyBox(t.boxes[i] as Box);
  const copy: TableState = {
    shoe: t.shoe && copyShoe(t.shoe),
    round: t.round,
    bets: t.bets.slice(),
    boxes,
    dealer: { cards: t.dealer.cards.slice(), holeRevealed: t.dealer.holeRevealed, natural: t.dealer.natural },
    dealt: t.dealt,
    faultCard: t.faultCard,
    shoeFaults: t.shoeFaults.slice(),
    announcedTurn: t.announcedTurn,
  };
  // The results moment's fields stay absent when they were (a table without the moment keeps its shape).
  if (t.resultsSeconds !== undefined) copy.resultsSeconds = t.resultsSeconds;
  if (t.showingResults !== undefined) copy.showingResults = t.showingResults;
  // A procedure's marks (docs/procedures.md) stay absent when they were, so a table without procedures
  // keeps its snapshot's shape.
  if (t.burnCalled !== undefined) copy.burnCalled = t.burnCalled;
  if (t.shoeOut !== undefined) copy.shoeOut = t.shoeOut;
  if (t.shoeReceipts !== undefined) copy.shoeReceipts = t.shoeReceipts;
  if (t.lastReceipt !== undefined) copy.lastReceipt = t.lastReceipt;
  return copy;
}

/** The shoe copied field by field (an optional field stays absent when it was). Its 52 counts are shared:
 *  the one operation that counts a card replaces them (recordDrawn), so an input without a card copies none. */
function copyShoe(shoe: ShoeState): ShoeState {
  const copy: ShoeState = {
    number: shoe.number, drawn: shoe.drawn, drawnCount: shoe.drawnCount, burnTarget: shoe.burnTarget,
    burned: shoe.burned, cutCardSeen: shoe.cutCardSeen,
  };
  if (shoe.cutCardMissing !== undefined) copy.cutCardMissing = shoe.cutCardMissing;
  if (shoe.finished !== undefined) copy.finished = shoe.finished;
  if (shoe.tally !== undefined) copy.tally = shoe.tally;
  if (shoe.receipted !== undefined) copy.receipted = shoe.receipted;
  return copy;
}

/** A hand copied field by field: an object literal of one fixed shape is several times cheaper than a
 *  spread on this path (measured with bench/engine.ts); every field of `Hand` is listed. */
function copyHand(h: Hand): Hand {
  return {
    index: h.index, origin: h.origin, cards: h.cards.slice(), fromSplit: h.fromSplit, splitAces: h.splitAces,
    ownSecondCard: h.ownSecondCard, doubles: h.doubles, pendingDraw: h.pendingDraw, actions: h.actions, auto: h.auto,
    status: h.status, wagers: h.wagers.slice(), settled: h.settled,
  };
}

function copyBox(b: Box): Box {
  const hands = new Array<Hand>(b.hands.length);
  for (let i = 0; i < hands.length; i++) hands[i] = copyHand(b.hands[i] as Hand);
  return {
    seat: b.seat,
    owner: b.owner,
    offerPending: b.offerPending,
    acted: b.acted,
    hands,
    sideBets: b.sideBets.length === 0 ? [] : b.sideBets.map(copySideBet),
    insurance: b.insurance.length === 0 ? [] : b.insurance.map(copyInsurance),
    follow: b.follow.length === 0 ? [] : b.follow.map(copyFollow),
  };
}

// Literals of one shape, in the fields' order as the operations make them (measured cheaper than a spread).
const copySideBet = (x: SideBet): SideBet => ({ player: x.player, kind: x.kind, stake: x.stake, settled: x.settled });
const copyInsurance = (x: InsuranceBet): InsuranceBet => ({ player: x.player, stake: x.stake, settled: x.settled });
const copyFollow = (x: FollowChoice): FollowChoice => ({ player: x.player, double: x.double, split: x.split });
