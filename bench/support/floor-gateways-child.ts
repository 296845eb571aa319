// bench:floor's display gateways in a process of their own (docs/benchmarks.md, "bench:floor"): for each
// table the gateway server over its views from NATS, as `shoe displays` runs it. Prints the tables' public
// WebSocket addresses; answers `measure`, `report` (a view's way from its table to the gateway, and each
// gateway's longest wait between two views) and `stop`.
import { createInterface } from 'node:readline';
import pino from 'pino';
import { connect } from 'nats';
import type { FastifyInstance } from 'fastify';
import { natsServers } from '../../src/adapters/store/nats-servers.js';
import { NatsViewSource } from '../../src/adapters/view-fanout/nats-view-source.js';
import { createGatewayServer } from '../../src/adapters/web/gateway-server.js';
import { viewSocketPath } from '../../src/adapters/web/view-sockets.js';
import { realClock } from '../../src/adapters/clock/real-clock.js';
import { FloorHops } from './floor-hops.js';

const options = JSON.parse(process.argv[2]!) as { url: string; ids: readonly string[]; parallel: number };
const hops = new FloorHops();
hops.install();
const quiet = pino({ level: 'silent' });
const clock = realClock();
const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);
const connection = await connect({ servers: natsServers(options.url), maxReconnectAttempts: -1, reconnectTimeWait: 500 });
const gateways: Array<{ app: FastifyInstance; views: NatsViewSource }> = [];
const urls: Record<string, string> = {};
const queue = [...options.ids];
await Promise.all(Array.from({ length: options.parallel }, async () => {
  for (let id = queue.shift(); id; id = queue.shift()) {
    const views = new NatsViewSource({ connection, tableId: id, logger: quiet, minIntervalMs: 0, clock });
    await views.start();
    const app = createGatewayServer({ views, credentials: new Map(), logger: quiet, clock, rateLimit: { max: 100_000, windowMs: 1000 } });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    gateways.push({ app, views });
    urls[id] = `${address.replace('http', 'ws')}${viewSocketPath('public')}`;
  }
}));
out({ urls });

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'measure') {
    hops.measuring = true;
    hops.viewToGateway.length = 0;
    hops.startLoop();
  } else if (line === 'report') {
    hops.measuring = false;
    out({ viewToGateway: hops.viewToGateway, gaps: [...hops.gatewayGaps.values()].map((g) => g.longest), loop: hops.loopDelay() });
  } else if (line === 'stop') {
    for (const g of gateways) { await g.app.close(); await g.views.stop(); }
    await connection.close();
    out({ stopped: true });
    process.exit(0);
  }
}
