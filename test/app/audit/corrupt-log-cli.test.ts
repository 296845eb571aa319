// Clear failures (docs/audit.md): an unreadable, truncated or corrupt log is ONE line naming the file and what is wrong — in
// `start` and in every CLI verb that opens a log — and `verify` exits 2 for it (1 is kept for a log that
// reads but whose integrity is broken).
//
// SLOW (43 s: eighteen damaged logs, each opened by `verify` and `start` in child processes; docs/testing.md,
// "Where the time goes").
import { copyFileSync, mkdtempSync, openSync, readFileSync, statSync, truncateSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import { cliBundle } from '../../support/cli-bundle.js';
import { ROOT } from '../../support/run-cli.js';
import { openAnchoredTable } from '../../support/anchored-table.js';
import { playRandomSession } from '../../support/random-session.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { anchorFileOf } from '../../../src/adapters/store/anchor-file.js';

const run = promisify(execFile);
let cli: string;
let pristine: string;
let dir: string;

async function shoe(args: string[], timeoutMs = 60_000): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { cwd: ROOT, timeout: timeoutMs, env: { ...process.env, SHOE_LOG_KEY: '' }, maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  cli = await cliBundle();
  dir = mkdtempSync(join(tmpdir(), 'corrupt-'));
  pristine = join(dir, 'pristine.db');
  const table = await openAnchoredTable(pristine, 'c-t');
  for (const input of playRandomSession(loadRuleSet('six-deck').rules, 11, 30).inputs) await table.service.submit(input, { source: 'session' });
  await table.close(); // checkpointed into the file: the WAL is gone
}, 120_000);

let n = 0;
function damaged(damage: (file: string) => void): string {
  const file = join(dir, `victim-${n++}.db`);
  copyFileSync(pristine, file);
  copyFileSync(anchorFileOf(pristine), anchorFileOf(file));
  damage(file);
  return file;
}

const PAGE = 4096;
function zeroPage(file: string, page: number): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(PAGE), 0, PAGE, page * PAGE);
  closeSync(fd);
}

const cases: Array<[string, (file: string) => void, RegExp]> = [
  ['truncated to half', (f) => truncateSync(f, Math.floor(statSync(f).size / 2 / PAGE) * PAGE), /corrupt|malformed|quick_check failed/],
  ['a page in the middle zeroed', (f) => zeroPage(f, Math.floor(statSync(f).size / PAGE / 2)), /corrupt|malformed|quick_check failed/],
  ['the header overwritten', (f) => { const fd = openSync(f, 'r+'); writeSync(fd, Buffer.from('this is not the sqlite header at all, sorry'), 0, 40, 0); closeSync(fd); }, /not a SQLite database|corrupt/],
  ['truncated to nothing', (f) => truncateSync(f, 0), /empty/],
  ['a text file', (f) => writeFileSync(f, 'hello\n'.repeat(1000)), /not a SQLite database|corrupt/],
];

function expectOneLine(stderr: string, file: string, problem: RegExp): void {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^shoe [a-z-]+: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: `));
  expect(lines[0]).toMatch(problem);
}

describe.each(cases)('a log %s', (_name, damage, problem) => {
  test('verify exits 2 with one line naming the file', async () => {
    const file = damaged(damage);
    const r = await shoe(['verify', file]);
    expect(r.code, r.stdout + r.stderr).toBe(2);
    expectOneLine(r.stderr, file, problem);
  });

  test('recall, export, backup and run exit 2 with one line naming the file', async () => {
    const file = damaged(damage);
    const session = join(dir, 'one-line.jsonl');
    writeFileSync(session, '{"type":"shoe.loaded"}\n');
    const verbs = [['recall', file], ['export', file, '--format', 'session'], ['backup', file, join(dir, `copy-${n}.db`)]];
    // `run` writes into the file: an empty file is an empty database to it (a new log), not damage.
    if (!/empty/.test(problem.source)) verbs.push(['run', session, '--rules', 'six-deck', '--db', file, '--table', 'c-t']);
    for (const verb of verbs) {
      const r = await shoe(verb);
      expect(r.code, `${verb[0]}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toContain(file);
    }
  });

  test('start refuses with one line naming the file', async () => {
    const file = damaged(damage);
    const table = join(dir, `table-${n}.yaml`);
    writeFileSync(table, `id: c-t\nrules: six-deck\ndemo: true\nstore:\n  path: ${file}\nhttp:\n  port: 0\nroles: {}\n`);
    const r = await shoe(['start', '--table', table], 30_000);
    expect(r.code, r.stderr).toBe(2);
    expectOneLine(r.stderr, file, problem);
  });
});

const corruptLine = '{"v":1,"seq":"nine"}\n';
const anchorCorruptions = {
  'at its end': (text: string) => `${text}${corruptLine}`,
  // docs/audit.md, "Anchors": any line but a torn last one that does not parse is corruption, wherever it is.
  'in its middle': (text: string) => {
    const lines = text.split(/(?<=\n)/);
    return [...lines.slice(0, 1), corruptLine, ...lines.slice(1)].join('');
  },
};

test.each(Object.entries(anchorCorruptions))('a corrupt line %s of the anchor file: verify and start name it in one line (exit 2)', async (where, corrupt) => {
  const file = damaged((f) => writeFileSync(anchorFileOf(f), corrupt(readFileSync(anchorFileOf(pristine), 'utf8'))));
  const r = await shoe(['verify', file]);
  expect(r.code).toBe(2);
  const line = where === 'in its middle' ? '2' : '\\d+';
  expect(r.stderr.trim()).toMatch(new RegExp(`^shoe [a-z-]+: ${anchorFileOf(file).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: line ${line}: no tableId \\(the anchor file is corrupt\\)$`));
  const table = join(dir, `table-anchor-${where.replace(/ /g, '-')}.yaml`);
  writeFileSync(table, `id: c-t\nrules: six-deck\ndemo: true\nstore:\n  path: ${file}\nhttp:\n  port: 0\nroles: {}\n`);
  const s = await shoe(['start', '--table', table], 30_000);
  expect(s.code).toBe(2);
  expect(s.stderr.trim().split('\n')).toHaveLength(1);
  expect(s.stderr).toContain('the anchor file is corrupt');
}, 60_000);

test('the pristine copy verifies (exit 0): the damage, not the test, makes the others fail', async () => {
  const r = await shoe(['verify', pristine]);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^OK c-t: .* consistent with the anchor at seq \d+ in /);
});
