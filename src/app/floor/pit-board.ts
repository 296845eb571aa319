// The pit console's board (docs/operations.md, "The pit console"): every table of the floor, folded one
// event at a time from the tables' logs as the floor holds them — what the table is doing, its open
// alarms, its round, hands in the last hour, the money at risk in the round, the shift's figures (the same
// fold as the shift report: ./shift-figures.ts) and the dealer on duty (./dealer-on-duty.ts). Whether a
// table is stale is the floor's to say (its heartbeats), so the board takes it at each look. The rows come
// sorted so what needs a person comes first, as table-management systems order the pit's screen.
import type { StoredEvent } from '../../ports/event-store.js';
import { DealerOnDuty } from './dealer-on-duty.js';
import { emptyLine, ShiftFigures, type ShiftLine } from './shift-figures.js';
import { PIT_STATES, type PitAlarm, type PitRow, type PitState } from '../../ports/pit-view.js';

export type { PitAlarm, PitRow, PitState } from '../../ports/pit-view.js';

const HOUR_MS = 3_600_000;

interface Table {
  seq: number;
  round: number;
  phase: 'betting' | 'dealing' | 'idle';
  paused: boolean;
  fault: PitAlarm | null;
  linkDown: boolean;
  atRisk: number;
  /** Main stakes by seat and hand in the round (a split hand adds its first hand's stake again). */
  readonly stakes: Map<string, number>;
  /** Wall times (ms) of the main hands settled, the last hour's only (older ones drop at each settlement). */
  readonly settled: number[];
}

export class PitBoard {
  private readonly tables = new Map<string, Table>();
  private readonly dealers: DealerOnDuty;
  private readonly figures: ShiftFigures;

  constructor(shift: { readonly from: string; readonly to: string }, namedDealer: (tableId: string) => string | undefined = () => undefined) {
    this.dealers = new DealerOnDuty(namedDealer);
    this.figures = new ShiftFigures(shift, this.dealers);
  }

  /** Feeds each event of each table's log once, in the log's order. */
  push(event: StoredEvent): void {
    let t = this.tables.get(event.tableId);
    if (!t) this.tables.set(event.tableId, (t = { seq: 0, round: 0, phase: 'idle', paused: false, fault: null, linkDown: false, atRisk: 0, stakes: new Map(), settled: [] }));
    if (event.seq <= t.seq) return; // a message the floor delivered again
    t.seq = event.seq;
    this.figures.push(event);
    if (event.round > t.round) t.round = event.round;
    const d = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'betting.opened': t.phase = 'betting'; t.atRisk = 0; t.stakes.clear(); return;
      case 'betting.closed': t.phase = 'dealing'; return;
      case 'round.ended': t.phase = 'idle'; t.atRisk = 0; t.stakes.clear(); return;
      case 'bet.placed': t.atRisk += d['amount'] as number; if (d['bet'] === 'main') t.stakes.set(`${d['seat'] as number}:0`, d['amount'] as number); return;
      case 'bet.cancelled': t.atRisk -= d['amount'] as number; return;
      case 'insurance.taken': t.atRisk += d['amount'] as number; return;
      case 'hand.doubled': {
        // `stake`: the hand's stake after the double (the first bet plus what the double added).
        const key = `${d['seat'] as number}:${d['hand'] as number}`;
        t.atRisk += (d['stake'] as number) - (t.stakes.get(key) ?? 0);
        t.stakes.set(key, d['stake'] as number);
        return;
      }
      case 'hand.split': {
        const stake = t.stakes.get(`${d['seat'] as number}:${d['hand'] as number}`) ?? 0;
        t.stakes.set(`${d['seat'] as number}:${d['newHand'] as number}`, stake);
        t.atRisk += stake;
        return;
      }
      case 'bet.settled': {
        if (d['bet'] !== 'main' || d['outcome'] === 'void') return;
        const at = Date.parse(event.wallTime);
        t.settled.push(at);
        while (t.settled.length > 0 && t.settled[0]! <= at - HOUR_MS) t.settled.shift();
        return;
      }
      case 'table.paused': {
        t.paused = true;
        const fault = d['fault'] as { kind: string; card?: string } | undefined;
        if (fault) t.fault = fault.card === undefined ? { kind: fault.kind } : { kind: fault.kind, card: fault.card };
        return;
      }
      case 'table.resumed': t.paused = false; t.fault = null; return;
      case 'link.state': {
        // Down as the table's alarm log has it (src/app/table/table-alarm-log.ts): down, incompatible, or lost while up.
        const state = d['state'];
        if (state === 'up' || state === 'closed') t.linkDown = false;
        else if (state === 'down' || state === 'incompatible' || d['previous'] === 'up') t.linkDown = true;
        return;
      }
      default:
    }
  }

  /** Every table, what needs a person first (then by table). `stale`: whether the floor has stopped hearing it. */
  rows(nowMs: number, stale: (tableId: string) => boolean): PitRow[] {
    const rows: PitRow[] = [];
    for (const [tableId, t] of this.tables) {
      const alarms: PitAlarm[] = [];
      if (t.fault) alarms.push(t.fault);
      if (t.linkDown) alarms.push({ kind: 'linkDown' });
      const isStale = stale(tableId);
      if (isStale) alarms.push({ kind: 'stale' });
      const state: PitState = t.fault ? 'fault' : isStale ? 'stale' : t.linkDown ? 'linkDown' : t.paused ? 'paused' : t.phase;
      rows.push({
        tableId, state, alarms, round: t.round, atRisk: t.atRisk, seq: t.seq,
        handsLastHour: t.settled.filter((at) => at > nowMs - HOUR_MS && at <= nowMs).length,
        shift: this.figures.tables.get(tableId) ?? emptyLine(),
        dealer: this.dealers.dealerOf(tableId),
      });
    }
    const rank = (s: PitState) => PIT_STATES.indexOf(s);
    return rows.sort((a, b) => rank(a.state) - rank(b.state) || (a.tableId < b.tableId ? -1 : a.tableId > b.tableId ? 1 : 0));
  }

  /** The whole floor's shift. */
  total(): ShiftLine {
    return this.figures.total();
  }
}
