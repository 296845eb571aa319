// `shoe floor --nats URL [--since ISO] [--idle-exit MS]`: follows every table's JetStream stream and
// prints one line per settled round, catching up from the start (or from a given time), then live.
import { connect, DeliverPolicy } from 'nats';
import { JetStreamLog } from '../adapters/store/jetstream-log.js';
import type { StoredEvent } from '../ports/event-store.js';
import { FloorRounds, formatFloorRound } from '../app/floor-rounds.js';
import { UsageError, type ParsedArgs } from './args.js';

export async function floorCommand(args: ParsedArgs, out: (line: string) => void): Promise<number> {
  const url = args.options.get('nats') ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const since = args.options.get('since');
  if (since !== undefined && Number.isNaN(Date.parse(since))) throw new UsageError(`--since takes an ISO time, not "${since}"`);
  const idleExit = args.options.has('idle-exit') ? Number(args.options.get('idle-exit')) : undefined;
  const nc = await connect({ servers: url, timeout: 5000 });
  try {
    const log = await JetStreamLog.open(nc);
    const js = nc.jetstream();
    const consumer = await js.consumers.get(log.streamName, {
      filterSubjects: log.subjectPattern,
      ...(since !== undefined
        ? { deliver_policy: DeliverPolicy.StartTime, opt_start_time: new Date(since).toISOString() }
        : { deliver_policy: DeliverPolicy.All }),
    });
    const messages = await consumer.consume();
    const rounds = new FloorRounds();
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      if (idleExit === undefined) return;
      clearTimeout(idle);
      idle = setTimeout(() => void messages.close(), idleExit);
    };
    armIdle();
    for await (const m of messages) {
      armIdle();
      const event = JSON.parse(new TextDecoder().decode(m.data)) as StoredEvent;
      const done = rounds.push(event);
      if (done) out(formatFloorRound(done));
    }
    clearTimeout(idle);
    return 0;
  } finally {
    await nc.close();
  }
}
