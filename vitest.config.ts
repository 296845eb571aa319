import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { relative } from 'node:path';

const INCLUDE = ['test/**/*.test.ts', 'firmware-protocol/**/*.test.ts'];

// The suite in two groups, one after the other (docs/testing.md), chosen by file name:
//
// 1. "parallel": every file that is pure computation or runs a CLI to completion, three at a time, plus
//    the two long pty end-to-end tests, which spend nearly all their time waiting (the 20 unplugs of 1-5 s,
//    the faulty shoe's stalls: about 7 s of CPU in 80 s and 31 s) and start first, so the pure files fill
//    the two cores around them. Their assertions are about what reaches the log, never about how long
//    anything took, and they were run repeatedly under this load before being put here. The group is bound
//    by the two cores (about 760 s of CPU): a file that would be safe here but costs CPU, like the crash
//    test's fifty restarts, lengthens it by more than it saves in the timing group, which mostly waits.
// 2. "timing": files named `*.timing.test.ts`, whose outcome may depend on wall-clock timing —
//    pseudo-terminals with short deadlines, a browser, paced live tables, processes killed or outages made
//    at moments in time, latency measurements. They run one at a time, alone, as the whole suite used to.
//    A new file that plays in real time is named `*.timing.test.ts`.
const TIMING = ['**/*.timing.test.ts'];

// Started first in their group: the waiting pty tests, then the longest files, so the group does not end
// on one long file (without this, a fresh checkout orders files by size; the C fuzzer's 45 s then came last).
const FIRST = [
  // The packed library installed as a user installs it: most of its minutes compile better-sqlite3 on one core.
  'test/testing/packed-library.test.ts',
  'test/e2e/pty-unplug.test.ts',
  'test/e2e/pty-table.test.ts',
  'test/app/par/simulation.test.ts',
  'firmware-protocol/test/c-fuzz.test.ts',
  'test/app/par-sheet/par-sheet-words.test.ts',
  'test/scenarios/scenarios.test.ts',
  'test/analysis/exact-return.test.ts',
  'test/app/audit/corrupt-log-cli.test.ts',
  'test/composition/log-loss-detection.test.ts',
  'test/app/players/strategy-player.test.ts',
  'test/app/audit/audit-cli.test.ts',
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
    // Timeouts catch a test that hangs, not one that is slow: on a slower two-core machine, under the parallel
    // group's load, the heavy pure files (the exact analysis) take 30-40 s a test (docs/testing.md).
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    sequence: { sequencer: LongFirst },
    projects: [
      {
        extends: true,
        test: { name: 'parallel', include: INCLUDE, exclude: [...configDefaults.exclude, ...TIMING], maxWorkers: 3, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'timing', include: TIMING, maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
