// What a log ingester or a script reads from the `shoe` command (docs/cli.md, "Output"): every verb that
// prints for machines prints JSON a strict parser accepts — valid, and no object with a key twice (a JSON
// parser keeps the last silently; Elasticsearch refuses the document). One run of each such verb, each
// line (JSONL) or the whole output (JSON) read with test/support/strict-json.ts.
import { beforeAll, expect, test } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support/run-cli.js';
import { shoeInProcess as shoe } from '../support/shoe-in-process.js';
import { parseStrictJson } from '../support/strict-json.js';

const DEMO = join(ROOT, 'config/demo/six-deck-demo.jsonl');
const CAPTURE = join(ROOT, 'test/captures/six-deck-demo.capture.jsonl');
const SCENARIO = join(ROOT, 'test/scenarios/basic-01-double-soft-hand-allowed.json');

let dir: string;
let db: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'machine-output-'));
  db = join(dir, 't1.db');
  expect((await shoe('run', DEMO, '--rules', 'six-deck', '--db', db, '--table', 't1', '--quiet')).code).toBe(0);
}, 60_000);

const jsonl = (stdout: string): unknown[] => stdout.split('\n').filter((line) => line.length > 0).map((line) => parseStrictJson(line));

test.each([
  ['replay', () => [DEMO, '--rules', 'six-deck', '--format', 'jsonl']],
  ['demo', () => ['--format', 'jsonl']],
  ['replay-capture', () => [CAPTURE, '--rules', 'six-deck', '--format', 'jsonl']],
  ['export', () => [db, '--format', 'session']],
  ['stack', () => ['s1=6H,5S,double,9C dealer=6D,TC,9S', '--rules', 'six-deck', '--format', 'session']],
])('%s: every line is one JSON value with no key twice', async (verb, args) => {
  const r = await shoe(verb, ...args());
  expect(r.code, r.stderr).toBe(0);
  const values = jsonl(r.stdout);
  expect(values.length).toBeGreaterThan(0);
  for (const v of values) expect(typeof v).toBe('object');
}, 60_000);

test.each([
  ['verify', () => [db, '--format', 'json', '--threads', '1']],
  ['recall', () => [db, '--last', '2', '--format', 'json']],
  ['check', () => [SCENARIO, db, '--format', 'json']],
  ['strategy', () => ['--rules', 'six-deck', '--format', 'json']],
  ['stack', () => ['s1=6H,5S,double,9C dealer=6D,TC,9S', '--rules', 'six-deck', '--format', 'scenario']],
  ['backup', () => [db, join(dir, `copy-${Math.random().toString(36).slice(2)}.db`), '--format', 'json']],
])('%s: the whole output is one JSON document with no key twice', async (verb, args) => {
  const r = await shoe(verb, ...args());
  expect(r.code, r.stderr).toBe(0);
  const parsed = parseStrictJson(r.stdout.trim());
  expect(typeof parsed).toBe('object');
}, 120_000);
