// The link watchdog (PROTOCOL.md §10.2): a shoe that never connects is a fault, not silence. If the link to the
// shoe is not up within `seconds` of start, a `shoe.fault linkDown` input goes on the log (source
// `timer`, by `link-watchdog`): the table pauses betting and dealing like any link fault, and the expiry
// is an input on the log, so replay never reads the clock. The link coming up later clears it through
// the shoe bridge (`shoe.recovered linkDown`); a link lost after being up is the bridge's to report.
// A supervisor's resume clears every shoe fault; if the link is still down then (after the start-up
// time, or once it had been up), the watchdog raises linkDown again: the table cannot deal without it.
import type { Logger } from 'pino';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import type { TableService } from './table-service.js';
import type { InputOrigin } from '../audit/log-records.js';
import { faultDetail, type FaultDetail } from '../../messages/fault-detail.js';

export class LinkWatchdog {
  private handle: TimerHandle | undefined;
  private upOnce = false;
  private linkUp = false;
  private expired = false;
  private removeReaction: (() => void) | undefined;

  constructor(
    private readonly service: TableService,
    private readonly seconds: number,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  start(): void {
    this.removeReaction = this.service.react('link watchdog', (event) => {
      if (event.type === 'table.resumed' && !this.linkUp && (this.expired || this.upOnce)) return this.raise({ code: 'linkStillDown', params: {} }, { source: 'shoe', by: 'link' });
      return undefined;
    });
    if (this.upOnce) return;
    this.handle = this.clock.setTimeout(() => {
      this.handle = undefined;
      this.service.track('link watchdog', this.expire());
    }, this.seconds * 1000);
  }

  /** The link's state, as the serial layer reports it. */
  onLinkState(state: string): void {
    this.linkUp = state === 'up';
    if (state !== 'up' || this.upOnce) return;
    this.upOnce = true;
    this.disarm();
  }

  stop(): void {
    this.removeReaction?.();
    this.disarm();
  }

  private disarm(): void {
    if (this.handle !== undefined) this.clock.clearTimeout(this.handle);
    this.handle = undefined;
  }

  private async expire(): Promise<void> {
    if (this.upOnce) return;
    this.expired = true;
    const why: FaultDetail = { code: 'noLinkAtStart', params: { count: String(this.seconds) } };
    const { detail } = faultDetail(why);
    if (this.service.table.shoeFaults.includes('linkDown')) {
      // Still open from before the restart (the log says so): the table is already paused for it.
      this.logger?.error({ tableId: this.service.tableId, fault: 'linkDown' }, `${detail}; the linkDown fault from before the restart is still open`);
      return;
    }
    await this.raise(why, { source: 'timer', by: 'link-watchdog' });
  }

  private async raise(why: FaultDetail, origin: InputOrigin): Promise<void> {
    await this.service.submit({ type: 'shoe.fault', fault: 'linkDown', ...faultDetail(why) }, origin);
  }
}
