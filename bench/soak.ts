// Soak benchmark (`npx tsx bench/soak.ts`): the issue's full acceptance run — the whole table on the
// emulated shoe, web server up, 2,000 rounds with 50 display clients on /ws/dealer — printing figures
// only (rounds/s, views delivered, ordering violations, missed views, heap per window); asserts nothing.
// The checks themselves are described in test/soak/soak-harness.ts; test/soak/table-soak.timing.test.ts runs
// a shorter soak with assertions.
//
// Options: --rounds N (default 2000), --clients N (default 50), --window N (rounds per heap window,
// default 200), --time-scale F (factor on the table's timer delays, default 0.01), --rules NAME
// (default six-deck), --seed N (default 11).
// Heap figures are after a forced GC (run with `node --expose-gc --import tsx bench/soak.ts`, or let the
// harness enable it at run time); without one they are medians of the window's samples.
import { heapGrowth, runSoak, type HeapWindow } from '../test/soak/soak-harness.js';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : dflt;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
}
function text(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? dflt) : dflt;
}

const ROUNDS = arg('rounds', 2000);
const CLIENTS = arg('clients', 50);
const WINDOW = arg('window', 200);
const TIME_SCALE = arg('time-scale', 0.01);
const RULES = text('rules', 'six-deck');
const SEED = arg('seed', 11);

const mib = (bytes: number): string => (bytes / 2 ** 20).toFixed(1);
const fmt = (n: number, d = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

console.log(`soak: ${ROUNDS} rounds of ${RULES}, ${CLIENTS} display clients on /ws/dealer, timers ×${TIME_SCALE}, heap window ${WINDOW} rounds`);
const started = Date.now();
const report = await runSoak({
  rounds: ROUNDS,
  clients: CLIENTS,
  windowRounds: WINDOW,
  timeScale: TIME_SCALE,
  rules: RULES,
  seed: SEED,
  timeoutMs: 60 * 60 * 1000,
  onWindow: (w: HeapWindow) =>
    console.log(`  rounds ${String(w.fromRound).padStart(5)}–${String(w.toRound).padEnd(5)} at ${w.at.toFixed(0).padStart(4)} s  heapUsed ${mib(w.heapUsed).padStart(6)} MiB  (${w.samples} samples)`),
});

const perClient = report.clients.map((c) => c.messages);
console.log('');
console.log(`rounds              ${fmt(report.rounds)} in ${report.seconds.toFixed(1)} s: ${report.roundsPerSecond.toFixed(2)} rounds/s  (displays connected in ${report.connectSeconds.toFixed(1)} s before play; whole run ${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`log events          ${fmt(report.logEvents)}  (${(report.logEvents / report.rounds).toFixed(1)} per round)`);
console.log(`views delivered     ${fmt(report.messages)}  (${mib(report.bytes)} MiB; per client ${fmt(Math.min(...perClient))}–${fmt(Math.max(...perClient))}; ${fmt(report.messages / report.seconds)} views/s)`);
console.log(`ordering violations ${report.orderViolations}`);
console.log(`unexplained gaps    ${report.unexplainedGaps}  (a seq skipped although its event changed what the log puts in the view)${report.gapExamples.length ? ` e.g. ${JSON.stringify(report.gapExamples.slice(0, 3))}` : ''}`);
console.log(`wrong content       ${report.contentMismatches}  (a view's table/pause/faults differ from the server's fold of the log at its seq)`);
console.log(`missed views        ${report.missedLive}  of ${fmt(report.liveViews)} views every client must have (seq ${report.liveFrom}–${report.liveTo})${report.missedExamples.length ? ` e.g. ${JSON.stringify(report.missedExamples.slice(0, 3))}` : ''}`);
console.log(`divergent views     ${report.liveDivergent} live, ${report.catchUpDivergent} while catching up, ${report.partDivergent} in the log part`);
console.log(`final views         ${report.clients.length - report.finalMismatches} of ${report.clients.length} at or after seq ${report.headAtEnd} and equal to the server's state at their seq`);
console.log(`dropped clients     ${report.closedEarly}`);
console.log(`pauses              ${report.pauses.length ? report.pauses.map((p) => JSON.stringify(p)).join(', ') : 'none'}  (shoe changes by the supervisor API: ${report.shoeChanges})`);
if (report.windows.length >= 4) {
  const g = heapGrowth(report.windows);
  console.log(`heap                second quarter ${mib(g.second)} MiB, last quarter ${mib(g.last)} MiB: ×${g.ratio.toFixed(3)}  (${report.gcForced ? 'after forced GC' : 'medians, no forced GC'})`);
} else {
  console.log(`heap                ${report.windows.length} windows (need 4 for quarters): ${report.windows.map((w) => mib(w.heapUsed)).join(' ')} MiB`);
}
console.log(`checks took         ${report.verifySeconds.toFixed(1)} s`);
