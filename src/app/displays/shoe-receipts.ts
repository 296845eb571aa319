// The removed shoes as the supervisor's console lists them (docs/procedures.md, "Shoe change and end-of-shoe
// reconciliation", "Missing cards"): each shoe's receipt, newest first, with its stub count once a supervisor
// enters one. Folded with the supervisor's other views from the log's facts (./supervisor-projection.ts), so a
// receipt written between rounds (a shoe change with no round dealt after it) is listed like any other, and a
// request costs no read of the log. Bounded: the newest SHOES_KEPT shoes (`shoe recall DB --shoes` lists all).
import type { StoredEvent } from '../../ports/event-store.js';
import type { ReceiptAnomaly, ShoeRemoval, TableEvent } from '../../round/events.js';
import { factOf } from '../audit/log-records.js';

/** How many removed shoes the console lists (the newest). */
export const SHOES_KEPT = 12;

export interface StubCountView {
  readonly seq: number;
  readonly wallTime: string;
  readonly stub: number;
  /** The receipt's cards left less the stub: above 0, cards missing; below, more cards than the shoe should hold. */
  readonly missing: number;
  readonly by: string | null;
}

export interface ShoeReceiptView {
  readonly seq: number;
  /** When the shoe was removed (the receipt's wall time). */
  readonly wallTime: string;
  readonly shoe: number;
  readonly removal: ShoeRemoval;
  readonly loaded: number;
  readonly drawn: number;
  readonly dealt: number;
  readonly burned: number;
  readonly burnedInPlay: number;
  readonly setAside: number;
  readonly foreign: number;
  readonly left: number;
  readonly anomalies: readonly ReceiptAnomaly[];
  /** The stub as counted by hand, or null until a supervisor enters it. */
  readonly stubCount: StubCountView | null;
}

/** The shoes after `event`, newest first: the same list back when the event is neither a receipt nor a stub count. */
export function foldShoes(shoes: readonly ShoeReceiptView[], event: StoredEvent): readonly ShoeReceiptView[] {
  if (event.type !== 'shoe.receipt' && event.type !== 'shoe.stubCounted') return shoes;
  const fact: TableEvent = factOf(event);
  if (fact.type === 'shoe.receipt') {
    const { seq, wallTime } = event;
    const { shoe, removal, loaded, drawn, dealt, burned, burnedInPlay, setAside, foreign, left, anomalies } = fact;
    const receipt: ShoeReceiptView = { seq, wallTime, shoe, removal, loaded, drawn, dealt, burned, burnedInPlay, setAside, foreign, left, anomalies: [...anomalies], stubCount: null };
    return [receipt, ...shoes].slice(0, SHOES_KEPT);
  }
  if (fact.type !== 'shoe.stubCounted') return shoes;
  const at = shoes.findIndex((s) => s.shoe === fact.shoe && s.stubCount === null);
  if (at < 0) return shoes;
  const stubCount: StubCountView = { seq: event.seq, wallTime: event.wallTime, stub: fact.stub, missing: fact.missing, by: fact.by ?? null };
  return shoes.map((s, i) => (i === at ? { ...s, stubCount } : s));
}
