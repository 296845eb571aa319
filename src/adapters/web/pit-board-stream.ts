// The pit console's board pushed to every open page as server-sent events (docs/operations.md, "The pit
// console"): a change of the board goes out at once; changes within the next HOLD_MS go out together when
// it ends, so a busy floor costs a page at most a few boards a second; and every TICK_MS the board goes out
// anyway, since a table turning stale is silence, not an event. One text a language per push, written to
// every page of that language; a page that reads too slowly to keep up is closed (its browser connects again).
import type { ServerResponse } from 'node:http';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import type { Language } from '../../messages/catalogue.js';

/** After a push, further changes wait this long and go out as one. */
export const HOLD_MS = 250;
/** The board goes out at least this often (stale tables, the "updated" time). */
export const TICK_MS = 1000;
/** Bytes a page may leave unread before it is closed. */
const UNREAD_LIMIT = 1 << 20;

export class PitBoardStream {
  private readonly pages = new Map<ServerResponse, Language>();
  private held: TimerHandle | undefined;
  private pending = false;
  private tick: TimerHandle | undefined;

  /** `board(lang)`: the board's HTML now (pit-page.ts's pitBoardHtml), one line. */
  constructor(private readonly clock: Clock, private readonly board: (lang: Language) => string) {}

  /** Starts the event stream on `res` (a hijacked reply) with the board now. */
  open(res: ServerResponse, lang: Language): void {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    res.write('retry: 1000\n\n');
    this.pages.set(res, lang);
    res.on('close', () => {
      this.pages.delete(res);
      if (this.pages.size === 0) this.stopTimers();
    });
    res.write(event(this.board(lang)));
    this.scheduleTick();
  }

  /** The board changed: pushed now, or when the hold after the last push ends. */
  changed(): void {
    if (this.pages.size === 0) return;
    if (this.held !== undefined) {
      this.pending = true;
      return;
    }
    this.pushAndHold();
  }

  /** Ends every page's stream (the server is closing). */
  close(): void {
    this.stopTimers();
    for (const res of this.pages.keys()) res.end();
    this.pages.clear();
  }

  private pushAndHold(): void {
    const texts = new Map<Language, string>();
    for (const [res, lang] of this.pages) {
      if (res.writableLength > UNREAD_LIMIT) {
        res.destroy();
        continue;
      }
      let text = texts.get(lang);
      if (text === undefined) texts.set(lang, (text = event(this.board(lang))));
      res.write(text);
    }
    this.held = this.clock.setTimeout(() => {
      this.held = undefined;
      if (!this.pending) return;
      this.pending = false;
      this.changed();
    }, HOLD_MS, { unref: true });
  }

  private scheduleTick(): void {
    if (this.tick !== undefined) return;
    this.tick = this.clock.setTimeout(() => {
      this.tick = undefined;
      if (this.pages.size === 0) return;
      this.changed();
      this.scheduleTick();
    }, TICK_MS, { unref: true });
  }

  private stopTimers(): void {
    this.clock.clearTimeout(this.held);
    this.clock.clearTimeout(this.tick);
    this.held = undefined;
    this.tick = undefined;
    this.pending = false;
  }
}

/** One server-sent event named `board`, each line of the text its own data line. */
function event(text: string): string {
  return `event: board\n${text.split('\n').map((line) => `data: ${line}\n`).join('')}\n`;
}
