import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { relative } from 'node:path';

const INCLUDE = ['test/**/*.test.ts', 'firmware-protocol/**/*.test.ts'];

// The suite in three groups, one after the other (docs/testing.md, "Running"), chosen by file name:
//
// 1. "parallel": every file that is pure computation or runs a CLI to completion, five at a time. The first
//    three spend nearly all their time waiting and start first — the two long pty end-to-end tests (the 20
//    unplugs of 1-5 s, the faulty shoe's stalls, each file's two shoes at once: 86 s and 40 s) and the packed library's
//    npm pack and install (the registry, npm's own work) — so the other two workers keep both cores busy
//    with the pure files around them. Their assertions are about what reaches the log, never about how long
//    anything took, and they were run repeatedly under this load before being put here. The group is bound
//    by the two cores: a file that would be safe here but costs CPU, like the crash test's fifty restarts,
//    lengthens it by more than it saves in the timing groups, which mostly wait.
// 2. "timing-pairs": the files of PAIRED, two at a time: real-time files whose outcome depends on nothing
//    but their own ports, folders and processes (free ports, scratch folders, a headless browser each) and
//    that hold no latency to a bound — they only wait for things to happen. Each was run two at a time
//    repeatedly before being put here.
// 3. "timing": the other files named `*.timing.test.ts`, whose outcome may depend on wall-clock timing —
//    pseudo-terminals with short deadlines, paced live tables, processes killed or outages made at moments
//    in time, latency measurements, an event loop held up on purpose. They run one at a time, alone.
//    A new file that plays in real time is named `*.timing.test.ts`, and joins PAIRED only as above.
const TIMING = ['**/*.timing.test.ts'];
const PAIRED = [
  // The crash test's fifty restarts cost CPU, nothing in it is timed: a browser file waits beside it.
  'test/adapters/store/crash-recovery.timing.test.ts',
  // Headless Chromium, one browser and one table per file, screenshots under their own names.
  'test/adapters/web/floor-pages.timing.test.ts',
  'test/adapters/web/screens.timing.test.ts',
  'test/adapters/web/first-viewport.timing.test.ts',
  'test/adapters/web/par-sheet-page.timing.test.ts',
  'test/adapters/web/browser.timing.test.ts',
  'test/adapters/web/russian-reasons.timing.test.ts',
  'test/adapters/web/feed-panel.timing.test.ts',
  'test/adapters/web/halt-pages.timing.test.ts',
  'test/adapters/web/play-page.timing.test.ts',
  'test/adapters/web/accessibility.timing.test.ts',
  'test/adapters/web/broadcast-band.timing.test.ts',
  'test/adapters/web/dealer-screen.timing.test.ts',
  'test/adapters/web/pit-console.timing.test.ts',
  'test/adapters/web/public-and-play.timing.test.ts',
  // Processes started and stopped on free ports in scratch folders; what they log and leave, not when.
  // (The service-life files stay alone: their shutdown runs against its 10 s bound, and paired they once
  // lost the order of its lines.)
  'test/docs/tutorial.timing.test.ts',
  'test/adapters/store/backup-cli.timing.test.ts',
  'test/cli/export-started-table.timing.test.ts',
  // Tables started from the start build on free ports in scratch folders: what they log (every line one JSON
  // object; INFO for routine lines), and a second controller refused by the first's lock — waited for with
  // bounds of 10-60 s, never timed. Run two at a time three times, and beside the crash test.
  'test/cli/log-lines.timing.test.ts',
  'test/composition/one-writer.timing.test.ts',
];

// Started first in their group: the waiting files, then a quick one (so the first result shows within
// seconds), then the longest, so the group does not end on one long file (without this, a fresh checkout
// orders files by size; the C fuzzer's 45 s then came last). Measured: test-output/test-durations.json.
const FIRST = [
  // The packed library installed as a user installs it: npm pack's type-checked build, the registry, npm.
  'test/testing/packed-library.test.ts',
  'test/e2e/pty-unplug.test.ts',
  'test/e2e/pty-table.test.ts',
  'test/rules/rules.test.ts',
  'test/app/par-sheet/par-sheet-words.test.ts',
  'test/round/chart-runner.test.ts',
  'test/cli/build.test.ts',
  'test/app/audit/corrupt-log-cli.test.ts',
  'test/composition/log-loss-detection.test.ts',
  'test/app/audit/verify-parallel.test.ts',
  'firmware-protocol/test/c-fuzz.test.ts',
  'test/adapters/web/api-fuzz.test.ts',
  'test/cli/par-sheet-cli.test.ts',
  'test/app/par/simulation.test.ts',
  // The timing pairs: the CPU-bound crash test beside the browser files.
  'test/adapters/store/crash-recovery.timing.test.ts',
  'test/adapters/web/floor-pages.timing.test.ts',
  'test/adapters/web/screens.timing.test.ts',
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
        test: { name: 'parallel', include: INCLUDE, exclude: [...configDefaults.exclude, ...TIMING], maxWorkers: 5, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'timing-pairs', include: PAIRED, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: { name: 'timing', include: TIMING, exclude: [...configDefaults.exclude, ...PAIRED], maxWorkers: 1, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
