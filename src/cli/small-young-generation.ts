// The streaming verbs' memory bound (replay of a 1,000,000-line session and verify of a 1,000,000-event
// log under 150 MB peak RSS). Their live data stays ~12 MB (measured with a forced collection every 0.7 s over
// a 1,000,000-line replay), but under a steady allocation rate V8 grows the young generation to two 16 MB
// semi-spaces and lets the old one grow lazily: peak RSS of that replay varied 105-152 MB from run to run.
// The semi-spaces' size is fixed when the process starts (--max-semi-space-size cannot be set later), but
// their growth factor is read at each growth: at 1 they stay at their initial 1 MB. Measured on the compiled
// CLI: replay of 1,000,000 lines 113-115 MB and ~13 % slower; verify of 1,000,000 events 88 MB, as fast.
import { setFlagsFromString } from 'node:v8';

let applied = false;

/** Keeps V8's young generation at its initial size from now on, for the whole process (idempotent). */
export function keepYoungGenerationSmall(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString('--semi-space-growth-factor=1');
}

/**
 * Lets the young generation grow at V8's own pace (the growth factor's default, 2) until the bound is set
 * again: verify's re-run loads ~200 modules with it, and its young generation reaches 4 MB, where the bound
 * then keeps it. Held at its first 1 MB instead, the re-run collected four times as often (945 scavenges
 * against 228 on 1,000,002 events) for ~0.3 s more CPU; beyond 4 MB it gained nothing (docs/benchmarks.md,
 * bench:verify, "Measured and not adopted").
 */
export function letYoungGenerationGrow(): void {
  if (applied) setFlagsFromString('--semi-space-growth-factor=2');
}

/** Starting a worker thread sets V8's flags again, the growth factor back to its default (measured: the main
 *  thread's young generation then grew from 4 to 32 MB): called once a worker runs, it holds the bound again. */
export function keepYoungGenerationSmallAfterWorkerStart(): void {
  if (applied) setFlagsFromString('--semi-space-growth-factor=1');
}
