// The demo's dealer (demo mode): pulls a card from the emulated shoe whenever the table
// expects one (the controller opens the gate for it), and loads a freshly shuffled shoe when the table
// asks for one. The cards reach the table only through the real protocol, over the serial link.
import type { TableService } from '../app/table/table-service.js';
import { cardDue } from '../app/table/card-due.js';
import type { ShoeEmulator } from '../adapters/shoe-emulator/emulator.js';
import { shuffledShoe, type Rng } from '../random/prng.js';
import type { Clock, TimerHandle } from '../ports/clock.js';

export class DemoDealer {
  private removeReaction: (() => void) | undefined;
  private drawing = false;
  private loading = false;
  private timer: TimerHandle | undefined;

  constructor(
    private readonly service: TableService,
    private readonly shoe: ShoeEmulator,
    private readonly clock: Clock,
    private readonly rng: Rng,
    /** Milliseconds the dealer takes per card. */
    private readonly paceMs: number,
  ) {}

  start(): void {
    this.removeReaction = this.service.react('demo dealer', () => this.act());
    this.act();
  }

  stop(): void {
    this.removeReaction?.();
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
  }

  /** A new shuffled shoe with the cut card about three quarters in. */
  loadNewShoe(): void {
    const decks = this.service.rules.deck.decks;
    const cards = shuffledShoe(decks, this.rng).filter((c) => this.service.rules.deck.ranks.includes(c[0] as never));
    this.shoe.loadShoe(cards, Math.floor(cards.length * 0.75));
  }

  private act(): void {
    const { table, phase, rules } = this.service;
    if (phase === 'active.awaitingShoe') {
      if (this.loading) return;
      this.loading = true;
      this.timer = this.clock.setTimeout(() => {
        this.loading = false;
        if (this.service.phase === 'active.awaitingShoe') this.loadNewShoe();
      }, this.paceMs * 3);
      return;
    }
    if (this.drawing || !cardDue(table, phase, rules)) return;
    this.drawing = true;
    this.timer = this.clock.setTimeout(() => {
      this.service.track('demo dealer', this.shoe.drawCard().finally(() => {
        this.drawing = false;
        this.act();
      }));
    }, this.paceMs);
  }
}
