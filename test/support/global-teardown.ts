// The run's global teardown (vitest.config.ts, `globalSetup`): what the test processes leave for the whole
// run is removed once they have ended — today the CLI bundles of test/support/cli-bundle.ts. The pool may
// still be stopping its processes when this runs: it waits for them a few seconds; a bundle whose process
// outlives that is removed by the next run's first bundle.
import { setTimeout as wait } from 'node:timers/promises';
import { removeEndedBundles } from './cli-bundle.js';

export async function teardown(): Promise<void> {
  for (let waited = 0; removeEndedBundles().length > 0 && waited < 10_000; waited += 100) await wait(100);
}
