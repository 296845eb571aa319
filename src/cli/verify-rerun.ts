// The re-run of the round machine that verify runs beside its chain workers (app/audit/verify-log.ts):
// with its rules and their schemas it is most of verify's start-up, so the main thread loads it only once
// the chain workers are on their way, and they start on the other cores meanwhile (docs/benchmarks.md,
// "bench:verify"). A worker of `shoe verify DIR` loads it with its first log (import-own-module.ts).
import { importOwnModule } from '../app/par/import-own-module.js';

export type ReRun = typeof import('../app/audit/verify-log.js');

let loaded: ReRun | undefined;

export async function loadReRun(): Promise<ReRun> {
  loaded ??= await importOwnModule(() => import('../app/audit/verify-log.js'), new URL('../app/audit/verify-log.js', import.meta.url));
  return loaded;
}
