// Sends one display its views without letting a slow reader hold anything up (conflation).
// Views are whole states: while the socket's send buffer (ws `bufferedAmount`) is above the bound, a new
// view is not queued behind the others but kept as the one pending view, replacing any older pending
// one (which is counted as dropped). When a send completes and the buffer is back under the bound, the
// pending view — the newest — goes out. Memory per display: the bound plus one view.
import type { SharedView } from '../../ports/shared-view.js';

/** What the sender needs of a ws WebSocket (a fake in tests). */
export interface ViewSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer, options: { readonly binary: boolean }, cb?: (err?: Error) => void): void;
  /** Writes a whole WebSocket frame made beforehand (viewFrameBytes), if the socket can take one. */
  sendFrame?(frame: Buffer, cb: (err?: Error) => void): void;
}

const OPEN = 1;

/** Default bound of one display's send buffer. */
export const VIEW_BUFFER_BYTES = 256 * 1024;

/**
 * The message a display receives: {"type":"view","sentAt":ISO,"view":{...}} — the view's JSON made once.
 * From a gateway also `madeAt` (ISO, after sentAt): when the table made the view, right after its facts
 * were durable (delivery is measured from there: docs/benchmarks.md, bench:viewers).
 */
export function viewMessage(view: SharedView, now: Date): string {
  const made = view.madeAt === undefined ? '' : `,"madeAt":"${new Date(view.madeAt).toISOString()}"`;
  return `{"type":"view","sentAt":"${now.toISOString()}"${made},"view":${view.json}}`;
}

/** The last message made per view, with the millisecond it was made in. */
const encoded = new WeakMap<SharedView, { readonly at: number; readonly bytes: Buffer; frame: Buffer | null }>();

function encodedAt(view: SharedView, nowMs: number): { readonly at: number; readonly bytes: Buffer; frame: Buffer | null } {
  const cached = encoded.get(view);
  if (cached && cached.at === nowMs) return cached;
  const made = { at: nowMs, bytes: Buffer.from(viewMessage(view, new Date(nowMs))), frame: null };
  encoded.set(view, made);
  return made;
}

/**
 * The message as UTF-8 bytes, made once per view and millisecond: every display of an audience sent
 * the same view in the same millisecond shares one buffer (sentAt is the send time to the millisecond).
 */
export function viewMessageBytes(view: SharedView, nowMs: number): Buffer {
  return encodedAt(view, nowMs).bytes;
}

/**
 * The same message as one whole WebSocket text frame (RFC 6455 §5.2: FIN, opcode 1, unmasked as a
 * server's frames are, then the length), made once per view and millisecond like the message: a
 * display is then sent it with one write, where ws would frame it again for every socket.
 */
export function viewFrameBytes(view: SharedView, nowMs: number): Buffer {
  const made = encodedAt(view, nowMs);
  if (made.frame) return made.frame;
  const length = made.bytes.length;
  const header = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  made.bytes.copy(frame, header);
  made.frame = frame;
  return frame;
}

export interface DeliveryCounts {
  sent(view: SharedView): void;
  dropped(view: SharedView): void;
}

export class ConflatedSender {
  private pending: SharedView | null = null;
  private inFlight = 0;

  constructor(
    private readonly socket: ViewSocket,
    private readonly counts: DeliveryCounts,
    private readonly limitBytes: number,
    /** The wall clock's milliseconds: each message's `sentAt` (the table's clock, or the gateway's). */
    private readonly wallNow: () => number,
  ) {}

  /** The view waiting for the buffer to drain, if any. */
  get waiting(): SharedView | null {
    return this.pending;
  }

  offer(view: SharedView): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.pending !== null || (this.inFlight > 0 && this.socket.bufferedAmount > this.limitBytes)) {
      if (this.pending) this.counts.dropped(this.pending);
      this.pending = view;
      return;
    }
    this.send(view);
  }

  private send(view: SharedView): void {
    this.inFlight += 1;
    this.counts.sent(view);
    if (this.socket.sendFrame) this.socket.sendFrame(viewFrameBytes(view, this.wallNow()), this.sent);
    else this.socket.send(viewMessageBytes(view, this.wallNow()), { binary: false }, this.sent);
  }

  private readonly sent = (err?: Error): void => {
    this.inFlight -= 1;
    if (err || this.pending === null || this.socket.readyState !== OPEN) return;
    // The last send done, or the buffer back under its bound: the newest view goes out.
    if (this.inFlight === 0 || this.socket.bufferedAmount <= this.limitBytes) {
      const next = this.pending;
      this.pending = null;
      this.send(next);
    }
  };

  /** The display left: forget what was waiting for it. */
  cancel(): void {
    this.pending = null;
  }
}
