// Streaming verbs under 150 MB (docs/benchmarks.md, bench:cli): the verbs that go through a log or a session of any length keep
// V8's young generation at its initial size (src/cli/small-young-generation.ts). Checked in a child process,
// with a control run that shows the young generation does grow without it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { COMMANDS } from '../../src/cli/commands.js';
import { ROOT } from '../support/run-cli.js';

const run = promisify(execFile);

/** The young generation's size (MiB) after a steady allocation with a little surviving each time. */
async function youngGenerationAfterWork(bound: 'bounded' | 'control' | 'let grow again'): Promise<number> {
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8';
    import { keepYoungGenerationSmall, letYoungGenerationGrow } from './src/cli/small-young-generation.ts';
    if (${bound !== 'control'}) keepYoungGenerationSmall();
    if (${bound === 'let grow again'}) letYoungGenerationGrow();
    let keep = [];
    for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 2000) keep = []; }
    const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    console.log(space.space_size / 2 ** 20);`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT });
  return Number(stdout.trim());
}

describe('the streaming verbs keep the young generation small', () => {
  test('the streaming verbs are marked; the others are not', () => {
    const streaming = COMMANDS.filter((c) => c.streaming).map((c) => c.name).sort();
    expect(streaming).toEqual(['export', 'migrate', 'recall', 'reconcile', 'replay', 'run', 'simulate', 'verify']);
  });

  test('after keepYoungGenerationSmall the young generation stays at its initial size; without it, it grows', async () => {
    const [bounded, control] = await Promise.all([youngGenerationAfterWork('bounded'), youngGenerationAfterWork('control')]);
    expect(bounded).toBeLessThanOrEqual(4);
    expect(control).toBeGreaterThan(8);
  }, 60_000);

  test("letYoungGenerationGrow lifts the bound until it is set again (verify's re-run loads with it: verify-log-file.ts)", async () => {
    expect(await youngGenerationAfterWork('let grow again')).toBeGreaterThan(8);
  }, 60_000);
});
