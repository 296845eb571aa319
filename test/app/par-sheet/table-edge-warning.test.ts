// The edge check a table runs when it opens (app/par-sheet/table-edge-warning.ts): a rule set that pays the
// player is named in an operator's words; the verdict is kept beside the log by the rule file's SHA-256 and
// read back instead of analysing again; a check stopped before it starts does nothing, and one stopped
// while its analysis runs ends the worker. The first check's analysis is computed by the product's worker, as
// a table's is (the composition's test of the edge check takes it from the tests' cache).
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkTableEdge, tableEdgeMessages } from '../../../src/app/par-sheet/table-edge-warning.js';
import { edgeCachePath, readCachedEdge, writeCachedEdge, type RuleEdge } from '../../../src/app/par-sheet/rule-edge-cache.js';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { realClock } from '../../../src/adapters/clock/real-clock.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';
import { cachedAnalysisSource } from '../../support/exact-analysis-cache.js';

/** A clock never advanced: the check's timer never fires. */
const never = new VirtualClock();
/** The process's threads by id: a worker is a thread of its own. */
const threadIds = () => new Set(readdirSync('/proc/self/task'));
async function until(what: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (what()) return true;
  return what();
}

describe('a table opening a rule set that pays the player', () => {
  test('classic-17plus4: one warning naming the edge and the rule file; the verdict is kept, and read back next time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'edge-'));
    const { rules, rulesId, path } = loadRuleSet('classic-17plus4');
    const seen: Array<{ message: string; edge: RuleEdge }> = [];
    const options = { rules, rulesPath: path, rulesSha256: rulesId, version: '9.9.9', cacheDir: dir, clock: realClock(), delayMs: 0, warn: (message: string, edge: RuleEdge) => seen.push({ message, edge }) };
    const first = await checkTableEdge(options).done;
    expect(first).toHaveLength(1);
    expect(seen[0]?.message).toMatch(/^this table pays the player \+5\.2\d\d % on the main game \(return to player 105\.2\d\d %\): at these rules the player, not the house, has the edge; check the rule file .*classic-17plus4\.yaml$/);
    expect(seen[0]?.edge.main).toBeGreaterThan(0.05);
    expect(existsSync(edgeCachePath(dir, rulesId))).toBe(true);
    expect(readCachedEdge(dir, rulesId, '9.9.9')?.main).toBe(seen[0]?.edge.main);
    // The tests' cache of the analysis (which other tests' tables use) holds what the worker computed here.
    const cached = await cachedAnalysisSource.holdMain(rules).result;
    expect({ main: cached.main.expectedReturn, sideBets: cached.sideBets }).toEqual(seen[0]?.edge);
    // Another version's verdict counts as absent.
    expect(readCachedEdge(dir, rulesId, '9.9.10')).toBeNull();

    // The kept verdict is what the next check reads (here doctored: the main game a house edge, Pairs over 100 %).
    writeCachedEdge(dir, rulesId, '9.9.9', { main: -0.01, sideBets: [{ bet: 'pairs', expectedReturn: 0.0123 }] });
    const second = await checkTableEdge(options).done;
    expect(second).toEqual(['this table pays the player +1.230 % on the Pairs side bet (return to player 101.230 %, over 100 %): at these rules the player, not the house, has the edge on it; check the rule file ' + path]);
    // An unreadable verdict counts as absent.
    writeFileSync(edgeCachePath(dir, rulesId), '{ half a file');
    expect(readCachedEdge(dir, rulesId, '9.9.9')).toBeNull();
  }, 120_000);

  test('the house keeping its edge everywhere gives no message', () => {
    expect(tableEdgeMessages({ main: -0.004, sideBets: [{ bet: 'superMatch', expectedReturn: -0.025 }] }, 'x.yaml')).toEqual([]);
    expect(tableEdgeMessages({ main: 0.017, sideBets: [] }, 'config/rules/classic.yaml')).toEqual([
      'this table pays the player +1.700 % on the main game (return to player 101.700 %): at these rules the player, not the house, has the edge; check the rule file config/rules/classic.yaml',
    ]);
  });

  test('stopped before it starts: nothing runs, nothing is said', async () => {
    const { rules, rulesId, path } = loadRuleSet('classic');
    let warned = 0;
    const check = checkTableEdge({ rules, rulesPath: path, rulesSha256: rulesId, version: '1', clock: never, warn: () => (warned += 1) });
    check.stop();
    expect(await check.done).toEqual([]);
    expect(warned).toBe(0);
  });

  test('stopped while the analysis runs: its worker ends, and nothing is said', async () => {
    const { rules, rulesId, path } = loadRuleSet('european');
    // Threads are told apart by id, not counted: an earlier test's worker may still be ending when this one starts.
    const before = threadIds();
    const started = () => [...threadIds()].filter((id) => !before.has(id));
    let warned = 0;
    const errors: unknown[] = [];
    const check = checkTableEdge({ rules, rulesPath: path, rulesSha256: rulesId, version: '1', clock: realClock(), delayMs: 0, warn: () => (warned += 1), onError: (err) => errors.push(err) });
    expect(await until(() => started().length > 0, 10_000)).toBe(true);
    const analysing = started();
    check.stop();
    expect(await check.done).toEqual([]);
    // The analysis's thread ends at once (a thread the process starts for good, such as libuv's pool, would
    // stay): well before the analysis would have finished by itself (european: more than 3 s on an idle machine).
    expect(await until(() => { const now = threadIds(); return analysing.some((id) => !now.has(id)); }, 1_500)).toBe(true);
    expect(warned).toBe(0);
    expect(errors).toEqual([]);
  }, 30_000);
});
