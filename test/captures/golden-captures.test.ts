// Golden captures: a live table's raw shoe bytes and inputs, kept in test/captures; through the
// decoder and the round machine (`shoe replay-capture`) they print exactly the events the live run logged.
import { describe, expect, test } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliBundle } from '../support/cli-bundle.js';
import { ROOT } from '../support/run-cli.js';
import { canonicalJson } from '../../src/log/event-chain.js';

const CAPTURE = join(ROOT, 'test/captures/six-deck-demo.capture.jsonl');
const EXPECTED = join(ROOT, 'test/captures/six-deck-demo.events.jsonl');
const run = promisify(execFile);

describe('golden capture', () => {
  test('replay-capture prints the events the live run logged', async () => {
    const { stdout } = await run(process.execPath, [await cliBundle(), 'replay-capture', CAPTURE, '--rules', 'six-deck'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
    const replayed = stdout.trim().split('\n').map((l) => canonicalJson(JSON.parse(l)));
    const expected = readFileSync(EXPECTED, 'utf8').trim().split('\n');
    expect(replayed).toEqual(expected);
    expect(expected.filter((l) => l.includes('"bet.settled"')).length).toBeGreaterThan(3);
  });

  test('a capture whose bytes do not match its shoe inputs is refused, naming the line', async () => {
    const lines = readFileSync(CAPTURE, 'utf8').trim().split('\n');
    const i = lines.findIndex((l) => l.includes('"dir":"input"') && l.includes('"type":"card"'));
    lines[i] = lines[i]!.replace(/"card":"(\w\w)"/, (_m, c: string) => `"card":"${c === '2C' ? '3C' : '2C'}"`);
    const path = join(mkdtempSync(join(tmpdir(), 'capture-')), 'tampered.jsonl');
    writeFileSync(path, lines.join('\n') + '\n');
    const result = await run(process.execPath, [await cliBundle(), 'replay-capture', path, '--rules', 'six-deck'], { cwd: ROOT }).catch((e: { code: number; stderr: string }) => e);
    expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining(`capture line ${i + 1}`) });
  });
});
