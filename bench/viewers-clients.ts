// The viewers' side of bench/viewers.ts, in its own process (so the table's RSS is the table's own):
// G display gateways (the real `shoe displays` server over NATS) and N public viewers spread over them.
// Prints one JSON line "ready" when every viewer has its first view, and one JSON report line when it
// gets "stop" on stdin. Usage: tsx bench/viewers-clients.ts TABLE_ID NATS_URL VIEWERS GATEWAYS; with a
// ws:// address instead of NATS_URL the viewers connect straight to that table server (no gateways).
// A refused or failed connection is tried again after a short random wait, as the pages do.
import { createInterface } from 'node:readline';
import { pino } from 'pino';
import { connect, type NatsConnection } from 'nats';
import { WebSocket } from 'ws';
import { NatsViewSource } from '../src/adapters/view-fanout/nats-view-source.js';
import { createGatewayServer } from '../src/adapters/web/gateway-server.js';

const [tableId = '', natsUrl = '', viewersArg = '100', gatewaysArg = '2'] = process.argv.slice(2);
const VIEWERS = Number(viewersArg);
const GATEWAYS = Number(gatewaysArg);
const logger = pino({ level: 'silent' });

interface Viewer {
  firstViewMs: number | null;
  /** Rounds whose final view (dealer finished, or voided) this viewer saw. */
  readonly finals: Set<number>;
  messages: number;
}

const hop: number[] = []; // table made the view -> gateway received it (ms)
const fanout: number[] = []; // gateway sent -> viewer received (ms)
const connections: NatsConnection[] = [];
const urls: string[] = [];
const closers: Array<() => Promise<void>> = [];
const direct = natsUrl.startsWith('ws');
if (direct) urls.push(natsUrl);
for (let g = 0; g < (direct ? 0 : GATEWAYS); g++) {
  const connection = await connect({ servers: natsUrl });
  connections.push(connection);
  const views = new NatsViewSource({ connection, tableId, logger });
  await views.start();
  views.views$('public').subscribe(() => {
    const r = views.lastReceipt.get('public');
    if (r?.madeAt) hop.push(r.receivedAt - Date.parse(r.madeAt));
  });
  const app = createGatewayServer({ views, credentials: new Map(), logger, rateLimit: { max: 1_000_000, windowMs: 1000 } });
  urls.push((await app.listen({ host: '127.0.0.1', port: 0 })).replace('http', 'ws'));
  closers.push(async () => {
    await app.close();
    await views.stop();
  });
}

const viewers: Viewer[] = [];
const started = Date.now();
let withFirst = 0;
const sockets: WebSocket[] = [];
const refused = new Map<string, number>();
const open = (i: number, viewer: Viewer): void => {
  const socket = new WebSocket(`${urls[i % urls.length]}${direct ? '' : '/ws/public'}`);
  sockets.push(socket);
  socket.on('unexpected-response', (_req, res) => {
    refused.set(String(res.statusCode), (refused.get(String(res.statusCode)) ?? 0) + 1);
    socket.terminate();
  });
  socket.on('close', () => {
    if (viewer.firstViewMs === null) setTimeout(() => open(i, viewer), 100 + Math.random() * 400);
  });
  socket.on('message', (data) => {
    const now = Date.now();
    const text = data.toString();
    viewer.messages++;
    if (viewer.firstViewMs === null) {
      viewer.firstViewMs = now - started;
      if (++withFirst === VIEWERS) {
        const firsts = viewers.map((v) => v.firstViewMs ?? Infinity);
        process.stdout.write(`${JSON.stringify({ ready: true, connectMs: now - started, firstP50Ms: percentile(firsts, 50), firstP99Ms: percentile(firsts, 99), refused: Object.fromEntries(refused) })}\n`);
      }
    }
    // {"type":"view","sentAt":"<24 characters>",...: read without parsing the whole view (the viewers' process is the bottleneck).
    if (viewer.messages % 4 === 0 || i < 50) fanout.push(now - Date.parse(text.slice(25, 49)));
    if (text.includes('"finished":true') || text.includes('"voided":true')) {
      const t = (JSON.parse(text) as { view: { table: { handsRound: number | null; voided: boolean; dealer: { finished: boolean } } } }).view.table;
      if (t.handsRound !== null && (t.dealer.finished || t.voided)) viewer.finals.add(t.handsRound);
    }
  });
  socket.on('error', () => undefined);
};
for (let i = 0; i < VIEWERS; i++) {
  const viewer: Viewer = { firstViewMs: null, finals: new Set(), messages: 0 };
  viewers.push(viewer);
  open(i, viewer);
  if (i % 200 === 199) await new Promise((r) => setImmediate(r));
}

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

createInterface({ input: process.stdin }).on('line', async (line) => {
  if (!line.startsWith('stop')) return;
  const rounds = (JSON.parse(line.slice(5)) as { rounds: number[] }).rounds;
  const missing = viewers.map((v) => rounds.filter((r) => !v.finals.has(r)).length);
  const report = {
    viewers: VIEWERS,
    gateways: GATEWAYS,
    firstViewP99Ms: percentile(viewers.map((v) => v.firstViewMs ?? Infinity), 99),
    viewersMissingAFinal: missing.filter((m) => m > 0).length,
    finalsMissed: missing.reduce((a, b) => a + b, 0),
    messages: viewers.reduce((n, v) => n + v.messages, 0),
    hopP50Ms: percentile(hop, 50), hopP99Ms: percentile(hop, 99),
    fanoutP50Ms: percentile(fanout, 50), fanoutP99Ms: percentile(fanout, 99),
    rssMiB: process.memoryUsage().rss / 2 ** 20,
  };
  for (const s of sockets) s.terminate();
  for (const close of closers) await close();
  for (const c of connections) await c.close();
  process.stdout.write(`${JSON.stringify({ report })}\n`);
  process.exit(0);
});
