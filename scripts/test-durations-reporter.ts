// A vitest reporter that records where the suite's time goes (docs/testing.md, "Where the time goes"): for
// each test file, its group (the vitest project: "parallel", "timing", "waiting-pairs", "timing-pairs", "alone") and
// the seconds it spent in its worker — setting up, importing (collecting) and running its hooks and tests — and
// for each group the
// wall-clock time from its first file's start to its last file's end. `npm test` (scripts/run-tests.mjs)
// passes it to vitest and prints the summary; `npm run test:durations` prints it again from the file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * Where the report is written, under the package root (gitignored with the rest of test-output/), unless
 * TEST_DURATIONS_FILE names another file: `npm test` gives each of its two vitest runs its own and merges them
 * into this one (scripts/run-tests.mjs).
 */
export const DURATIONS_FILE = 'test-output/test-durations.json';

/** One test file: its group, its seconds in its worker (setup, import, hooks and tests), of which importing. */
export interface FileDuration { file: string; group: string; seconds: number; importSeconds: number; tests: number; state: string }
/** One group: its files, the wall-clock seconds from its first file's start to its last's end, and the files' sum. */
export interface GroupDuration { group: string; files: number; wallSeconds: number; fileSeconds: number }
/** What test-output/test-durations.json holds: the files slowest first. */
export interface DurationsReport { startedAt: string; wallSeconds: number; groups: GroupDuration[]; files: FileDuration[] }

const seconds = (ms: number): number => Math.round(ms) / 1000;

export default class DurationsReporter implements Reporter {
  private root = process.cwd();
  private readonly groups = new Map<string, { start: number; end: number }>();
  private runStart = 0;

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunStart(): void {
    this.runStart = Date.now();
  }

  onTestModuleQueued(module: TestModule): void {
    if (!this.groups.has(module.project.name)) this.groups.set(module.project.name, { start: Date.now(), end: Date.now() });
  }

  onTestModuleEnd(module: TestModule): void {
    const group = this.groups.get(module.project.name);
    if (group !== undefined) group.end = Date.now();
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files: FileDuration[] = modules.map((module) => {
      const d = module.diagnostic();
      const inWorker = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return {
        file: relative(this.root, module.moduleId),
        group: module.project.name,
        seconds: seconds(inWorker),
        importSeconds: seconds(d.collectDuration),
        tests: [...module.children.allTests()].length,
        state: module.state(),
      };
    });
    files.sort((a, b) => b.seconds - a.seconds);
    const groups: GroupDuration[] = [...this.groups].map(([name, { start, end }]) => {
      const mine = files.filter((f) => f.group === name);
      return { group: name, files: mine.length, wallSeconds: seconds(end - start), fileSeconds: seconds(mine.reduce((sum, f) => sum + f.seconds * 1000, 0)) };
    });
    const report: DurationsReport = { startedAt: new Date(this.runStart).toISOString(), wallSeconds: seconds(Date.now() - this.runStart), groups, files };
    const path = resolve(this.root, process.env.TEST_DURATIONS_FILE ?? DURATIONS_FILE);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${JSON.stringify(report, null, 1)}\n`);
  }
}
