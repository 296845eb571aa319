// The demo's players (demo mode): bets on a few seats (the betting countdown closes betting), answers
// insurance, and plays basic strategy — all as ordinary API-style inputs on the log, by "demo-bot".
import type { Clock, TimerHandle } from '../../ports/clock.js';
import type { TableInput } from '../../round/inputs.js';
import { handInTurn } from '../../round/operations/hands.js';
import { refuseDecision } from '../../round/operations/play.js';
import type { TableService } from '../table/table-service.js';
import { awaitedDecision } from '../../round/awaited-decision.js';
import { basicStrategyPlayer, type Player } from './player.js';
import type { StrategyPlayer } from './strategy-player.js';
import { lineageSize } from '../../round/operations/hands.js';
import { refuseOfferAnswer } from '../../round/operations/offers.js';

export interface DemoBotOptions {
  /** Unused: the betting countdown closes betting (kept for callers). */
  readonly bettingSeconds?: number;
  /** Seconds a player "thinks" before deciding. */
  readonly thinkSeconds: number;
  /** Seats the bot never plays, left to people (`--manual` leaves them all). */
  readonly manualSeats?: readonly number[];
  readonly random?: () => number;
  /** The rule set's computed strategy (`shoe strategy`), once ready; until then a compact multi-deck chart. */
  readonly strategy?: () => StrategyPlayer | undefined;
}

const PLAYERS = ['ana', 'boris', 'chen', 'dara', 'emil', 'fay', 'gus'];

export class DemoBot {
  private removeReaction: (() => void) | undefined;
  private pending: TimerHandle | undefined;
  private plannedFor: string | null = null;
  private stopped = false;
  /** The inputs being submitted now: stop() waits for them, so none reaches a table that is closing. */
  private submitting: Promise<void> = Promise.resolve();
  private readonly random: () => number;

  constructor(private readonly service: TableService, private readonly clock: Clock, private readonly options: DemoBotOptions) {
    this.random = options.random ?? Math.random;
  }

  start(): void {
    this.removeReaction = this.service.react('demo players', () => this.plan());
    this.plan();
  }

  /** Stops planning; resolves once the inputs under way are in (none is submitted after). */
  stop(): Promise<void> {
    this.stopped = true;
    this.removeReaction?.();
    if (this.pending !== undefined) this.clock.clearTimeout(this.pending);
    // Its failure, if any, is reported where it is tracked (TableService.track).
    return this.submitting.then(() => undefined, () => undefined);
  }

  private later(key: string, seconds: number, inputs: () => TableInput[]): void {
    if (this.plannedFor === key) return;
    if (this.pending !== undefined) this.clock.clearTimeout(this.pending);
    this.plannedFor = key;
    this.pending = this.clock.setTimeout(() => {
      this.pending = undefined;
      this.submitting = this.submit(inputs);
      this.service.track('demo players', this.submitting);
    }, seconds * 1000);
  }

  private async submit(inputs: () => TableInput[]): Promise<void> {
    try {
      for (const input of inputs()) {
        if (this.stopped) return;
        // A refusal is on the log with its code; a failed append ends this batch (reported as the reaction's).
        await this.service.submit(input, { source: 'api', by: 'demo-bot' });
      }
    } finally {
      this.plannedFor = null;
    }
    if (!this.stopped) this.plan();
  }

  /** Insurance and even money as the computed strategy says (never, at these rules), else decline. */
  private offerAnswer(seat: number): 'insurance' | 'noInsurance' | 'evenMoney' {
    const player = this.options.strategy?.();
    const up = this.service.table.dealer.cards[0];
    if (!player || !up) return 'noInsurance';
    const ok = (action: string) => refuseOfferAnswer(this.service.table, this.service.rules, { type: 'decision', seat, action }) === null;
    if (player.takesEvenMoney(up) && ok('evenMoney')) return 'evenMoney';
    if (player.takesInsurance(up) && ok('insurance')) return 'insurance';
    return 'noInsurance';
  }

  private plan(): void {
    const { table, phase, rules } = this.service;
    if (phase === 'active.betting') {
      const seats = Array.from({ length: rules.seats }, (_, i) => i + 1).filter((s) => !this.options.manualSeats?.includes(s));
      if (table.bets.length === 0 && seats.length > 0) {
        this.later(`bet:${table.round}`, 0.2, () => seats.filter(() => this.random() < 0.6).slice(0, 4).map((seat) => ({
          type: 'bet', seat, player: PLAYERS[seat - 1] ?? `p${seat}`, amount: 500 * (1 + Math.floor(this.random() * 4)),
        }) as TableInput));
      } else if (table.bets.some((b) => b.kind === 'main')) {
        // The betting countdown (src/app/table/betting-timer.ts) closes betting: nothing to do.
        return;
      } else if (seats.length > 0) {
        this.later(`bet-again:${table.round}`, 0.5, () => [{ type: 'bet', seat: seats[0] ?? 1, player: PLAYERS[0] ?? 'ana', amount: 1000 }]);
      }
      return;
    }
    const awaited = awaitedDecision(table, phase);
    if (!awaited || this.options.manualSeats?.includes(awaited.seat)) return;
    if (awaited.kind === 'offer') {
      this.later(awaited.key, this.options.thinkSeconds, () => [{ type: 'decision', seat: awaited.seat, action: this.offerAnswer(awaited.seat) }]);
      return;
    }
    this.later(awaited.key, this.options.thinkSeconds, () => {
      const turn = handInTurn(this.service.table);
      const up = this.service.table.dealer.cards[0];
      if (!turn || !up || turn.box.seat !== awaited.seat) return [];
      const legal = (p: string) => refuseDecision(this.service.table, rules, { type: 'decision', seat: awaited.seat, action: p }) === null;
      const computed = this.options.strategy?.();
      if (computed && rules.switch.allowed && !turn.box.acted && computed.shouldSwitch(turn.box, up) && legal('switch')) {
        return [{ type: 'decision', seat: awaited.seat, action: 'switch' }];
      }
      const player: Player = computed ?? basicStrategyPlayer(rules);
      const action = player.decide(turn.hand, lineageSize(turn.box, turn.hand), up, legal);
      return [{ type: 'decision', seat: awaited.seat, hand: turn.hand.index, action }];
    });
  }
}
