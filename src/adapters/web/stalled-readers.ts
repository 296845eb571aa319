// Display sockets whose reader stopped reading are shed (docs/web-api.md, "Stalled displays";
// docs/operations.md, "Slow or stalled viewers"), on the table's server and on every display gateway.
//
// Why pings: Node sets no SO_SNDBUF on a TCP socket (net.Socket has no such option; only dgram sockets
// do), so the kernel autotunes each socket's send buffer up to the host's net.ipv4.tcp_wmem maximum (4 MiB
// by default). A display that never reads holds that much of the host's TCP memory, and ws's
// bufferedAmount — the part in this process, which conflation bounds (./conflated-sender.ts) — stays near
// 0 until the kernel's buffer is full. What a socket has not read cannot be seen from Node; whether it
// reads can: each interval every display is sent a Ping with a payload of its own, which the Pong must
// echo (RFC 6455 §5.5.2, §5.5.3) and which a client reads only after everything sent before it. A display
// whose Ping is still unanswered at the next interval is shed: sent a Close (4408, the reason in words)
// and its connection reset (RST), so the kernel frees its buffers at once instead of keeping them for a
// closed connection it would go on trying to deliver. A Pong that does not echo the Ping (one sent
// unasked) answers nothing.
//
// The verdict waits one turn of the event loop after the interval's timer: after a stall of this
// process's own loop, the Pongs that arrived meanwhile are read first, so a busy table does not shed the
// displays that answered.
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { DisplayAudience } from '../../ports/shared-view.js';
import { reasonSentence } from '../../messages/coded-reason.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import { ShedSummary } from './shed-summary.js';
import { webReason } from './web-reasons.js';

export interface ReaderWatchSettings {
  /** Each display is pinged this often (ms), and shed if the Ping is still unanswered at the next one. */
  readonly pingIntervalMs: number;
  /** Least time between two WARN lines summing up the displays shed (ms). */
  readonly logIntervalMs: number;
}

export const READER_WATCH_DEFAULTS: ReaderWatchSettings = { pingIntervalMs: 2000, logIntervalMs: 10_000 };

/** The close code of a display shed for not reading (RFC 6455 §7.4.2: 4000–4999 are the application's; 408 as in HTTP's Request Timeout). */
export const NOT_READING_CLOSE_CODE = 4408;

/** Where the watch counts what it shed (ViewDeliveryStats). */
export interface StalledCounts {
  stalled(audience: DisplayAudience): void;
}

interface Watched {
  readonly socket: WebSocket;
  readonly audience: DisplayAudience;
  readonly client: string;
  /** The payload of the Ping not answered yet; null once answered. */
  awaiting: Buffer | null;
}

const OPEN = 1;
const PAYLOAD_BYTES = 8;

export class ReaderWatch {
  private readonly watched = new Set<Watched>();
  private readonly settings: ReaderWatchSettings;
  private readonly summary: ShedSummary;
  private readonly reason: string;
  private timer: TimerHandle | null = null;
  private stopped = false;

  constructor(private readonly deps: { readonly clock: Clock; readonly logger: Logger; readonly counts: StalledCounts; readonly settings?: Partial<ReaderWatchSettings> | undefined }) {
    this.settings = { ...READER_WATCH_DEFAULTS, ...deps.settings };
    const seconds = this.settings.pingIntervalMs / 1000;
    this.reason = reasonSentence(webReason('notReading', { seconds: String(seconds) }));
    const everyTicks = Math.max(1, Math.round(this.settings.logIntervalMs / this.settings.pingIntervalMs));
    this.summary = new ShedSummary(deps.logger, everyTicks, { seconds, closeCode: NOT_READING_CLOSE_CODE });
  }

  /** Watches a display socket until the returned function is called (the socket closed). */
  watch(socket: WebSocket, audience: DisplayAudience, client: string): () => void {
    const entry: Watched = { socket, audience, client, awaiting: null };
    const onPong = (data: Buffer) => {
      if (entry.awaiting !== null && data.equals(entry.awaiting)) entry.awaiting = null;
    };
    socket.on('pong', onPong);
    this.watched.add(entry);
    this.arm();
    return () => {
      socket.off('pong', onPong);
      this.watched.delete(entry);
    };
  }

  /** The server closes: no more pings; what was shed and not said yet is said now. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.deps.clock.clearTimeout(this.timer);
    this.timer = null;
    this.summary.sayIfDue(true);
  }

  /** The interval's timer runs while displays are watched, or a line is still to be said. */
  private arm(): void {
    if (this.stopped || this.timer !== null || (this.watched.size === 0 && !this.summary.pending)) return;
    this.timer = this.deps.clock.setTimeout(this.tick, this.settings.pingIntervalMs);
  }

  private readonly tick = (): void => {
    this.timer = null;
    this.summary.tick();
    const unanswered: Watched[] = [];
    const payloads = randomBytes(PAYLOAD_BYTES * this.watched.size);
    let next = 0;
    for (const entry of this.watched) {
      if (entry.awaiting !== null) unanswered.push(entry);
      else if (entry.socket.readyState === OPEN) {
        entry.awaiting = payloads.subarray(next, next + PAYLOAD_BYTES);
        next += PAYLOAD_BYTES;
        entry.socket.ping(entry.awaiting);
      }
    }
    if (unanswered.length > 0) this.deps.clock.setTimeout(() => this.judge(unanswered), 0);
    else this.summary.sayIfDue();
    this.arm();
  };

  private judge(unanswered: readonly Watched[]): void {
    for (const entry of unanswered) if (this.watched.has(entry) && entry.awaiting !== null) this.shed(entry);
    this.summary.sayIfDue();
    this.arm();
  }

  private shed(entry: Watched): void {
    this.watched.delete(entry);
    entry.socket.close(NOT_READING_CLOSE_CODE, this.reason);
    reset(entry.socket);
    this.deps.counts.stalled(entry.audience);
    this.summary.add(entry.audience, entry.client);
  }
}

/** Closes the connection under a WebSocket with a reset: the kernel drops what it still holds for it. */
function reset(socket: WebSocket): void {
  const connection = (socket as unknown as { _socket?: Socket })._socket;
  try {
    if (connection && typeof connection.resetAndDestroy === 'function') {
      connection.resetAndDestroy();
      return;
    }
  } catch {
    // Not a TCP handle (resetAndDestroy refuses it): closed without the reset below.
  }
  socket.terminate();
}
