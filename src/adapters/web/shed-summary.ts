// The operator's line about display sockets shed for not reading (./stalled-readers.ts), at a bounded
// rate: the first shed is said at once; those after it are summed and said in one WARN line per log
// interval, however many sockets a storm sheds (docs/operations.md, "Slow or stalled viewers").
import type { Logger } from 'pino';
import type { DisplayAudience } from '../../ports/shared-view.js';

/** How many client addresses a line names (the rest are summed as "(other)"). */
const LISTED_CLIENTS = 5;

export class ShedSummary {
  private count = 0;
  private total = 0;
  private readonly audiences = new Map<DisplayAudience, number>();
  private readonly clients = new Map<string, number>();
  /** Ticks since the last line; a first shed is said at once. */
  private ticksSinceLine = Number.POSITIVE_INFINITY;

  constructor(
    private readonly logger: Logger,
    /** Ticks of the watch between two lines. */
    private readonly everyTicks: number,
    /** What the line says of the shedding: the seconds a display has to answer a ping, the close code. */
    private readonly how: { readonly seconds: number; readonly closeCode: number },
  ) {}

  /** Sheds counted and not said yet. */
  get pending(): boolean {
    return this.count > 0;
  }

  add(audience: DisplayAudience, client: string): void {
    this.count += 1;
    this.total += 1;
    this.audiences.set(audience, (this.audiences.get(audience) ?? 0) + 1);
    if (this.clients.has(client) || this.clients.size < LISTED_CLIENTS) this.clients.set(client, (this.clients.get(client) ?? 0) + 1);
    else this.clients.set('(other)', (this.clients.get('(other)') ?? 0) + 1);
  }

  /** One interval of the watch went by. */
  tick(): void {
    this.ticksSinceLine += 1;
  }

  /** Says what was shed if a line is due (or `now`: the server closes). */
  sayIfDue(now = false): void {
    if (this.count === 0 || (!now && this.ticksSinceLine < this.everyTicks)) return;
    const n = this.count;
    this.logger.warn(
      { shed: n, totalShed: this.total, audiences: Object.fromEntries(this.audiences), clients: Object.fromEntries(this.clients) },
      `shed ${n} display socket${n === 1 ? '' : 's'} that stopped reading (no answer to a ping within ${this.how.seconds} s): closed (${this.how.closeCode}) and reset, so their unread views `
      + 'do not hold the host\'s TCP memory; a display that works reconnects by itself and gets the latest view. If this goes on, look for hung displays '
      + 'or one address holding many sockets ("clients"): docs/operations.md, "Slow or stalled viewers"',
    );
    this.count = 0;
    this.audiences.clear();
    this.clients.clear();
    this.ticksSinceLine = 0;
  }
}
