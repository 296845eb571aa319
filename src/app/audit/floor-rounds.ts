// The floor's view: every table's events arrive interleaved; one line per settled round —
// table, round, and each bet's result (money in major units) — as soon as the round has ended.
import type { StoredEvent } from '../../ports/event-store.js';
import { majorUnits } from './money-text.js';

export interface FloorRound {
  readonly tableId: string;
  readonly round: number;
  readonly endedAt: string;
  readonly voided: boolean;
  readonly results: Array<{ seat: number; hand: number; bet: string; player: string; outcome: string; net: number }>;
}

export class FloorRounds {
  private readonly open = new Map<string, FloorRound['results']>();

  /** Feeds one stored event; returns the round it completes, if any. */
  push(event: StoredEvent): FloorRound | null {
    const key = `${event.tableId}#${event.round}`;
    if (event.type === 'bet.settled') {
      const d = event.data as { seat: number; hand: number; bet: string; player: string; outcome: string; net: number };
      const results = this.open.get(key) ?? [];
      results.push({ seat: d.seat, hand: d.hand, bet: d.bet, player: d.player, outcome: d.outcome, net: d.net });
      this.open.set(key, results);
      return null;
    }
    if (event.type !== 'round.ended') return null;
    const results = this.open.get(key) ?? [];
    this.open.delete(key);
    return { tableId: event.tableId, round: event.round, endedAt: event.wallTime, voided: (event.data as { voided?: boolean }).voided === true, results };
  }
}

export function formatFloorRound(r: FloorRound): string {
  const net = r.results.reduce((sum, x) => sum + x.net, 0);
  // Money in major units, as every verb prints it (0 is written +0.00: a net, like the others).
  const signed = (minor: number): string => (minor === 0 ? '+0.00' : majorUnits(minor, { signed: true }));
  const parts = r.results.map((x) => `s${x.seat}h${x.hand} ${x.bet} ${x.player} ${x.outcome} ${signed(x.net)}`);
  return `${r.endedAt} table ${r.tableId} round ${r.round}${r.voided ? ' VOID' : ''}: ${parts.join('; ') || 'no bets'} | players net ${signed(net)}`;
}
