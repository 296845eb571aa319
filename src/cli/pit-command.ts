// `shoe pit` at work (verbs/pit.ts declares it): the floor's events and heartbeats into the board
// (src/adapters/floor/pit-feed.ts), served as /pit (src/adapters/web/pit-server.ts) until Ctrl-C.
import { realClock } from '../adapters/clock/real-clock.js';
import { PitFeed } from '../adapters/floor/pit-feed.js';
import { createPitServer } from '../adapters/web/pit-server.js';
import { PitBoard } from '../app/floor/pit-board.js';
import { credentialIndex, loadTableConfig } from '../config/table-config.js';
import type { CommandIO } from './command-spec.js';
import { connectOrExplain, jetStreamOf } from './connect-nats.js';
import { FloorTables } from './floor-tables.js';
import { processLogger } from './process-logger.js';
import { UsageError } from './usage-error.js';

export interface PitOptions {
  readonly nats: string | undefined;
  readonly replicas: number;
  readonly config: string | undefined;
  readonly tables: string | undefined;
  readonly from: string | undefined;
  readonly hours: number;
  readonly stream: string;
  readonly subjectPrefix: string;
  readonly port: number;
  readonly host: string | undefined;
}

export async function pitConsole(o: PitOptions, io: CommandIO): Promise<number> {
  if (o.config === undefined) throw new UsageError("--config FILE is required: the table file whose supervisors' tokens open the console");
  if (o.from !== undefined && Number.isNaN(Date.parse(o.from))) throw new UsageError(`--from takes an ISO time, not "${o.from}"`);
  if (o.hours < 1) throw new UsageError(`--hours must be 1 or more, not ${o.hours}`);
  const credentials = credentialIndex(loadTableConfig(o.config, '--config'));
  const tables = FloorTables.read(o.tables);
  const clock = realClock();
  const fromMs = o.from !== undefined ? Date.parse(o.from) : Math.floor(clock.wallNow() / 86_400_000) * 86_400_000;
  const shift = { from: new Date(fromMs).toISOString(), to: new Date(fromMs + o.hours * 3_600_000).toISOString() };
  const url = o.nats ?? process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222';
  const logger = processLogger({ level: 'info' });
  const connection = await connectOrExplain(url, { maxReconnectAttempts: -1, reconnectTimeWait: 1000 });
  try {
    await jetStreamOf(connection, url);
    const board = new PitBoard(shift, (tableId) => tables.dealer(tableId));
    const feed = new PitFeed({ connection, clock, board, streamName: o.stream, subjectPrefix: o.subjectPrefix, replicas: o.replicas, since: shift.from,
      onReaderRemade: (why, next) => logger.warn({ why, nextStreamSeq: next }, 'pit console: the floor\'s consumer stopped answering (a NATS node lost?); reading on from a new one on a live node') });
    await feed.start();
    const app = createPitServer({
      credentials, logger, clock,
      changes: (changed) => {
        const subscription = feed.seen$.subscribe(() => changed());
        return () => subscription.unsubscribe();
      },
      board: (lang) => ({ lang, rows: board.rows(clock.wallNow(), (t) => feed.isStale(t)), total: board.total(), shift, currency: tables.currency(''), at: new Date(clock.wallNow()).toISOString() }),
    });
    const address = await app.listen({ host: o.host ?? '127.0.0.1', port: o.port });
    io.stderr.write(`shoe pit: the pit console at ${address}/pit?token=…, shift ${shift.from} to ${shift.to}\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await app.close();
    await feed.stop();
    return 0;
  } finally {
    await connection.close();
  }
}
