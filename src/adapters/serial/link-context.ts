// What the parts of the shoe link share: options, clock, the link state and the §8.2 sequence
// state, counters, and the event listener. The parts (transport, session, sender, receiver) reach
// each other through `parts`.

import { reasonSentence } from '../../messages/coded-reason.js';
import type { LinkReason } from './link-reasons.js';
import { toHex, type Message } from '../../../firmware-protocol/src/index.js';
import { CounterReporter } from './link-counters.js';
import type { LinkEvent, LinkState, ShoeLinkOptions } from './link-types.js';
import type { Clock } from '../../ports/clock.js';
import type { LinkTransport } from './link-transport.js';
import type { LinkSession } from './link-session.js';
import type { CommandSender } from './command-sender.js';
import type { EventReceiver } from './event-receiver.js';

export interface LinkParts {
  transport: LinkTransport;
  session: LinkSession;
  sender: CommandSender;
  receiver: EventReceiver;
}

export class LinkContext {
  state: LinkState = 'closed';
  closing = false;
  // §8.2 sequence state.
  lastRx: number;
  noHistory: boolean;
  coldStart: boolean;
  nextTx: number;
  readonly counters: CounterReporter;
  parts!: LinkParts;

  constructor(
    readonly o: ShoeLinkOptions,
    readonly sched: Clock,
  ) {
    const r = o.resume;
    this.lastRx = r?.lastRxSeq ?? 0;
    this.nextTx = r?.nextTxSeq !== undefined && r.nextTxSeq >= 1 && r.nextTxSeq <= 0xffff ? r.nextTxSeq : 1;
    this.noHistory = !r;
    // The application persists the shoe's sequence (every shoe event carries it onto the log) but not
    // our own transmit sequence: then we keep `last_rx` and announce a cold start of our direction
    // only (§8.2, §8.4 a), so the shoe accepts our seq 1 while its events are never delivered twice.
    this.coldStart = !r || r.nextTxSeq === undefined;
    this.counters = new CounterReporter(sched, o.countersIntervalMs ?? 1000, (counters) => this.emit({ type: 'counters', counters, at: sched.wallNow() }));
  }

  get count() {
    return this.counters.values;
  }

  setState(state: LinkState, why: LinkReason): void {
    if (this.state === state) return;
    const previous = this.state;
    this.state = state;
    this.emit({ type: 'state', state, previous, reason: reasonSentence(why), code: why.code, params: why.params, at: this.sched.wallNow() });
    this.counters.flush();
  }

  writeMessage(message: Message): void {
    this.parts.transport.writeMessage(message);
  }

  protocolError(reason: string, detail: string, bytes: Uint8Array, seq?: number): void {
    this.count.protocolErrors++;
    this.counters.mark();
    const e: LinkEvent = { type: 'protocol-error', reason, detail, hex: toHex(bytes), at: this.sched.wallNow() };
    if (seq !== undefined) e.seq = seq;
    this.emit(e);
  }

  emit(e: LinkEvent): void {
    try {
      this.o.onEvent?.(e);
    } catch {
      // A failing listener must not break the link.
    }
  }
}
