// The `shoe` command as its users expect it (docs/cli.md): `shoe --help` by task, "did you mean …?" for a
// misspelled verb, `--version` / `-V`, `--format json` that parses as JSON, and `-q` that leaves stderr
// empty on success even on a terminal.
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMANDS } from '../../src/cli/commands.js';
import { COMMAND_GROUPS } from '../../src/cli/command-spec.js';
import { ROOT } from '../support/run-cli.js';
import { shoeInProcess as shoe, shoeInProcessWith } from '../support/shoe-in-process.js';

const DEMO = join(ROOT, 'config/demo/six-deck-demo.jsonl');
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
/** stderr claims to be a terminal and the clock runs fast: any progress line would show. */
const TERMINAL = { tty: true, msPerRead: 500 };

let dir: string;
let db: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-conventions-'));
  db = join(dir, 't1.db');
  expect((await shoe('run', DEMO, '--rules', 'six-deck', '--db', db, '--table', 't1', '--quiet')).code).toBe(0);
}, 60_000);

describe('shoe --help', () => {
  test('lists the verbs by task, each once under its heading, with its summary and without its syntax', async () => {
    const { code, stdout } = await shoe('--help');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    const headings = lines.filter((l) => /^\S.*:$/.test(l));
    expect(headings).toEqual(Object.values(COMMAND_GROUPS).map((title) => `${title}:`));
    for (const c of COMMANDS) {
      const at = lines.findIndex((l) => new RegExp(`^  ${c.name} +\\S`).test(l));
      expect(at, c.name).toBeGreaterThan(0);
      expect(lines.filter((l) => l.startsWith(`  ${c.name} `))).toHaveLength(1);
      expect(lines[at]).toContain(c.summary);
      const heading = lines.slice(0, at).reverse().find((l) => /^\S.*:$/.test(l));
      expect(heading, c.name).toBe(`${COMMAND_GROUPS[c.group]}:`);
    }
    expect(stdout).not.toMatch(/\[--/);
    expect(lines.length).toBeLessThan(COMMANDS.length + 2 * Object.keys(COMMAND_GROUPS).length + 6);
  });
});

describe('did you mean …?', () => {
  test.each([['verfy', 'verify'], ['recal', 'recall'], ['simulat', 'simulate'], ['par-shet', 'par-sheet'], ['flor', 'floor']])('shoe %s names shoe %s; exit 2', async (typed, meant) => {
    const r = await shoe(typed, 'x.db');
    expect(r).toEqual({ code: 2, stdout: '', stderr: `shoe: unknown command "${typed}": did you mean "shoe ${meant}"? (shoe --help lists every command)\n` });
    expect((await shoe('help', typed)).stderr).toContain(`did you mean "shoe ${meant}"?`);
  });

  test('a misspelled --version or --help is named too', async () => {
    expect((await shoe('--verison')).stderr).toBe('shoe: unknown option "--verison": did you mean "shoe --version"? (shoe --help lists every command)\n');
    expect((await shoe('--hepl')).stderr).toContain('did you mean "shoe --help"?');
  });

  test('a word near no verb gets the list of verbs instead', async () => {
    const r = await shoe('launch');
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain('did you mean');
    expect(r.stderr).toContain(`commands: ${COMMANDS.map((c) => c.name).join(', ')}`);
  });
});

describe('--version', () => {
  test.each(['--version', '-V'])('shoe %s prints the version of package.json', async (flag) => {
    expect(await shoe(flag)).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe('--format json parses as JSON', () => {
  test('verify --format json, and --json, its older spelling, give the same document', async () => {
    const json = await shoe('verify', db, '--format', 'json', '--threads', '1');
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as { logs: Array<{ verdict: string }>; total: { logs: number; intact: number } };
    expect(doc.logs.map((l) => l.verdict)).toEqual(['intact']);
    expect(doc.total).toMatchObject({ logs: 1, intact: 1 });
    const older = JSON.parse((await shoe('verify', db, '--json', '--threads', '1')).stdout) as typeof doc;
    expect({ ...older, total: { ...older.total, seconds: 0 } }).toEqual({ ...doc, total: { ...doc.total, seconds: 0 } });
    const text = await shoe('verify', db, '--format', 'text', '--threads', '1');
    expect(text.stdout).toMatch(/^OK t1: /);
    const both = await shoe('verify', db, '--json', '--format', 'text');
    expect([both.code, both.stderr.split('\n')[0]]).toEqual([2, 'shoe verify: --json is --format json: give one or the other']);
  });

  test('backup and migrate --format json: one object with the verdict, the table and the line', async () => {
    const backup = await shoe('backup', db, join(dir, 'copy.db'), '--format', 'json');
    expect(backup.code).toBe(0);
    const copied = JSON.parse(backup.stdout) as { verdict: string; tableId: string; line: string };
    expect(copied).toMatchObject({ verdict: 'OK', tableId: 't1' });
    expect(copied.line).toMatch(/^OK t1: .*copy\.db holds events 1\.\.\d+/);
    const migrate = await shoe('migrate', join(dir, 'copy.db'), '--format', 'json');
    expect(migrate.code).toBe(0);
    expect(JSON.parse(migrate.stdout)).toMatchObject({ verdict: 'ALREADY', tableId: 't1' });
  });

  test('check --format json: one object with every file and the counts', async () => {
    const r = await shoe('check', join(ROOT, 'test/scenarios/basic-01-double-soft-hand-allowed.json'), db, '--format', 'json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { files: Array<{ path: string; outcome: string }>; passed: number; failed: number };
    expect(doc.files.map((f) => f.outcome)).toEqual(['passed', 'passed']);
    expect([doc.passed, doc.failed]).toEqual([2, 0]);
  });

  test('recall and strategy --format json', async () => {
    const recall = JSON.parse((await shoe('recall', db, '--last', '2', '--format', 'json')).stdout) as { tableId: string; rounds: unknown[] };
    expect(recall.tableId).toBe('t1');
    expect(recall.rounds).toHaveLength(2);
    const strategy = await shoe('strategy', '--rules', 'six-deck', '--format', 'json');
    expect(strategy.code).toBe(0);
    expect(typeof JSON.parse(strategy.stdout)).toBe('object');
  });
});

describe('-q on success: nothing on stderr, even on a terminal', () => {
  test.each([
    ['verify', () => ['verify', db, '-q', '--threads', '1']],
    ['backup', () => ['backup', db, join(dir, `quiet-${Date.now()}.db`), '-q']],
    ['migrate', () => ['migrate', db, '-q']],
    ['replay', () => ['replay', DEMO, '--rules', 'six-deck', '-q']],
    ['export', () => ['export', db, '-q']],
    ['run', () => ['run', DEMO, '--rules', 'six-deck', '--db', join(dir, `run-${Date.now()}.db`), '-q']],
  ])('shoe %s -q', async (_verb, argv) => {
    const r = await shoeInProcessWith(TERMINAL, ...argv());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  }, 60_000);

  test('without -q the same terminal shows progress (so -q has something to silence)', async () => {
    const r = await shoeInProcessWith(TERMINAL, 'replay', DEMO, '--rules', 'six-deck');
    expect(r.stderr).toMatch(/replay: /);
  });
});
