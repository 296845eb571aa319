// The re-run of the round machine that verify runs beside its chain workers (app/audit/verify-log.ts):
// with its rules and their schemas it is most of verify's start-up, so the main thread loads it only once
// the chain workers are on their way, and they start on the other cores meanwhile (docs/benchmarks.md,
// "bench:verify"). A worker running from the TypeScript sources loads through tsx's require hook
// (app/par/worker-shim.cjs), where `import()` of a source file fails: its task loads the re-run with
// itself and hands it over here.
export type ReRun = typeof import('../app/audit/verify-log.js');

let provided: ReRun | undefined;

/** The re-run, loaded with the calling task (a worker's). */
export function provideReRun(reRun: ReRun): void {
  provided = reRun;
}

export async function loadReRun(): Promise<ReRun> {
  provided ??= await import('../app/audit/verify-log.js');
  return provided;
}
