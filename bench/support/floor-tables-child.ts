// bench:floor's tables in a process of their own (docs/benchmarks.md, "bench:floor"): real table runtimes
// with emulated shoes and bots, each replicating its log to the cluster. Spoken to in JSON lines
// (bench-processes.ts): it answers `positions`, `report FROM` (every card appended since FROM with its hops:
// appended, sent to JetStream, acknowledged) and `stop`. Times are Date.now(): the machine's one wall clock,
// the same in every process of the bench, so a card's append here and its arrival at the console compare.
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { startTable, type TableRuntime } from '../../src/composition/table-runtime.js';
import { parseTableConfig } from '../../src/config/table-config.js';
import { FloorHops } from './floor-hops.js';

interface Options { readonly url: string; readonly dir: string; readonly ids: readonly string[]; readonly paceMs: number; readonly parallel: number }
const options = JSON.parse(process.argv[2]!) as Options;
const hops = new FloorHops();
hops.install();
const quiet = pino({ level: 'silent' });
const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);
const runtimes = new Map<string, TableRuntime>();
/** Every card appended: [table:seq, Date.now() when its input was durable on the log]. */
const appended: Array<[string, number]> = [];
const lastCard: Record<string, number> = {};
const startMs: number[] = [];

async function start(id: string): Promise<void> {
  const i = Number(id.slice(1));
  const config = parseTableConfig({
    id, rules: 'six-deck', store: { path: join(options.dir, '{tableId}.db') }, http: { host: '127.0.0.1', port: 0 },
    bettingSeconds: 0.3, resultsSeconds: 0, dealer: `Dealer ${i % 7}`, nats: { url: options.url, replicas: 3 }, roles: {},
  }, 'bench');
  const began = performance.now();
  const runtime = await startTable({ config, logger: quiet, paceMs: options.paceMs, seed: 11 + i });
  startMs.push(performance.now() - began);
  runtimes.set(id, runtime);
  runtime.service.events$.subscribe((e) => {
    if (e.type !== 'card.dealt') return;
    const now = Date.now();
    appended.push([`${id}:${e.seq}`, now]);
    lastCard[id] = now;
  });
}

// A few at a time, as a floor's tables start on their own (one process each under systemd).
const queue = [...options.ids];
await Promise.all(Array.from({ length: options.parallel }, async () => { for (let id = queue.shift(); id; id = queue.shift()) await start(id); }));
out({ startMs });

for await (const line of createInterface({ input: process.stdin })) {
  const [command, arg] = line.split(' ');
  if (command === 'positions') out({ positions: Object.fromEntries([...runtimes].map(([id, r]) => [id, r.service.position])), lastCard });
  else if (command === 'measure') {
    hops.measuring = true;
    hops.viewPublishMs.length = 0;
    hops.startLoop();
  } else if (command === 'report') {
    hops.measuring = false;
    const from = Number(arg);
    const cards = appended.filter(([, at]) => at >= from).map(([key, at]) => {
      const h = hops.cards.get(key);
      return [key, at, h?.sent ?? null, h?.acked ?? null];
    });
    out({ cards, viewPublishMs: hops.viewPublishMs, viewPublishFailures: hops.viewPublishFailures, loop: hops.loopDelay() });
  } else if (command === 'stop') {
    for (const r of runtimes.values()) await r.stop();
    out({ stopped: true });
    process.exit(0);
  }
}
