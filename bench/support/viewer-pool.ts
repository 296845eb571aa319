// The viewers of bench:viewers, split over several processes (bench/viewers-clients.ts), and
// their figures added up: first-view times, every round's final view, delivery histograms.
import { cpuSecondsOf, startChild, type JsonLineChild } from './bench-processes.js';

export interface PoolReport {
  readonly viewers: number;
  readonly viewersMissingAFinal: number;
  readonly finalsMissed: number;
  readonly messages: number;
  readonly withoutMadeAt: number;
  readonly viewBytes: number;
  /** Histograms, count per millisecond. */
  readonly total: Map<number, number>;
  readonly hop: Map<number, number>;
  readonly lastMile: Map<number, number>;
  /** The worst of the processes' event-loop delay p99 (ms): is the viewers' harness itself behind? */
  readonly loopDelayP99Ms: number;
  readonly rssMiB: number;
}

export interface ViewerPool {
  readonly pids: readonly number[];
  /** Opens every viewer; resolves when each has its first view. */
  connect(): Promise<{ firstViewsMs: number[]; refused: Record<string, number> }>;
  stop(rounds: readonly number[]): Promise<PoolReport>;
  cpuSeconds(): number;
}

export async function startViewerPool(urls: readonly string[], path: string, viewers: number, processes: number, nice: number): Promise<ViewerPool> {
  const children: JsonLineChild[] = [];
  const per = Math.ceil(viewers / processes);
  for (let p = 0, offset = 0; offset < viewers; p++, offset += per) {
    const count = Math.min(per, viewers - offset);
    children.push(startChild(['bench/viewers-clients.ts', JSON.stringify({ urls, path, count, offset })], nice));
  }
  await Promise.all(children.map((c) => c.next())); // {up}
  return {
    pids: children.map((c) => c.pid),
    async connect() {
      for (const c of children) c.send('connect');
      const ready = await Promise.all(children.map((c) => c.next()));
      const refused: Record<string, number> = {};
      for (const r of ready) for (const [k, n] of Object.entries(r['refused'] as Record<string, number>)) refused[k] = (refused[k] ?? 0) + n;
      return { firstViewsMs: ready.flatMap((r) => r['firstViewsMs'] as number[]), refused };
    },
    async stop(rounds) {
      for (const c of children) c.send(`stop ${JSON.stringify({ rounds })}`);
      const reports = (await Promise.all(children.map((c) => c.next()))).map((r) => r['report'] as Record<string, unknown>);
      await Promise.all(children.map((c) => c.exited()));
      const sum = (key: string) => reports.reduce((n, r) => n + (r[key] as number), 0);
      const merge = (key: string) => {
        const h = new Map<number, number>();
        for (const r of reports) for (const [ms, n] of r[key] as Array<[number, number]>) h.set(ms, (h.get(ms) ?? 0) + n);
        return h;
      };
      return {
        viewers: sum('viewers'), viewersMissingAFinal: sum('viewersMissingAFinal'), finalsMissed: sum('finalsMissed'),
        messages: sum('messages'), withoutMadeAt: sum('withoutMadeAt'), viewBytes: sum('viewBytes'),
        total: merge('total'), hop: merge('hop'), lastMile: merge('lastMile'),
        loopDelayP99Ms: Math.max(...reports.map((r) => r['loopDelayP99Ms'] as number)),
        rssMiB: sum('rssMiB'),
      };
    },
    cpuSeconds: () => children.reduce((n, c) => n + cpuSecondsOf(c.pid), 0),
  };
}

/** The p-th percentile of a histogram of whole milliseconds. */
export function histogramPercentile(h: ReadonlyMap<number, number>, p: number): number {
  const entries = [...h].sort((a, b) => a[0] - b[0]);
  const count = entries.reduce((n, [, c]) => n + c, 0);
  if (count === 0) return NaN;
  const rank = Math.min(count - 1, Math.floor((p / 100) * count));
  let seen = 0;
  for (const [ms, c] of entries) {
    seen += c;
    if (seen > rank) return ms;
  }
  return entries[entries.length - 1]![0];
}
