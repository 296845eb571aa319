// `shoe floor` at work (floor-command.ts declares it): the rounds on the stream, then live ones when following.
import { DeliverPolicy, type JetStreamManager } from 'nats';
import { JetStreamLog } from '../adapters/store/jetstream-log.js';
import { OrderedReader } from '../adapters/store/ordered-reader.js';
import { realClock } from '../adapters/clock/real-clock.js';
import type { TimerHandle } from '../ports/clock.js';
import type { StoredEvent } from '../ports/event-store.js';
import { FloorRounds } from '../app/audit/floor-rounds.js';
import { floorRoundWords } from '../app/audit/floor-round-words.js';
import { FloorTables } from './floor-tables.js';
import { UsageError } from './usage-error.js';
import { connectOrExplain, followNatsOutages, jetStreamOf } from './connect-nats.js';
import { OperatorError } from './operator-error.js';
import type { CommandIO } from './command-spec.js';
import { LineWriter } from './line-writer.js';

export interface FloorOptions {
  readonly nats: string | undefined;
  readonly since: string | undefined;
  readonly follow: boolean;
  readonly idleExit: number | undefined;
  readonly stream: string;
  readonly subjectPrefix: string;
  readonly format: 'text' | 'json';
  /** The folder of the tables' files: each table's currency. */
  readonly tables: string | undefined;
  /** Copies of the stream if this command creates it. */
  readonly replicas: number;
}

async function lastMessageTime(jsm: JetStreamManager, stream: string, seq: number): Promise<number> {
  const message = await jsm.streams.getMessage(stream, { seq });
  return message.time.getTime();
}

export async function floorReport(o: FloorOptions, io: CommandIO): Promise<number> {
  const url = o.nats ?? process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
  const { since, idleExit } = o;
  // --idle-exit only means something while following: it implies --follow.
  const follow = o.follow || idleExit !== undefined;
  if (since !== undefined && Number.isNaN(Date.parse(since))) throw new UsageError(`--since takes an ISO time, not "${since}"`);
  const tables = FloorTables.read(o.tables);
  // Following rides out NATS outages (nats.js reconnects every second) and says so on stderr; a report of
  // what the stream holds stops at a lost connection with one line, never ends in silence.
  const nc = await connectOrExplain(url, follow ? { maxReconnectAttempts: -1, reconnectTimeWait: 1000 } : {});
  let lost: string | null = null;
  let stopReading = (): void => undefined;
  const loseNats = (why: string): void => {
    lost ??= why;
    stopReading();
  };
  followNatsOutages(nc, {
    down: () => (follow ? io.stderr.write(`shoe floor: NATS at ${url} disconnected: waiting for it to return; the rounds settled meanwhile follow when it does\n`) : loseNats('disconnected')),
    up: () => void io.stderr.write(`shoe floor: NATS at ${url} reconnected\n`),
  });
  void nc.closed().then((err) => loseNats(err ? err.message : 'the connection closed'));
  try {
    const jsm = await jetStreamOf(nc, url);
    const log = await JetStreamLog.open(nc, { streamName: o.stream, subjectPrefix: o.subjectPrefix, replicas: o.replicas });
    // What the stream holds now: the report ends at its last message unless following.
    const { state } = await jsm.streams.info(log.streamName);
    if (!follow && (state.messages === 0 || (since !== undefined && (await lastMessageTime(jsm, log.streamName, state.last_seq)) < Date.parse(since)))) return 0;
    // An ordered consumer starts at stream sequence 1 by itself. Asking for DeliverPolicy.All as well made
    // nats.js send `all` with `opt_start_seq`, which the server refuses; the client retried for ever, silently.
    // A consumer whose node is lost is made again on a live node, after the last event read
    // (src/adapters/store/ordered-reader.ts): the report rides through the loss of a cluster node.
    const clock = realClock();
    const messages = new OrderedReader({
      connection: nc,
      stream: log.streamName,
      clock,
      consumer: {
        filterSubjects: log.subjectPattern,
        ...(since !== undefined ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: new Date(since).toISOString() } : {}),
      },
      onRemade: () => void io.stderr.write('shoe floor: the floor\'s consumer stopped answering (a NATS node lost?): reading on from a new one on a live node, after the last round printed\n'),
    });
    stopReading = () => messages.close();
    if (lost !== null) stopReading();
    const rounds = new FloorRounds((tableId) => tables.currency(tableId));
    const writer = new LineWriter(io.stdout, 1);
    let idle: TimerHandle | undefined;
    const armIdle = () => {
      if (idleExit === undefined) return;
      clock.clearTimeout(idle);
      idle = clock.setTimeout(() => void messages.close(), idleExit);
    };
    armIdle();
    const decoder = new TextDecoder();
    for await (const m of messages) {
      armIdle();
      const done = rounds.push(JSON.parse(decoder.decode(m.data)) as StoredEvent);
      if (done) await writer.line(o.format === 'json' ? JSON.stringify(done) : floorRoundWords(done));
      if (!follow && m.seq >= state.last_seq) break;
    }
    clock.clearTimeout(idle);
    await writer.flush();
    if (lost !== null) throw new OperatorError(`lost NATS at ${url} (${lost}): the report stops at the last round printed`);
    return 0;
  } finally {
    await nc.close();
  }
}
