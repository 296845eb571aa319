// The shoe link's transport: opens the serial port, reopens it with backoff when the device goes
// away (PROTOCOL.md §10.2), counts and captures the bytes both ways, and deframes what arrives.

import { SerialPort } from 'serialport';
import type { BindingInterface } from '@serialport/bindings-interface' with { 'resolution-mode': 'require' };
import { Deframer, encodeFrame, type Message, type PushResult } from '../../../firmware-protocol/src/index.js';
import { countDiscarded } from './link-counters.js';
import type { LinkContext } from './link-context.js';
import type { TimerHandle } from '../../ports/clock.js';
import { linkReason, retrying, type PortEnd } from './link-reasons.js';

export class LinkTransport {
  private port: SerialPort | null = null;
  private gen = 0;
  private deframer = new Deframer({ from: 'shoe' });
  private readonly backoffInitial: number;
  private readonly backoffMax: number;
  private backoff: number;
  private reconnectTimer: TimerHandle | null = null;

  constructor(
    private readonly c: LinkContext,
    /** Frames and discarded bytes deframed from what arrived. */
    private readonly onReceived: (r: PushResult) => void,
  ) {
    this.backoffInitial = c.o.reconnect?.initialMs ?? 250;
    this.backoffMax = c.o.reconnect?.maxMs ?? 5000;
    this.backoff = this.backoffInitial;
  }

  get isOpen(): boolean {
    return this.port?.isOpen ?? false;
  }
  /** Changes whenever the port is replaced: an ACK owed to an older port is lost (§8.4 c). */
  get generation(): number {
    return this.gen;
  }

  /** A session came up: the next reconnect starts from the first delay again. */
  resetBackoff(): void {
    this.backoff = this.backoffInitial;
  }

  open(): void {
    const c = this.c;
    if (c.closing) return;
    c.setState('connecting', linkReason(c.count.portOpens === 0 ? 'openingPort' : 'reopeningPort'));
    const gen = ++this.gen;
    const opts = { path: c.o.path, baudRate: c.o.baudRate, autoOpen: false } as ConstructorParameters<typeof SerialPort>[0];
    if (c.o.binding) (opts as { binding?: BindingInterface }).binding = c.o.binding;
    const port = new SerialPort(opts);
    port.on('error', (err: Error & { canceled?: boolean }) => this.onPortError(gen, err));
    port.on('data', (chunk: Buffer) => {
      if (gen === this.gen) this.onBytes(chunk);
    });
    port.on('close', (err: (Error & { disconnected?: boolean }) | null) => this.onPortClose(gen, err, port));
    port.open((err) => {
      if (gen !== this.gen) {
        if (!err) port.close(() => undefined);
        return;
      }
      if (err) {
        c.count.openFailures++;
        c.counters.mark();
        c.emit({ type: 'open-failed', path: c.o.path, message: err.message, retryInMs: this.backoff, at: c.sched.wallNow() });
        this.scheduleReconnect({ code: 'cannotOpen', params: { address: c.o.path, error: err.message } });
        return;
      }
      this.port = port;
      c.count.portOpens++;
      this.deframer = new Deframer({ from: 'shoe' });
      c.setState('handshaking', linkReason('portOpen', { address: c.o.path, count: String(c.o.baudRate) }));
      c.parts.session.onPortOpen();
    });
  }

  async close(): Promise<void> {
    this.c.sched.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const port = this.port;
    this.port = null;
    this.gen++;
    if (port?.isOpen) {
      await new Promise<void>((resolve) => port.close(() => resolve()));
    }
  }

  write(bytes: Uint8Array): void {
    const port = this.port;
    if (!port?.isOpen) return;
    const c = this.c;
    c.count.framesTx++;
    c.count.bytesTx += bytes.length;
    c.o.capture?.record(c.sched.wallNow(), 'tx', bytes);
    port.write(Buffer.from(bytes));
    c.counters.mark();
  }

  writeMessage(message: Message): void {
    this.write(encodeFrame({ seq: 0, message }));
  }

  private onBytes(chunk: Buffer): void {
    const c = this.c;
    const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    c.count.bytesRx += bytes.length;
    c.o.capture?.record(c.sched.wallNow(), 'rx', bytes);
    this.onReceived(this.deframer.push(bytes));
    c.counters.mark();
  }

  private onPortError(gen: number, err: Error & { canceled?: boolean }): void {
    const c = this.c;
    // Closing a port with I/O pending aborts that I/O with err.canceled: expected, not a fault.
    // The same holds for any error from a port we are closing or have already given up (the
    // mock binding's "Write canceled" carries no `canceled` flag).
    if (err.canceled || c.closing || gen !== this.gen) {
      c.count.canceledIo++;
      c.counters.mark();
      return;
    }
    c.count.ioErrors++;
    c.counters.mark();
    c.emit({ type: 'io-error', message: err.message, at: c.sched.wallNow() });
    // A failed write on a vanished device is followed by 'close'; make sure we notice if not.
    if (gen === this.gen && this.port && !this.port.isOpen && !c.closing) this.onPortClose(gen, err, this.port);
  }

  private onPortClose(gen: number, err: (Error & { disconnected?: boolean }) | null, port: SerialPort): void {
    const c = this.c;
    if (gen !== this.gen || c.closing) return;
    // The stream may have been destroyed by a failed write while its binding is still open;
    // release the device so it can be reopened.
    if (port.isOpen) port.close(() => undefined);
    this.port = null;
    this.gen++;
    c.count.disconnects++;
    const r = this.deframer.reset();
    for (const d of r.discarded) {
      countDiscarded(c.count, d);
      c.counters.mark();
    }
    c.parts.session.loseSession();
    this.scheduleReconnect(err ? { code: 'deviceGone', params: { error: err.message } } : { code: 'portClosed', params: {} });
  }

  private scheduleReconnect(reason: PortEnd): void {
    const c = this.c;
    if (c.closing) return;
    c.parts.session.stopTimers();
    c.setState('connecting', retrying(reason, this.backoff));
    c.sched.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = c.sched.setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, this.backoff);
    this.backoff = Math.min(this.backoffMax, this.backoff * 2);
  }
}
