// What a log ingester reads (docs/operations.md, "Logs"): every stdout line of a running table and of a
// display gateway is one JSON object with no key twice (read with a strict, duplicate-refusing parser,
// test/support/strict-json.ts); what needs a person is WARN or ERROR, while a routine start, the shoe
// link coming up and a shutdown are INFO. The demo table runs twice on one folder, so the second start
// logs its rebuild and recovery, and a supervisor's resume while nothing is paused is an input refused.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { ROOT, cliEntry } from '../support/run-cli.js';
import { parseStrictJson } from '../support/strict-json.js';

interface Line { level: number; msg: string; [key: string]: unknown }

/** The CLI as `npm start` runs it (the start build's entry, plain node: test/support/run-cli.ts). */
let entry = '';
beforeAll(async () => {
  entry = await cliEntry();
}, 180_000);

/** A `shoe` process with its stdout read line by line; non-TTY, so pino prints JSON. */
function shoe(args: string[]): { child: ChildProcessWithoutNullStreams; stdout: () => string; stderr: () => string; until: (m: RegExp, ms: number) => Promise<void>; stop: () => Promise<number | null> } {
  const child = spawn(process.execPath, [entry, ...args], { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'info' } });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    until: async (m, ms) => {
      const end = Date.now() + ms;
      while (!m.test(out)) {
        if (Date.now() > end || child.exitCode !== null) throw new Error(`no ${m} within ${ms} ms; stdout:\n${out}\nstderr:\n${err}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: async () => {
      child.kill('SIGTERM');
      return closed;
    },
  };
}

/** Every stdout line, read strictly: a line that is not one JSON object, or repeats a key, fails here. */
function strictLines(stdout: string): Line[] {
  const lines = stdout.split('\n').filter((l) => l !== '');
  return lines.map((line, i) => {
    let value: unknown;
    try {
      value = parseStrictJson(line);
    } catch (err) {
      throw new Error(`stdout line ${i + 1} is not one JSON object an ingester accepts (${(err as Error).message}): ${line}`);
    }
    expect(value, line).toBeTypeOf('object');
    return value as Line;
  });
}

const levelOf = (lines: Line[], msg: RegExp) => lines.find((l) => msg.test(l.msg))?.level;

describe('log lines an ingester accepts', () => {
  test('the demo table, started twice: every line one JSON object without a repeated key; routine lines at INFO', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'log-lines-'));
    const first = shoe(['start', '--data-dir', dataDir, '--port', '0']);
    await first.until(/"msg":"shoe link up/, 60_000);
    await first.until(/"msg":"table running"/, 60_000);
    const url = /"url":"(http:\/\/[^"]+)"/.exec(first.stdout())?.[1];
    expect(url).toBeDefined();
    // Nothing is paused: the round machine refuses the resume, and the table logs the input refused.
    const resume = await fetch(`${url}/api/supervisor/resume`, { method: 'POST', headers: { authorization: 'Bearer demo-supervisor-token', 'content-type': 'application/json' }, body: '{}' });
    expect(resume.status).toBe(409);
    await first.until(/"msg":"input refused"/, 10_000);
    await new Promise((r) => setTimeout(r, 2000)); // the bots play a while
    expect(await first.stop()).toBe(0);
    const second = shoe(['start', '--data-dir', dataDir, '--port', '0']);
    await second.until(/"msg":"table recovered after a restart/, 60_000);
    await second.until(/"msg":"shoe link up/, 60_000);
    expect(await second.stop()).toBe(0);

    const lines = [...strictLines(first.stdout()), ...strictLines(second.stdout())];
    expect(lines.length).toBeGreaterThan(10);
    for (const msg of [/^input refused$/, /^table rebuilt from its log$/, /^table recovered after a restart/]) {
      const line = lines.find((l) => msg.test(l.msg));
      expect(line, String(msg)).toMatchObject({ tableId: 'demo-1' });
    }
    expect(levelOf(lines, /^input refused$/)).toBe(40);
    for (const routine of [/^configuration$/, /^table running$/, /^shoe link up/, /^shutdown: SIGTERM received/, /^shutdown: complete$/]) {
      expect(levelOf(lines, routine), String(routine)).toBe(30);
    }
  });

  test('a display gateway: every line one JSON object, its address among them', async () => {
    const gateway = shoe(['displays', '--nats', process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222', '--table', `log-lines-${process.pid}`, '--port', '0']);
    await gateway.until(/"msg":"serving log-lines-\d+ at http/, 60_000);
    expect(await gateway.stop()).toBe(0);
    const lines = strictLines(gateway.stdout());
    const serving = lines.find((l) => l.msg.startsWith('serving'));
    expect(serving).toMatchObject({ level: 30, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) });
  });
});
