// The run's global teardown (vitest.config.ts, `globalSetup`): what the test processes leave for the whole
// run is removed once they have ended — today the CLI bundles of test/support/cli-bundle.ts. The pool may
// still be stopping its processes when this runs: it waits for them a few seconds; a bundle whose process
// outlives that is removed by the next run's first bundle. It waits only for this run's own processes (the
// vitest run is their parent): the other vitest run of `npm test` (scripts/run-tests.mjs) may still be going.
import { setTimeout as wait } from 'node:timers/promises';
import { removeEndedBundles } from './cli-bundle.js';

export async function teardown(): Promise<void> {
  const ours = () => removeEndedBundles().filter((owner) => owner.run === process.pid);
  for (let waited = 0; ours().length > 0 && waited < 10_000; waited += 100) await wait(100);
}
