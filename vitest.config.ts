import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { relative } from 'node:path';

const INCLUDE = ['test/**/*.test.ts', 'firmware-protocol/**/*.test.ts'];

// The suite in two groups, one after the other (README "Tests"):
//
// 1. "parallel": every file that is pure computation or runs a CLI to completion, three at a time, plus
//    the two long pty end-to-end tests, which spend nearly all their time waiting (the 20 unplugs of 1-5 s,
//    the faulty shoe's stalls: about 7 s of CPU in 80 s and 31 s) and start first, so the pure files fill
//    the two cores around them. Their assertions are about what reaches the log, never about how long
//    anything took, and they were run repeatedly under this load before being put here.
// 2. "timing": files whose outcome may depend on wall-clock timing — pseudo-terminals with short
//    deadlines, a browser, paced live tables, processes killed or outages made at moments in time, latency
//    measurements. They run one at a time, alone, as the whole suite used to. A new file that plays in real
//    time belongs in this list.
const TIMING = [
  'test/e2e/stale-frames-mock.test.ts',
  'test/e2e/pty-wire-abuse.test.ts',
  'test/soak/**',
  'test/serial/link-pty.test.ts',
  'test/conformance/**',
  'test/e2e/c-shoe-*.test.ts',
  'test/web/browser.test.ts',
  'test/web/floor-pages.test.ts',
  'test/web/table-health-pages.test.ts',
  'test/web/play-page.test.ts',
  'test/web/health.test.ts',
  'test/web/nats-displays.test.ts',
  'test/web/view-delivery.test.ts',
  'test/composition/service-life.test.ts',
  'test/composition/demo-runtime.test.ts',
  'test/composition/ack-after-append.test.ts',
  'test/cli/floor-cli.test.ts',
  'test/floor/floor-cli.test.ts',
  'test/store/jetstream-replicator.test.ts',
  'test/app/backup-cli.test.ts',
  'test/app/crash-recovery.test.ts',
];

// Started first in their group: the waiting pty tests, then the longest pure files, so the group does
// not end on one long file (without this, a fresh checkout orders files by size).
const FIRST = [
  'test/e2e/pty-unplug.test.ts',
  'test/e2e/pty-table.test.ts',
  'test/app/simulation.test.ts',
  'test/scenarios/scenarios.test.ts',
  'test/analysis/exact-return.test.ts',
  'test/app/corrupt-log-cli.test.ts',
  'test/app/log-loss-detection.test.ts',
  'test/app/strategy-player.test.ts',
  'test/app/audit-cli.test.ts',
  'test/cli/par-sheet-cli.test.ts',
];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = FIRST.indexOf(relative(f.project.config.root, f.moduleId));
      return i < 0 ? FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    sequence: { sequencer: LongFirst },
    projects: [
      {
        extends: true,
        test: { name: 'parallel', include: INCLUDE, exclude: [...configDefaults.exclude, ...TIMING], maxWorkers: 3, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'timing', include: TIMING.map((p) => (p.endsWith('/**') ? `${p}/*.test.ts` : p)), maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
