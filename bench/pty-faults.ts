// The pty table under the full fault mix, many times (`npm run bench:pty-faults`; the gate of PROTOCOL.md §7.5.3). Prints
// figures only; asserts nothing. Each run is test/e2e/pty-table's setup — a live table (`startTable`, SQLite)
// on one end of a fresh socat pair, the emulated six-deck shoe on the other with drops, corruption,
// duplicates, delays, misreads, a jam, a reversed card, a dirty sensor and two unplugs — dealt to the
// shoe's end, with the emulator's and the fault dice's seeds varied per run. Optionally the process's
// event loop is stalled at random (`--stall-ms M`: every 200 ms, with probability 0.3, a busy wait of
// up to M ms), which is how a loaded machine delays timers against the serial line; this is what made
// the rare out-of-turn card of the last wave show up (once in ~35 runs with --stall-ms 300).
// Per run: out-of-turn cards, whether the shoe was dealt to its end, cards logged vs dealt, duration.
//
// Options: --runs N (default 10), --stall-ms M (default 0), --seed-offset K (default 0),
//          --timeout-s S per run (default 150).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { hasSocat, startPtyPair } from '../test/adapters/serial/socat.js';
import { parseTableConfig } from '../src/config/table-config.js';
import { startTable } from '../src/composition/table-runtime.js';
import { runEmulator } from '../src/adapters/shoe-emulator/run-emulator.js';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';
import { isInputRecord, recordedInput } from '../src/app/audit/log-records.js';
import { mulberry32 } from '../src/random/prng.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '10' }, 'stall-ms': { type: 'string', default: '0' }, 'seed-offset': { type: 'string', default: '0' }, 'timeout-s': { type: 'string', default: '150' } },
  strict: true,
});
const runs = Number(values.runs);
const stallMs = Number(values['stall-ms']);
const offset = Number(values['seed-offset']);
const timeoutMs = Number(values['timeout-s']) * 1000;
if (!hasSocat) {
  console.log('bench:pty-faults needs socat (apt-get install socat)');
  process.exit(0);
}
if (stallMs > 0) {
  const dice = mulberry32(12345);
  setInterval(() => {
    if (dice() < 0.3) {
      const until = Date.now() + dice() * stallMs;
      while (Date.now() < until) { /* the event loop stalls, as on a loaded machine */ }
    }
  }, 200).unref();
}

const faultsFor = (seed: number) => `drop=0.02,corrupt=0.02,dup=0.02,delay=0.01:150,misread=0.02,jam@40:0.5,reversed@90:0.5,dirty@150:0.5,unplug@100:1,unplug@200:5,seed=${seed}`;
let totalOutOfTurn = 0;
let stalled = 0;
let mismatched = 0;
console.log(`bench:pty-faults: ${runs} runs, event-loop stalls up to ${stallMs} ms`);
for (let run = 0; run < runs; run++) {
  const started = Date.now();
  const pair = await startPtyPair();
  const dir = mkdtempSync(join(tmpdir(), 'pty-faults-'));
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'NORMAL', pollIntervalMs: 0 });
  const config = parseTableConfig({ id: 'pty-1', rules: 'six-deck', serial: { path: pair.a, baud: 115200 }, decisionTimerSeconds: 1, bettingSeconds: 0.01, resultsSeconds: 0, roles: {} }, 'bench');
  const dealt: string[] = [];
  const shoe = await runEmulator({
    serialPath: pair.b, baud: 115200, seed: 2026 + offset + run, decks: 6, cutCardAfter: 280, faults: faultsFor(9 + offset + run), autoDrawMs: 1,
    onEvent: (e) => { if (e.type === 'dealt') dealt.push(e.card); },
  });
  const runtime = await startTable({ config, store, logger: pino({ level: 'silent' }), bot: true, paceMs: 1, seed: 5 });
  let outOfTurn = 0;
  const finished = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    runtime.service.events$.subscribe((e) => {
      if (e.type === 'shoe.finished') { clearTimeout(timer); resolve(true); }
      if (e.type === 'table.paused' && (e.data as { fault?: { kind: string } }).fault?.kind === 'outOfTurn') {
        outOfTurn++;
        void runtime.service.submit({ type: 'supervisor', action: 'resume', by: 'bench' }, { source: 'api', by: 'bench' });
      }
    });
  });
  await runtime.stop();
  await shoe.close();
  await pair.stop();
  const logged = (await store.read('pty-1')).filter(isInputRecord).map(recordedInput).flatMap((r) => (r.input.type === 'card' ? [r.input.card] : []));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  const same = logged.length === dealt.length && logged.every((c, i) => c === dealt[i]);
  totalOutOfTurn += outOfTurn;
  if (!finished) stalled++;
  if (!same) mismatched++;
  console.log(`run ${run + 1}: ${finished ? 'shoe dealt to its end' : 'STALLED'}, out-of-turn ${outOfTurn}, cards dealt ${dealt.length}, logged ${logged.length}${same ? ' (same, in order)' : ' (DIFFERENT)'}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log(`summary: ${runs} runs, ${totalOutOfTurn} out-of-turn cards, ${stalled} stalled, ${mismatched} with logged cards different from dealt`);
process.exit(0);
