// A timer whose expiry becomes an input on the log (the decision timer, the betting countdown; ADR 0007):
// after every durable event it asks what is due now — a key naming the wait and the input its expiry
// submits, or nothing. A new key starts the timer afresh, no key stops it, the same key leaves it
// running. At expiry the input is submitted only if that very wait is still due (an answer may have
// raced the timer). Replay never reads the clock: the expiry is on the log like any input.
import type { Clock, TimerHandle } from '../../ports/clock.js';
import type { TableInput } from '../../round/inputs.js';
import type { TableService } from './table-service.js';

export interface DueWait {
  /** Changes whenever the wait starts afresh (another hand, another run of the countdown). */
  readonly key: string;
  readonly input: TableInput;
}

export class InputTimer {
  private removeReaction: (() => void) | undefined;
  private handle: TimerHandle | undefined;
  private armedKey: string | null = null;

  constructor(
    private readonly service: TableService,
    private readonly seconds: number,
    private readonly clock: Clock,
    /** Who submits the expiry (the input's `by` on the log). */
    private readonly by: string,
    private readonly due: (service: TableService) => DueWait | null,
  ) {}

  start(): void {
    this.removeReaction = this.service.react(`${this.by} timer`, () => this.rearm());
    this.rearm();
  }

  stop(): void {
    this.removeReaction?.();
    this.disarm();
  }

  private disarm(): void {
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
    this.armedKey = null;
  }

  private rearm(): void {
    const wait = this.due(this.service);
    if ((wait?.key ?? null) === this.armedKey) return;
    this.disarm();
    if (!wait) return;
    this.armedKey = wait.key;
    this.handle = this.clock.setTimeout(() => {
      this.handle = undefined;
      if (this.due(this.service)?.key !== wait.key) return;
      this.armedKey = null;
      this.service.track(`${this.by} timer`, this.service.submit(wait.input, { source: 'timer', by: this.by }));
    }, this.seconds * 1000);
  }
}
