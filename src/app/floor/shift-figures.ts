// A shift's figures per table and per dealer, folded from the tables' logs (or their copies on the floor)
// one event at a time, over the events whose wall time is in [from, to). As table-management systems
// report them:
//   rounds      rounds ended and not voided
//   hands       players' main hands settled (a split hand counts again), void ones left out
//   drop        money wagered: the stakes of every settled bet (doubles, splits, side bets, insurance),
//               bets returned on a void left out
//   house win   what the players lost less what they won (minor units; negative: the house lost)
//   hold %      house win / drop × 100
//   voids       rounds ended voided
//   faults      pauses a fault caused (a shoe fault, a card out of turn or foreign)
//   procedures  what a person did at the table: a pause asked for, a resume, a round voided, a card set aside
// Money in the log's integer minor units; the figures of a table and of its dealers add up the same.
import type { StoredEvent } from '../../ports/event-store.js';
import type { DealerOnDuty } from './dealer-on-duty.js';

export interface ShiftLine {
  rounds: number;
  hands: number;
  drop: number;
  houseWin: number;
  voids: number;
  faults: number;
  procedures: number;
}

export const emptyLine = (): ShiftLine => ({ rounds: 0, hands: 0, drop: 0, houseWin: 0, voids: 0, faults: 0, procedures: 0 });

/** Hold % to two decimals, or null without drop. */
export function holdPercent(line: ShiftLine): number | null {
  return line.drop === 0 ? null : Math.round((line.houseWin / line.drop) * 10_000) / 100;
}

/** What an event adds to a line (nothing for most). */
function addTo(line: ShiftLine, event: StoredEvent): void {
  const d = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'bet.settled':
      if (d['outcome'] === 'void') return;
      line.drop += d['stake'] as number;
      line.houseWin -= d['net'] as number;
      if (d['bet'] === 'main') line.hands += 1;
      return;
    case 'round.ended':
      if (d['voided'] === true) line.voids += 1;
      else line.rounds += 1;
      return;
    case 'table.paused':
      if (d['fault'] !== undefined) line.faults += 1;
      else line.procedures += 1;
      return;
    case 'table.resumed':
    case 'round.voided':
    case 'card.setAside':
      line.procedures += 1;
      return;
    default:
  }
}

export class ShiftFigures {
  readonly tables = new Map<string, ShiftLine>();
  readonly dealers = new Map<string, ShiftLine>();
  private readonly fromMs: number;
  private readonly toMs: number;

  constructor(
    window: { readonly from: string; readonly to: string },
    private readonly dealers$: DealerOnDuty,
  ) {
    this.fromMs = Date.parse(window.from);
    this.toMs = Date.parse(window.to);
  }

  push(event: StoredEvent): void {
    this.dealers$.observe(event);
    const at = Date.parse(event.wallTime);
    if (!(at >= this.fromMs && at < this.toMs)) return;
    const table = this.tables.get(event.tableId) ?? emptyLine();
    this.tables.set(event.tableId, table);
    const dealer = this.dealers$.dealerOf(event.tableId);
    const byDealer = this.dealers.get(dealer) ?? emptyLine();
    this.dealers.set(dealer, byDealer);
    addTo(table, event);
    addTo(byDealer, event);
  }

  /** The whole floor: every table's line added up. */
  total(): ShiftLine {
    const sum = emptyLine();
    for (const line of this.tables.values()) for (const k of Object.keys(sum) as Array<keyof ShiftLine>) sum[k] += line[k];
    return sum;
  }
}
