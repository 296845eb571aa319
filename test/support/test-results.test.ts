// The arithmetic of `npm test`'s closing line and durations summary over its two vitest runs
// (scripts/run-tests.mjs, scripts/test-results.mjs).
import { describe, expect, test } from 'vitest';
import { countResults, mergeDurations } from '../../scripts/test-results.mjs';

const suite = (name: string, status: string, tests: Array<[string, string]>) => ({
  name,
  status,
  assertionResults: tests.map(([title, s]) => ({ title, fullName: title, status: s })),
});

const timing = { numPassedTests: 30, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0, testResults: [suite('t.timing.test.ts', 'failed', [['a', 'passed'], ['b', 'failed']])] };
const parallel = {
  numPassedTests: 2000,
  numFailedTests: 0,
  numPendingTests: 1,
  numTodoTests: 1,
  testResults: [suite('p.test.ts', 'passed', [['c', 'passed'], ['d', 'skipped'], ['e', 'todo']]), suite('broken.test.ts', 'failed', [])],
};

describe('countResults', () => {
  test('adds up both runs, a file that failed to load counted as a failure', () => {
    expect(countResults([timing, parallel], false)).toEqual({ passed: 2030, failed: 2, skipped: 2, skippedInCi: [] });
  });

  test('under CI every skipped test is a failure, and named', () => {
    expect(countResults([timing, parallel], true)).toEqual({ passed: 2030, failed: 4, skipped: 2, skippedInCi: ['p.test.ts > d', 'p.test.ts > e'] });
  });

  test('a run that wrote no report is a failure, whatever the other run says', () => {
    expect(countResults([undefined, { ...parallel, numPendingTests: 0, numTodoTests: 0, testResults: [] }], false)).toEqual({ passed: 2000, failed: 1, skipped: 0, skippedInCi: [] });
  });
});

describe('mergeDurations', () => {
  const file = (f: string, group: string, seconds: number) => ({ file: f, group, seconds, importSeconds: 0, tests: 1, state: 'passed' });
  const a = { startedAt: '2026-12-07T21:40:01.000Z', wallSeconds: 150, groups: [{ group: 'timing', files: 2, wallSeconds: 150, fileSeconds: 149 }], files: [file('t1', 'timing', 100), file('t2', 'timing', 49)] };
  const b = {
    startedAt: '2026-12-07T21:40:00.500Z',
    wallSeconds: 470,
    groups: [{ group: 'parallel', files: 1, wallSeconds: 240, fileSeconds: 120 }, { group: 'timing-pairs', files: 1, wallSeconds: 230, fileSeconds: 60 }],
    files: [file('p1', 'parallel', 120), file('q1', 'timing-pairs', 60)],
  };

  test('every group and file of both runs, the files slowest first, the wall time the caller measured', () => {
    const merged = mergeDurations([a, b], 471.2)!;
    expect(merged.startedAt).toBe('2026-12-07T21:40:00.500Z');
    expect(merged.wallSeconds).toBe(471.2);
    expect(merged.groups.map((g) => g.group)).toEqual(['timing', 'parallel', 'timing-pairs']);
    expect(merged.files.map((f) => f.file)).toEqual(['p1', 't1', 'q1', 't2']);
  });

  test('a run that wrote none is left out; none at all is undefined', () => {
    expect(mergeDurations([undefined, a], 150.5)?.files).toHaveLength(2);
    expect(mergeDurations([undefined, undefined], 1)).toBeUndefined();
  });
});
