// Crash recovery: a child process plays a session into a SQLite table log and is killed with
// SIGKILL at 50 random points — between events or in the middle of a write. Each time it restarts and
// goes on. The final log equals an uninterrupted run's, apart from the recovery markers: no card lost
// or duplicated, no bet settled twice, the hash chain intact.
//
// SLOW (84 s on an idle machine, 100-200 s under load: fifty SIGKILLs of a child process playing into the log,
// fifty starts of the CLI; docs/testing.md, "Where the time goes").
import { describe, expect, test } from 'vitest';
import { spawn, execFile } from 'node:child_process';
import Database from 'better-sqlite3';
import { promisify } from 'node:util';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliBundle } from '../../support/cli-bundle.js';
import { ROOT } from '../../support/run-cli.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { verifyChain } from '../../../src/log/event-chain.js';
import { verifyLog } from '../../../src/app/audit/verify-log.js';
import { play, readTableLog } from '../../support/log-play.js';
import { mulberry32, playRandomSession } from '../../support/random-session.js';

const KILLS = 50;

/**
 * The log's length as the child writes it, through one read-only connection kept open between polls (opening
 * one per poll, every 2 ms, took a core of the two away from the child); reopened after an error (no table
 * yet, a write under way that a reader cannot see past).
 */
class LogLength {
  private sql: Database.Database | null = null;
  private count: Database.Statement | null = null;

  constructor(private readonly db: string) {}

  read(): number {
    try {
      if (!this.count) {
        this.sql = new Database(this.db, { readonly: true, fileMustExist: true });
        this.count = this.sql.prepare('SELECT count(*) AS n FROM events');
      }
      return (this.count.get() as { n: number }).n;
    } catch {
      this.close();
      return 0;
    }
  }

  close(): void {
    this.sql?.close();
    this.sql = null;
    this.count = null;
  }
}

/**
 * Runs the child and kills it once the log has grown by `events` (whatever the machine's speed), a few
 * milliseconds later still — so the kill falls between two appends or in the middle of one.
 */
function runUntilKilled(cli: string, args: string[], db: string, events: number, jitterMs: number): Promise<'killed' | 'finished'> {
  return new Promise((resolve, reject) => {
    const length = new LogLength(db);
    const start = length.read();
    const child = spawn(process.execPath, [cli, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setInterval(() => {
      if (length.read() >= start + events) {
        clearInterval(timer);
        setTimeout(() => child.kill('SIGKILL'), jitterMs);
      }
    }, 2);
    child.on('error', (err) => {
      clearInterval(timer);
      length.close();
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearInterval(timer);
      length.close();
      if (signal === 'SIGKILL') resolve('killed');
      else if (code === 0) resolve('finished');
      else reject(new Error(`run exited ${code}: ${stderr}`));
    });
  });
}

describe('crash recovery under SIGKILL', () => {
  test(`${KILLS} kills at random points; the finished log equals an uninterrupted run's`, async () => {
    const cli = await cliBundle();
    const rules = loadRuleSet('six-deck').rules;
    const { inputs } = playRandomSession(rules, 4242, 120);
    const dir = mkdtempSync(join(tmpdir(), 'crash-'));
    const session = join(dir, 'session.jsonl');
    writeFileSync(session, inputs.map((i) => JSON.stringify(i)).join('\n') + '\n');
    const args = (db: string) => ['run', session, '--rules', 'six-deck', '--db', db, '--table', 'table-1'];

    await promisify(execFile)(process.execPath, [cli, ...args(join(dir, 'clean.db'))], { cwd: ROOT });
    const clean = await readTableLog(join(dir, 'clean.db'), 'table-1');

    const crashed = join(dir, 'crashed.db');
    const random = mulberry32(7);
    let kills = 0;
    let progressAtKills: number[] = [];
    while (kills < KILLS) {
      const outcome = await runUntilKilled(cli, args(crashed), crashed, 1 + Math.floor(random() * 60), Math.floor(random() * 4));
      if (outcome === 'finished') break;
      kills++;
      progressAtKills.push((await readTableLog(crashed, 'table-1')).length);
    }
    // Finish the session (a run that was not killed before the end finishes it anyway).
    await promisify(execFile)(process.execPath, [cli, ...args(crashed)], { cwd: ROOT });
    const recovered = await readTableLog(crashed, 'table-1');

    expect(kills).toBe(KILLS);
    expect(new Set(progressAtKills).size, 'kills landed at many different points').toBeGreaterThan(10);
    expect(verifyChain(recovered)).toEqual({ ok: true });
    expect(verifyLog(recovered).ok).toBe(true);
    expect(recovered.filter((e) => e.type === 'table.recovered').length).toBeGreaterThan(0);
    const [a, b] = [play(recovered), play(clean)];
    const at = a.findIndex((x, i) => x !== b[i]);
    if (at >= 0 && process.env['DEBUG_CRASH']) console.log('first difference at', at, '\nrecovered:', a.slice(at - 2, at + 3).join('\n'), '\nclean:', b.slice(at - 2, at + 3).join('\n'));
    expect(a).toEqual(b);
    progressAtKills = [];
  }, 240_000);
});
