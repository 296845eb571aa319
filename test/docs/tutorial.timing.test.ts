// docs/tutorial.md, executed: every ```sh block in the order a reader meets it, and each step a
// `<!-- tutorial-test: … -->` comment names (start the table in the background, open the pages, Ctrl-C
// it mid-round). A command that exits non-zero or prints a stack trace fails the test; so does a comment
// this test does not know, so the page and the test cannot drift apart.
//
// It runs in a scratch folder laid out like the checkout (every top-level entry linked, `data/` its own),
// so `data/demo-1.db` in the tutorial is the scratch folder's; DATA_DIR, which `npm start` honours, puts the
// demo's log there, and PORT (honoured too, and named in the tutorial) a free port instead of 8080.
//
// SLOW (31 s: every step of the tutorial as a reader runs it, a demo table in the background included;
// docs/testing.md, "Where the time goes").
import { afterAll, describe, expect, test } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support/run-cli.js';
import { readTableLog } from '../support/log-play.js';

type Step =
  | { readonly kind: 'run'; readonly script: string }
  | { readonly kind: 'not-run'; readonly script: string }
  | { readonly kind: 'background'; readonly script: string; readonly until: string }
  | { readonly kind: 'pages'; readonly urls: readonly string[] }
  | { readonly kind: 'ctrl-c' };

/** The tutorial's steps, in order. */
function tutorialSteps(markdown: string): Step[] {
  const lines = markdown.split('\n');
  const steps: Step[] = [];
  let marker: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const comment = /^<!-- tutorial-test: (.*) -->$/.exec(line);
    if (comment) {
      marker = comment[1] as string;
      if (marker === 'pages answer') {
        const urls: string[] = [];
        for (let j = i + 1; j < lines.length && (lines[j] as string).trim() !== ''; j++) for (const m of (lines[j] as string).matchAll(/<(http:\/\/[^>]+)>/g)) urls.push(m[1] as string);
        steps.push({ kind: 'pages', urls });
        marker = undefined;
      } else if (marker.startsWith('Ctrl-C')) {
        steps.push({ kind: 'ctrl-c' });
        marker = undefined;
      }
      continue;
    }
    if (line !== '```sh') continue;
    const end = lines.indexOf('```', i + 1);
    const script = lines.slice(i + 1, end).join('\n');
    i = end;
    if (marker === undefined) steps.push({ kind: 'run', script });
    else if (marker.startsWith('not run')) steps.push({ kind: 'not-run', script });
    else if (/^in the background until "(.+)"$/.test(marker)) steps.push({ kind: 'background', script, until: /"(.+)"/.exec(marker)?.[1] as string });
    else throw new Error(`docs/tutorial.md: unknown tutorial-test comment "${marker}"`);
    marker = undefined;
  }
  if (marker !== undefined) throw new Error(`docs/tutorial.md: tutorial-test comment "${marker}" before nothing`);
  return steps;
}

const STACK_TRACE = /^\s+at .+:\d+:\d+\)?$|unexpected error/m;
const OPEN_ROUND = new Set(['dealing', 'offers', 'playing', 'dealer']);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A folder laid out like the checkout, with a `data/` of its own. */
function scratchCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tutorial-'));
  for (const entry of readdirSync(ROOT)) if (!['data', '.git', 'test-output'].includes(entry)) symlinkSync(join(ROOT, entry), join(dir, entry));
  mkdirSync(join(dir, 'data'));
  return dir;
}

interface Ran { readonly code: number | null; readonly output: string }

function runScript(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function until<T>(what: string, poll: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = await poll().catch(() => undefined);
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`waited ${ms} ms for ${what}`);
}

let table: ChildProcess | undefined;
afterAll(() => {
  if (table?.pid !== undefined && table.exitCode === null) process.kill(-table.pid, 'SIGKILL');
});

describe('docs/tutorial.md', () => {
  test('its steps are found: start, pages, the API, Ctrl-C, replay, verify, recall', () => {
    const steps = tutorialSteps(readFileSync(join(ROOT, 'docs/tutorial.md'), 'utf8'));
    expect(steps.map((s) => s.kind)).toEqual(['not-run', 'background', 'pages', 'run', 'ctrl-c', 'run', 'run']);
    const scripts = steps.map((s) => ('script' in s ? s.script : '')).join('\n');
    for (const command of ['npm start', '/api/supervisor/pause', '/api/supervisor/resume', 'shoe -- replay', 'shoe -- verify data/demo-1.db', 'shoe -- recall data/demo-1.db']) expect(scripts).toContain(command);
  });

  test('every command runs as written and exits 0 without a stack trace; recall prints the round Ctrl-C interrupted', async () => {
    const steps = tutorialSteps(readFileSync(join(ROOT, 'docs/tutorial.md'), 'utf8'));
    const cwd = scratchCheckout();
    const port = await freePort();
    const env = { ...process.env, PORT: String(port), DATA_DIR: join(cwd, 'data') };
    const onPort = (url: string): string => url.replace('127.0.0.1:8080', `127.0.0.1:${port}`);
    let tableOutput = '';
    let interrupted: number | undefined;
    const outputs: string[] = [];
    for (const step of steps) {
      if (step.kind === 'not-run') continue;
      if (step.kind === 'run') {
        const ran = await runScript(step.script, cwd, env);
        expect(ran.code, `${step.script}\n${ran.output}`).toBe(0);
        expect(ran.output, step.script).not.toMatch(STACK_TRACE);
        outputs.push(ran.output);
      } else if (step.kind === 'background') {
        const child = spawn('bash', ['-c', step.script], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        table = child;
        child.stdout.on('data', (d: Buffer) => (tableOutput += d.toString()));
        child.stderr.on('data', (d: Buffer) => (tableOutput += d.toString()));
        await until(`"${step.until}" from ${step.script}`, async () => (tableOutput.includes(step.until) ? true : child.exitCode !== null ? Promise.reject(new Error(tableOutput)) : undefined), 60_000);
      } else if (step.kind === 'pages') {
        expect(step.urls).toHaveLength(3);
        for (const url of step.urls) expect((await fetch(onPort(url))).status, url).toBe(200);
      } else {
        const child = table as ChildProcess;
        interrupted = await until('a second round open on the table', async () => {
          const view = (await (await fetch(`http://127.0.0.1:${port}/api/views/public`)).json()) as { table: { round: number; stage: string; paused: boolean } };
          // The second round or later, so recall has more than one round to print.
          return OPEN_ROUND.has(view.table.stage) && !view.table.paused && view.table.round >= 2 ? view.table.round : undefined;
        }, 60_000);
        const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
        process.kill(-(child.pid as number), 'SIGINT'); // what Ctrl-C does: SIGINT to the terminal's foreground group
        expect(await exited, tableOutput.slice(-2000)).toBe(0);
        expect(tableOutput).toContain('shutdown: complete');
        expect(tableOutput).not.toMatch(STACK_TRACE);
      }
    }
    expect(interrupted).toBeGreaterThan(0);
    const recall = outputs.at(-1) as string;
    expect(recall).toMatch(/^OK demo-1: /m);
    // Every round recall was asked for (--last 3): the last three dealt on the log, the interrupted one last.
    const dealt = [...new Set((await readTableLog(join(cwd, 'data', 'demo-1.db'), 'demo-1')).filter((e) => e.type === 'betting.closed').map((e) => e.round))];
    expect(dealt.at(-1)).toBe(interrupted);
    expect([...recall.matchAll(/^== demo-1 round (\d+) ==$/gm)].map((m) => Number(m[1]))).toEqual(dealt.slice(-3));
  }, 240_000);
});
