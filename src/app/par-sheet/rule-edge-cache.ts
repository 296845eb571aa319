// A table's edge verdict kept beside its log, by the rule file's SHA-256 and the product's version: a table
// that opens again on the same rule file reads it instead of running the exact analysis again. One small
// json file per rule file (<data folder>/rule-edges/<sha256>.json), written whole then renamed into place,
// so a reader never sees half a file; anything unreadable or of another version counts as absent.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SideBetReturn } from './side-bets.js';

export const EDGE_CACHE_FORMAT = 'shoe-rule-edge/1';

export interface RuleEdge {
  /** Exact expected net of the main game per initial unit, the computed strategy played. */
  readonly main: number;
  readonly sideBets: readonly SideBetReturn[];
}

interface CachedEdge extends RuleEdge {
  readonly format: typeof EDGE_CACHE_FORMAT;
  readonly rulesSha256: string;
  readonly version: string;
}

export function edgeCachePath(dir: string, rulesSha256: string): string {
  return join(dir, 'rule-edges', `${rulesSha256}.json`);
}

export function readCachedEdge(dir: string, rulesSha256: string, version: string): RuleEdge | null {
  let cached: Partial<CachedEdge>;
  try {
    cached = JSON.parse(readFileSync(edgeCachePath(dir, rulesSha256), 'utf8')) as Partial<CachedEdge>;
  } catch {
    return null;
  }
  if (cached.format !== EDGE_CACHE_FORMAT || cached.rulesSha256 !== rulesSha256 || cached.version !== version) return null;
  if (typeof cached.main !== 'number' || !Array.isArray(cached.sideBets)) return null;
  if (!cached.sideBets.every((s) => typeof s?.bet === 'string' && typeof s.expectedReturn === 'number')) return null;
  return { main: cached.main, sideBets: cached.sideBets };
}

export function writeCachedEdge(dir: string, rulesSha256: string, version: string, edge: RuleEdge): void {
  const path = edgeCachePath(dir, rulesSha256);
  mkdirSync(join(dir, 'rule-edges'), { recursive: true });
  const record: CachedEdge = { format: EDGE_CACHE_FORMAT, rulesSha256, version, main: edge.main, sideBets: edge.sideBets.map((s) => ({ bet: s.bet, expectedReturn: s.expectedReturn })) };
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(record)}\n`);
  renameSync(temporary, path);
}
