import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { relative } from 'node:path';

const INCLUDE = ['test/**/*.test.ts', 'firmware-protocol/**/*.test.ts'];

// The suite in five groups, chosen by file name (docs/testing.md, "Running"). `npm test` runs four as two vitest
// runs at once (scripts/run-tests.mjs): "timing" then "waiting-pairs" at the normal priority, and beside them
// "parallel" then "timing-pairs" at a lower one (nice 10), so the first two get a core whenever they want one
// and the other two keep both cores busy with the rest; then "alone". (`npx vitest run` runs the five one after
// another.)
//
// 1. "parallel": every file that is pure computation or runs a CLI to completion, five at a time, each of the
//    five processes running file after file with the modules it has loaded (`isolate: false`): importing the
//    sources afresh for every file was a fifth of the group's time (docs/testing.md, "Where the time goes").
//    So a file here leaves nothing behind for the next: it closes what it opens, resets the mock serial
//    binding it used, restores what it changed in process.env, and names its folders and ports its own. The first
//    three spend nearly all their time waiting and start first — the two long pty end-to-end tests (the 20
//    unplugs of 1-5 s, the faulty shoe's stalls, each file's two shoes at once: 86 s and 40 s) and the packed library's
//    npm pack and install (the registry, npm's own work) — so the other two workers keep both cores busy
//    with the pure files around them. Their assertions are about what reaches the log, never about how long
//    anything took, and they were run repeatedly under this load before being put here. The group is bound
//    by the two cores: a file that would be safe here but costs CPU, like the crash test's fifty restarts,
//    lengthens it by more than it saves in the timing groups, which mostly wait.
// 2. "timing-pairs" (PAIRED) and "waiting-pairs" (PAIRED_WAITING), two at a time: real-time files whose outcome
//    depends on nothing but their own ports, folders and processes (free ports, scratch folders, a headless
//    browser each) and that hold no latency to a bound — they only wait for things to happen. Each was run two
//    at a time repeatedly before being put here. Those that cost CPU (browsers, the crash test's restarts,
//    tables started) are "timing-pairs", after "parallel"; those that mostly wait on their own NATS servers and
//    ptys are "waiting-pairs", beside "parallel".
// 3. "timing": the other files named `*.timing.test.ts`, whose outcome may depend on wall-clock timing —
//    pseudo-terminals with short deadlines, paced live tables, processes killed or outages made at moments
//    in time, latencies measured, an event loop held up on purpose. They run one at a time, at the normal
//    priority beside the niced "parallel" group: a timing file then gets a core when it wants one, as on an
//    idle machine (docs/testing.md, "Running"; paired at the same priority, the files named below missed
//    their bounds). A new file that plays in real time is named `*.timing.test.ts`, and joins a pair group
//    only as above.
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
  // The pit console in Chromium: its own server on a free port, one browser.
  'test/adapters/web/pit-console-axe.timing.test.ts',
];
const PAIRED_WAITING = [
  // NATS is the point: each file's own nats-server (a free port, a scratch store) stopped and started again,
  // or the shared one under a table id, stream and subject prefix of the file's own; they wait, with bounds,
  // for what reaches the gateway, the floor or the stream, and hold nothing to a latency. (The floor's
  // --idle-exit case leaves 3 s for one publish the test makes at once.) Run two at a time three times
  // under load 13-22 (2026-12-07).
  'test/adapters/floor/stale-table.timing.test.ts',
  'test/adapters/web/nats-displays.timing.test.ts',
  'test/cli/displays-outage.timing.test.ts',
  'test/cli/floor-cli.timing.test.ts',
  'test/floor/floor-cli.timing.test.ts',
  'test/floor/floor-cluster.timing.test.ts',
  // Each its own three-node cluster on free ports (a node killed on purpose), its own stream and subject.
  'test/adapters/store/ordered-reader.timing.test.ts',
  'test/floor/floor-consumer-node-loss.timing.test.ts',
  // Its own cluster too; a stream's leader killed, what the readers got before JetStream acknowledged it
  // (the election's 4-9 s against milliseconds on core NATS), never how long. Run beside the file above
  // under load 6 (2026-12-07).
  'test/floor/live-path-node-loss.timing.test.ts',
  // The wire abused over pty pairs of each file's own, against the C host shoe and the TS emulator: every
  // card once, in order, a stale HELLO an incident with no phantom input, garbage survived — waited for with
  // bounds of 5-60 s, never timed (a late bot's decision times out; nothing asserts the outcome). The C
  // shoe's build is written under a temporary name, so two files building it at once never run half a
  // binary. Run two at a time three times under load 13-18 (2026-12-07).
  'test/e2e/c-shoe-abuse.timing.test.ts',
  'test/e2e/pty-wire-abuse.timing.test.ts',
];
// "alone": after every other group has ended, with nothing else running. The conformance suite's clauses hold
// a shoe to deadlines over ptys, timed where the frames are read: §9.2's retransmissions 200-400 ms apart, so
// a reader held up for 150 ms fails a conformant shoe. It failed so under load (alone at load 9, 2026-12-07,
// the TS emulator), and once in ten suites beside the niced parallel group (the C host shoe, 2026-12-07).
const ALONE = ['test/conformance/conformance.timing.test.ts'];
// In "timing", one at a time (each file says more at its head; "two at a time" below means at the same priority):
// - test/adapters/serial/link-pty.timing.test.ts, test/e2e/c-shoe-link.timing.test.ts: an unplug of 4 s
//   against the link's 3.5 s watchdog, and the test asserts the link went down: a timer late under load by
//   half a second misses it.
// - the conformance suite: in "alone" (ALONE, below).
// - test/adapters/store/jetstream-replicator.timing.test.ts: the table's appends during an outage held
//   under 250 ms.
// - test/adapters/web/health.timing.test.ts, table-health-pages.timing.test.ts: the event loop held up on
//   purpose and judged by its lag (a stall is 250 ms); another file's load makes stalls of its own.
// - test/composition/floor-outage.timing.test.ts: the replica must overtake a table that deals on at full
//   pace, within 20 s; run two at a time under load (2026-12-07), it did not, three times of three.
// - test/adapters/web/view-delivery.timing.test.ts: twenty displays connect to a table server that sheds
//   its displays when its event loop lags; moved to the parallel group (2026-12-07), it was refused (503).
// - test/cli/floor-outage-cli.timing.test.ts: `shoe floor --follow` must print its first round within 15 s
//   of starting; run two at a time under load 18 (2026-12-07), once it did not.
// - test/composition/table-feed.timing.test.ts: the feed's WARN is looked for the moment its alarm shows;
//   run two at a time under load (2026-12-07), once it was not yet logged.
// - test/soak/table-soak.timing.test.ts: its 50 displays must keep up with a table dealing as fast as it
//   can; run two at a time under load (2026-12-07), displays fell behind and were dropped.
// - the service-life files (above).

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
  // The runner-vs-actor differential, in two halves of about 30 s of CPU each, so two workers share it.
  'test/round/chart-runner.test.ts',
  'test/round/chart-runner-more.test.ts',
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
  'test/e2e/pty-wire-abuse.timing.test.ts',
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
    // What the test processes leave for the whole run, removed once they have ended (the CLI's bundles).
    globalSetup: ['test/support/global-teardown.ts'],
    sequence: { sequencer: LongFirst },
    projects: [
      {
        extends: true,
        test: { name: 'parallel', include: INCLUDE, exclude: [...configDefaults.exclude, ...TIMING], maxWorkers: 5, isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'timing', include: TIMING, exclude: [...configDefaults.exclude, ...PAIRED, ...PAIRED_WAITING, ...ALONE], maxWorkers: 1, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: { name: 'waiting-pairs', include: PAIRED_WAITING, maxWorkers: 2, sequence: { groupOrder: 2 } },
      },
      {
        extends: true,
        test: { name: 'timing-pairs', include: PAIRED, maxWorkers: 2, sequence: { groupOrder: 3 } },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE, maxWorkers: 1, sequence: { groupOrder: 4 } },
      },
    ],
  },
});
