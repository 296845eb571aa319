// bench:floor's public viewers in a process of their own (docs/benchmarks.md, "bench:floor"): V WebSockets
// per table's gateway, each keeping, for every view, when it was made (its madeAt) and when it arrived
// (Date.now(): the machine's wall clock, the same as the tables' processes stamp a card's append with).
// `report` takes the cards' appends per table and answers, per viewer and card, the time to the first view
// made at or after the card; `stop` closes them.
import { createInterface } from 'node:readline';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';

const options = JSON.parse(process.argv[2]!) as { urls: Record<string, string>; viewers: number };
const out = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);
const loop = monitorEventLoopDelay({ resolution: 10 });
const viewers: Array<{ tableId: string; ws: WebSocket; views: number[] }> = [];
for (const [tableId, url] of Object.entries(options.urls)) {
  for (let v = 0; v < options.viewers; v++) {
    const viewer = { tableId, ws: new WebSocket(url), views: [] as number[] };
    viewer.ws.on('message', (data: Buffer) => {
      const now = Date.now();
      const m = /"madeAt":"([^"]+)"/.exec(data.toString('latin1', 0, 200));
      if (m) viewer.views.push(Date.parse(m[1]!), now);
    });
    viewer.ws.on('error', () => undefined);
    viewers.push(viewer);
  }
}
out({ up: viewers.length });

for await (const line of createInterface({ input: process.stdin })) {
  const space = line.indexOf(' ');
  const command = space < 0 ? line : line.slice(0, space);
  if (command === 'measure') {
    loop.enable();
    loop.reset();
  } else if (command === 'report') {
    loop.disable();
    const appends = JSON.parse(line.slice(space + 1)) as Record<string, number[]>;
    const samples: number[] = []; // append, latency, append, latency, …
    for (const { tableId, views } of viewers) {
      const cards = appends[tableId] ?? [];
      let next = 0;
      for (let i = 0; i < views.length; i += 2) {
        while (next < cards.length && cards[next]! <= views[i]!) { const a = cards[next++]!; samples.push(a, views[i + 1]! - a); }
      }
    }
    const open = viewers.filter((v) => v.ws.readyState === WebSocket.OPEN).length;
    out({ samples, open, viewers: viewers.length, loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 } });
  } else if (command === 'stop') {
    for (const v of viewers) v.ws.terminate();
    process.exit(0);
  }
}
