// How operations change the table state (issue 9): the state before an input is never changed; an input's
// operations work on one draft, and the draft becomes the next state when the input is done. A step
// copies what an input can change — the round (bets, boxes, hands, dealer) and the shoe's fixed table of
// 52 counts — and shares the rest; nothing grows with the shoe or the session. The choice between this,
// mutative drafts and structuredClone was measured on the round machine's own workload (README,
// "Round machine speed"); OPMODE selects another for that comparison.
import { create } from 'mutative';
import type { TableState } from './table-state.js';

type Mode = 'copy' | 'mutative' | 'clone';
const MODE: Mode = (['copy', 'mutative', 'clone'] as const).find((m) => m === process.env.TABLE_DRAFTS) ?? 'copy';

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

/** Steps one input: every operation it causes shares one draft; returns the state the draft became. */
export function stepTable<T>(run: () => T, current: () => TableState): { result: T; table: TableState } {
  stepping = true;
  stepDraft = null;
  finish = null;
  try {
    const result = run();
    const table = current();
    return { result, table: table === stepDraft && finish ? (finish as () => TableState)() : table };
  } finally {
    stepping = false;
    stepDraft = null;
    finish = null;
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

/** A copy of everything an operation may change; the rest (readonly bets, wagers, the fault card) is shared. */
export function copyTable(t: TableState): TableState {
  return {
    shoe: t.shoe && { ...t.shoe, drawn: t.shoe.drawn.slice() },
    round: t.round,
    bets: t.bets.slice(),
    boxes: t.boxes.map((b) => ({
      ...b,
      hands: b.hands.map((h) => ({ ...h, cards: h.cards.slice(), wagers: h.wagers.slice() })),
      sideBets: b.sideBets.map((x) => ({ ...x })),
      insurance: b.insurance.map((x) => ({ ...x })),
      follow: b.follow.map((x) => ({ ...x })),
    })),
    dealer: { ...t.dealer, cards: t.dealer.cards.slice() },
    dealt: t.dealt,
    faultCard: t.faultCard,
    shoeFaults: t.shoeFaults.slice(),
    announcedTurn: t.announcedTurn,
  };
}
