// How operations change the table state (issue 9): the state before an input is never changed; an input's
// operations work on one draft, and the draft becomes the next state when the input is done. A step
// copies what an input can change — the round (bets, boxes, hands, dealer) and the shoe's fixed table of
// 52 counts — and shares the rest; nothing grows with the shoe or the session. The choice between this,
// mutative drafts, per-operation section drafts and structuredClone was measured on the round machine's
// own workload (README, "Round machine speed"; bench/engine.ts --drafts).
import { create } from 'mutative';
import type { Hand } from '../rules/hand.js';
import type { Box, FollowChoice, InsuranceBet, ShoeState, SideBet, TableState } from './table-state.js';
import { TableDraft } from './table-draft.js';

/** How a draft is made: `copy` (the default, fastest measured) copies what an input may change once per
 *  input; `sections` copies per operation only the sections it reaches (table-draft.ts); `mutative` uses
 *  mutative drafts (structural sharing by proxy), one per input; `clone` is structuredClone once per input
 *  (before issue 9 it ran per operation). */
export const TABLE_DRAFT_MODES = ['copy', 'sections', 'mutative', 'clone'] as const;
export type TableDraftMode = (typeof TABLE_DRAFT_MODES)[number];
let MODE: TableDraftMode = 'copy';

/** For measuring the candidates (bench/engine.ts --drafts); the product uses the default. */
export function useTableDrafts(mode: TableDraftMode): void {
  MODE = mode;
}

/** The draft of the input being stepped, and how to finish it (mutative: finalize). */
let stepDraft: TableState | null = null;
let finish: (() => TableState) | null = null;
let stepping = false;

function draftOf(base: TableState): TableState {
  if (MODE === 'mutative') {
    const [draft, finalize] = create(base);
    finish = finalize as () => TableState;
    return draft as TableState;
  }
  return MODE === 'clone' ? structuredClone(base) : copyTable(base);
}

/** Runs `recipe` on a draft of `base` and returns the draft; within a step the input's draft is reused. */
export function changeTable(base: TableState, recipe: (draft: TableState) => void): TableState {
  if (MODE === 'sections') {
    // Per operation: only the sections it reaches are copied; guards between operations read plain state.
    const draft = new TableDraft(base);
    recipe(draft);
    return draft.finish();
  }
  if (!stepping) {
    const draft = draftOf(base);
    recipe(draft);
    const done = finish ? finish() : draft;
    finish = null;
    return done;
  }
  if (base !== stepDraft) {
    stepDraft = draftOf(base);
  }
  recipe(stepDraft as TableState);
  return stepDraft as TableState;
}

/** The draft an operation of the input being stepped works on, in the default `copy` mode (made from
 *  `base` the first time, then shared by the input's operations); null outside a step or in another mode,
 *  where changeTable applies. No closure per operation (issue 9). */
export function copyDraftOf(base: TableState): TableState | null {
  if (!stepping || MODE !== 'copy') return null;
  if (base !== stepDraft) stepDraft = copyTable(base);
  return stepDraft;
}

/** Starts stepping one input: every operation it causes shares one draft (see endStep, abortStep). */
export function beginStep(): void {
  stepping = true;
  stepDraft = null;
  finish = null;
}

/** Ends the step; `table` is the state after the input's operations. Returns the state the draft became. */
export function endStep(table: TableState): TableState {
  const done = table === stepDraft && finish ? (finish as () => TableState)() : table;
  abortStep();
  return done;
}

/** Ends a step that failed: the draft is dropped. */
export function abortStep(): void {
  stepping = false;
  stepDraft = null;
  finish = null;
}

/** Steps one input: every operation it causes shares one draft; returns the state the draft became. */
export function stepTable<T>(run: () => T, current: () => TableState): { result: T; table: TableState } {
  beginStep();
  try {
    const result = run();
    return { result, table: endStep(current()) };
  } finally {
    abortStep();
  }
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
  return {
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
}

/** The shoe copied field by field (an optional field stays absent when it was). */
function copyShoe(shoe: ShoeState): ShoeState {
  const copy: ShoeState = {
    number: shoe.number, drawn: shoe.drawn.slice(), drawnCount: shoe.drawnCount, burnTarget: shoe.burnTarget,
    burned: shoe.burned, cutCardSeen: shoe.cutCardSeen,
  };
  if (shoe.cutCardMissing !== undefined) copy.cutCardMissing = shoe.cutCardMissing;
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

// Literals of one shape, in the fields' order as the operations make them (issue 9: cheaper than a spread).
const copySideBet = (x: SideBet): SideBet => ({ player: x.player, kind: x.kind, stake: x.stake, settled: x.settled });
const copyInsurance = (x: InsuranceBet): InsuranceBet => ({ player: x.player, stake: x.stake, settled: x.settled });
const copyFollow = (x: FollowChoice): FollowChoice => ({ player: x.player, double: x.double, split: x.split });
