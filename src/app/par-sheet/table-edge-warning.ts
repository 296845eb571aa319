// A table opening on a rule set that pays the player (analysis/edge-warnings.ts: the main game's exact
// return above zero, or a side bet returning over 100 %) says so in its log, in an operator's words. It
// never holds the table up: the check starts a few seconds after the table runs, reads the verdict kept
// beside the log for this rule file (rule-edge-cache.ts) or else shares the table's exact analysis
// (exact-in-worker.ts: the demo bot's strategy comes from the same worker) and keeps its verdict there;
// a table that stops first lets go of the analysis, and a worker still computing ends.
import type { RuleSet } from '../../rules/rule-set.js';
import type { Clock, TimerHandle } from '../../ports/clock.js';
import { analysisInWorker, type AnalysisHold, type MainAnalysis } from './exact-in-worker.js';
import type { ExactAnalysisSource } from './exact-analysis-source.js';
import { readCachedEdge, writeCachedEdge, type RuleEdge } from './rule-edge-cache.js';
import { TaskStopped } from '../par/run-worker.js';
import { parSheetWords } from './par-sheet-words.js';

/** How long after the table runs the check starts: a table's first seconds are its own. */
export const EDGE_CHECK_DELAY_MS = 3000;

export interface TableEdgeCheckOptions {
  readonly rules: RuleSet;
  /** The rule file, as the operator named it, and its SHA-256 (the verdict's key). */
  readonly rulesPath: string;
  readonly rulesSha256: string;
  /** The product's version: a verdict kept by another version is computed again. */
  readonly version: string;
  /** Where verdicts are kept (the table's data folder); none: computed every time. */
  readonly cacheDir?: string;
  readonly clock: Clock;
  readonly delayMs?: number;
  /** One call per way the table pays the player, with the figures. */
  readonly warn: (message: string, edge: RuleEdge) => void;
  /** The analysis failed, or its verdict could not be kept: the table goes on. */
  readonly onError?: (err: unknown, what: 'analysis' | 'cache') => void;
  /** Where the analysis comes from; default: computed in a worker, shared with the demo bot's strategy. */
  readonly analysis?: ExactAnalysisSource;
}

export interface TableEdgeCheck {
  /** The warnings given (none: the house keeps an edge everywhere, or the check stopped or failed). */
  readonly done: Promise<string[]>;
  /** The table stops: no check starts any more, and a running analysis is let go of. */
  stop(): void;
}

/** The sentences an operator reads, one per way the rule set pays the player (logged in English). */
export function tableEdgeMessages(edge: RuleEdge, rulesPath: string): string[] {
  const w = parSheetWords('en');
  const out: string[] = [];
  if (edge.main > 0) out.push(w.tablePaysMain(edge.main, rulesPath));
  for (const s of edge.sideBets) if (s.expectedReturn > 0) out.push(w.tablePaysSideBet(w.betNames[s.bet], s.expectedReturn, rulesPath));
  return out;
}

export function checkTableEdge(o: TableEdgeCheckOptions): TableEdgeCheck {
  let hold: AnalysisHold<MainAnalysis> | null = null;
  let stopped = false;
  let timer: TimerHandle | undefined;
  let stopNow: () => void = () => undefined;
  const done = new Promise<string[]>((resolve) => {
    timer = o.clock.setTimeout(() => {
      timer = undefined;
      void verdict().then(
        (edge) => {
          if (edge === null || stopped) return resolve([]);
          const messages = tableEdgeMessages(edge, o.rulesPath);
          for (const m of messages) o.warn(m, edge);
          resolve(messages);
        },
        (err: unknown) => {
          if (!(err instanceof TaskStopped)) o.onError?.(err, 'analysis');
          resolve([]);
        },
      );
    }, o.delayMs ?? EDGE_CHECK_DELAY_MS);
    stopNow = () => resolve([]);
  });

  async function verdict(): Promise<RuleEdge | null> {
    if (stopped) return null;
    const cached = o.cacheDir === undefined ? null : readCachedEdge(o.cacheDir, o.rulesSha256, o.version);
    if (cached) return cached;
    hold = (o.analysis ?? analysisInWorker).holdMain(o.rules);
    const analysis = await hold.result;
    hold.release();
    const edge: RuleEdge = { main: analysis.main.expectedReturn, sideBets: analysis.sideBets };
    if (o.cacheDir !== undefined && !stopped) {
      try {
        writeCachedEdge(o.cacheDir, o.rulesSha256, o.version, edge);
      } catch (err) {
        o.onError?.(err, 'cache');
      }
    }
    return edge;
  }

  return {
    done,
    stop() {
      if (stopped) return;
      stopped = true;
      if (timer !== undefined) o.clock.clearTimeout(timer);
      hold?.release();
      stopNow();
    },
  };
}
