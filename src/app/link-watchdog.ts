// The link watchdog (issue 10): a shoe that never connects is a fault, not silence. If the link to the
// shoe is not up within `seconds` of start, a `shoe.fault linkDown` input goes on the log (source
// `timer`, by `link-watchdog`): the table pauses betting and dealing like any link fault, and the expiry
// is an input on the log, so replay never reads the clock. The link coming up later clears it through
// the shoe bridge (`shoe.recovered linkDown`); a link lost after being up is the bridge's to report.
import type { Logger } from 'pino';
import type { Scheduler } from '../ports/scheduler.js';
import type { TableService } from './table-service.js';

export class LinkWatchdog {
  private handle: unknown;
  private upOnce = false;

  constructor(
    private readonly service: TableService,
    private readonly seconds: number,
    private readonly scheduler: Scheduler,
    private readonly logger?: Logger,
  ) {}

  start(): void {
    if (this.upOnce) return;
    this.handle = this.scheduler.setTimeout(() => {
      this.handle = undefined;
      void this.expire();
    }, this.seconds * 1000);
  }

  /** The link's state, as the serial layer reports it. */
  onLinkState(state: string): void {
    if (state !== 'up' || this.upOnce) return;
    this.upOnce = true;
    this.stop();
  }

  stop(): void {
    if (this.handle !== undefined) this.scheduler.clearTimeout(this.handle);
    this.handle = undefined;
  }

  private async expire(): Promise<void> {
    if (this.upOnce) return;
    const detail = `no link to the shoe within ${this.seconds} s of start`;
    if (this.service.table.shoeFaults.includes('linkDown')) {
      // Still open from before the restart (the log says so): the table is already paused for it.
      this.logger?.error({ tableId: this.service.tableId, fault: 'linkDown' }, `${detail}; the linkDown fault from before the restart is still open`);
      return;
    }
    await this.service.submit({ type: 'shoe.fault', fault: 'linkDown', detail }, { source: 'timer', by: 'link-watchdog' }).catch((err: unknown) => {
      this.logger?.error({ err, tableId: this.service.tableId }, 'link watchdog: fault not recorded');
    });
  }
}
