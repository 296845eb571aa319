// `shoe floor [--nats URL] [--since ISO] [--follow] [--idle-exit MS]`: every table's JetStream stream,
// one line per settled round (issue 4). By default a report: the rounds on the stream from its start (or
// from --since) up to the moment the command started, then exit 0 — an empty stream prints nothing and
// exits at once. `--follow` goes on with live rounds until Ctrl-C; `--idle-exit MS` follows until MS pass
// without a message (issue 10 part 4: without --since it used to print nothing and never exit).
import { connect, DeliverPolicy, type NatsConnection } from 'nats';
import { JetStreamLog } from '../adapters/store/jetstream-log.js';
import type { StoredEvent } from '../ports/event-store.js';
import { FloorRounds, formatFloorRound } from '../app/floor-rounds.js';
import { UsageError } from './args.js';
import { OperatorError } from './cli-errors.js';
import { defineCommand } from './command-spec.js';
import { LineWriter } from './line-writer.js';

async function connectOrExplain(url: string): Promise<NatsConnection> {
  try {
    return await connect({ servers: url, timeout: 5000 });
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as Error).message;
    throw new OperatorError(`cannot reach NATS at ${url}: ${code === 'CONNECTION_REFUSED' ? 'connection refused' : code === 'TIMEOUT' ? 'no answer within 5 s' : (err as Error).message}`);
  }
}

async function lastMessageTime(nc: NatsConnection, stream: string, seq: number): Promise<number> {
  const message = await (await nc.jetstreamManager()).streams.getMessage(stream, { seq });
  return message.time.getTime();
}

export const floorCommand = defineCommand({
  name: 'floor',
  summary: 'One line per settled round of every table replicated to NATS JetStream.',
  positionals: [],
  options: {
    nats: { type: 'string', value: 'URL', description: 'the NATS server (default: $NATS_URL, else nats://127.0.0.1:4222)' },
    since: { type: 'string', value: 'ISO', description: 'start at this time instead of the start of the stream' },
    follow: { type: 'boolean', short: 'f', description: 'after the rounds already on the stream, go on with live ones until Ctrl-C' },
    'idle-exit': { type: 'integer', value: 'MS', description: 'follow, and exit after MS without a message (implies --follow)' },
    stream: { type: 'string', value: 'NAME', default: 'TABLE_EVENTS', description: 'the JetStream stream the tables replicate to' },
    'subject-prefix': { type: 'string', value: 'PREFIX', default: 'tables', description: "the first token of the tables' subjects (PREFIX.<table>.events)" },
  },
  details: ['Without --follow the command prints the rounds on the stream when it starts and exits 0.'],
  async run(args, io) {
    const url = args.values.nats ?? process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
    const { since } = args.values;
    const idleExit = args.values['idle-exit'];
    // --idle-exit only means something while following: it implies --follow.
    const follow = args.values.follow || idleExit !== undefined;
    if (since !== undefined && Number.isNaN(Date.parse(since))) throw new UsageError(`--since takes an ISO time, not "${since}"`);
    const nc = await connectOrExplain(url);
    try {
      const log = await JetStreamLog.open(nc, { streamName: args.values.stream, subjectPrefix: args.values['subject-prefix'] });
      // What the stream holds now: the report ends at its last message unless following.
      const { state } = await (await nc.jetstreamManager()).streams.info(log.streamName);
      if (!follow && (state.messages === 0 || (since !== undefined && (await lastMessageTime(nc, log.streamName, state.last_seq)) < Date.parse(since)))) return 0;
      // An ordered consumer starts at stream sequence 1 by itself. Asking for DeliverPolicy.All as well made
      // nats.js send `all` with `opt_start_seq`, which the server refuses; the client retried for ever, silently.
      const consumer = await nc.jetstream().consumers.get(log.streamName, {
        filterSubjects: log.subjectPattern,
        ...(since !== undefined ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: new Date(since).toISOString() } : {}),
      });
      const messages = await consumer.consume();
      const rounds = new FloorRounds();
      const writer = new LineWriter(io.stdout, 1);
      let idle: NodeJS.Timeout | undefined;
      const armIdle = () => {
        if (idleExit === undefined) return;
        clearTimeout(idle);
        idle = setTimeout(() => void messages.close(), idleExit);
      };
      armIdle();
      const decoder = new TextDecoder();
      for await (const m of messages) {
        armIdle();
        const done = rounds.push(JSON.parse(decoder.decode(m.data)) as StoredEvent);
        if (done) await writer.line(formatFloorRound(done));
        if (!follow && m.seq >= state.last_seq) break;
      }
      clearTimeout(idle);
      await writer.flush();
      return 0;
    } finally {
      await nc.close();
    }
  },
});
