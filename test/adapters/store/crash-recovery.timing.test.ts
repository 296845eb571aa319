// Crash recovery: a child process plays a session into a SQLite table log and is killed with
// SIGKILL at 50 random points — between events or in the middle of a write. Each time it restarts and
// goes on. The final log equals an uninterrupted run's, apart from the recovery markers: no card lost
// or duplicated, no bet settled twice, the hash chain intact.
//
// SLOW (84 s: fifty SIGKILLs of a child process playing into the log, fifty restarts; docs/testing.md, "Where the
// time goes").
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

function logLength(db: string): number {
  try {
    const sql = new Database(db, { readonly: true, fileMustExist: true });
    try {
      return (sql.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;
    } finally {
      sql.close();
    }
  } catch {
    return 0;
  }
}

/**
 * Runs the child and kills it once the log has grown by `events` (whatever the machine's speed), a few
 * milliseconds later still — so the kill falls between two appends or in the middle of one.
 */
function runUntilKilled(cli: string, args: string[], db: string, events: number, jitterMs: number): Promise<'killed' | 'finished'> {
  return new Promise((resolve, reject) => {
    const start = logLength(db);
    const child = spawn(process.execPath, [cli, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setInterval(() => {
      if (logLength(db) >= start + events) {
        clearInterval(timer);
        setTimeout(() => child.kill('SIGKILL'), jitterMs);
      }
    }, 2);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearInterval(timer);
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
