// One layer of `shoe verify` measured alone in a fresh process (bench/verify.ts runs this file:
//   node --import tsx bench/support/verify-layer.ts LAYER DB THREADS
// and reads the JSON line it prints). Only the modules the layer needs are loaded, so the raw read carries
// none of the rest.
/** The log key of the benchmark's logs. */
export const BENCH_KEY_TEXT = 'bench-log-key-0123456789abcdef0123456789abcdef';

export type Layer = 'raw' | 'chain' | 'chain-mac' | 'replay';
export interface Measured {
  n: number;
  seconds: number;
  /** CPU seconds of the whole process (every thread) over the same span: on a shared machine, the cost. */
  cpuSeconds: number;
  maxRssKb: number;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

export async function measureLayer(layer: Layer, db: string, threads: number): Promise<Measured> {
  let n = 0;
  let started = performance.now();
  let cpuStarted = cpuNow();
  const start = () => {
    started = performance.now();
    cpuStarted = cpuNow();
  };
  if (layer === 'raw') {
    // Every stored column of every event row, as a plain reader (Python's sqlite3) reads them. Generated
    // columns (log format 3) are left out: they hold no bytes, and computing them would slow the baseline.
    const { default: Database } = await import('better-sqlite3');
    start();
    const sql = new Database(db, { readonly: true });
    const stored = sql.prepare<[], { name: string }>("SELECT name FROM pragma_table_xinfo('events') WHERE hidden = 0").all().map((c) => c.name);
    for (const row of sql.prepare(`SELECT ${stored.join(', ')} FROM events`).raw(true).iterate()) if (row) n++;
    sql.close();
  } else {
    const { SqliteLogReader } = await import('../../src/adapters/store/sqlite-log-reader.js');
    const { readAheadForThisProcess } = await import('../../src/adapters/store/sqlite-read-ahead.js');
    readAheadForThisProcess(); // as shoe verify reads (ADR 0013)
    if (layer === 'replay') {
      const { ReplayHalf } = await import('../../src/app/audit/verify-log.js');
      start();
      const reader = SqliteLogReader.open(db);
      const half = new ReplayHalf();
      for (const record of reader.records(1, reader.head().seq)) if (half.push(record, record.dataJson)) throw new Error(`re-run broken at ${record.seq}`);
      n = half.events;
      reader.close();
    } else {
      const { verifyChainOnly } = await import('../../src/cli/verify-log-file.js');
      const { chainKey } = await import('../../src/log/chain-mac.js');
      start();
      const reader = SqliteLogReader.open(db);
      const outcome = await verifyChainOnly(reader, { to: reader.head().seq, threads, ...(layer === 'chain-mac' ? { key: chainKey(BENCH_KEY_TEXT, 'bench') } : {}) });
      if (outcome.problem) throw new Error(`chain broken: ${outcome.problem.problem}`);
      n = outcome.events;
      reader.close();
    }
  }
  return { n, seconds: (performance.now() - started) / 1000, cpuSeconds: cpuNow() - cpuStarted, maxRssKb: process.resourceUsage().maxRSS };
}

if (process.argv[1]?.endsWith('verify-layer.ts')) {
  const [, , layer, db, threads] = process.argv;
  process.stdout.write(`${JSON.stringify(await measureLayer(layer as Layer, db as string, Number(threads)))}\n`);
}
