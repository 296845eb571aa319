// The display gateways of bench:viewers: real `shoe displays --nats URL --table ID` processes,
// each on a port of its own, read back through their /metrics at the end.
import { cpuSecondsOf, rssMiBOf, startChild, type JsonLineChild } from './bench-processes.js';

export interface GatewayFigures {
  readonly sent: number;
  readonly dropped: number;
  readonly conflated: number;
  readonly loopLagP99Ms: number;
}

export interface Gateways {
  readonly urls: readonly string[];
  readonly pids: readonly number[];
  figures(): Promise<GatewayFigures[]>;
  cpuSeconds(): number;
  rssMiB(): number;
  stop(): Promise<void>;
}

const metric = (text: string, name: string): number => {
  const m = new RegExp(`^${name}(?:\\{audience="public"\\})? ([0-9.e+-]+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
};

export async function startGateways(count: number, natsUrl: string, tableId: string, nice: number, viewIntervalMs: number): Promise<Gateways> {
  const children: JsonLineChild[] = [];
  const urls: string[] = [];
  for (let g = 0; g < count; g++) {
    children.push(startChild(['src/cli/main.ts', 'displays', '--nats', natsUrl, '--table', tableId, '--port', '0', '--view-interval', String(viewIntervalMs)], nice, { ...process.env, LOG_LEVEL: 'info' }));
  }
  for (const c of children) {
    // Its log's INFO line `serving <id> at http://127.0.0.1:<port>: …` carries the address as `url`.
    let url: unknown;
    while (typeof url !== 'string') url = (await c.next())['url'];
    urls.push(url.replace('http', 'ws'));
  }
  return {
    urls,
    pids: children.map((c) => c.pid),
    async figures() {
      return Promise.all(urls.map(async (u) => {
        const text = await (await fetch(`${u.replace('ws', 'http')}/metrics`)).text();
        return {
          sent: metric(text, 'gateway_views_sent_total'), dropped: metric(text, 'gateway_views_dropped_total'),
          conflated: metric(text, 'gateway_views_conflated_total'), loopLagP99Ms: metric(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
        };
      }));
    },
    cpuSeconds: () => children.reduce((n, c) => n + cpuSecondsOf(c.pid), 0),
    rssMiB: () => children.reduce((n, c) => n + rssMiBOf(c.pid), 0),
    async stop() {
      for (const c of children) c.child.kill('SIGTERM');
      await Promise.all(children.map((c) => c.exited()));
    },
  };
}
