// Worker task: a rule set's exact figures (analysis/exact-figures.ts) off the main thread, in a heap of
// its own that is given back when the worker ends (exact-in-worker.ts). The main level carries the side
// bets' returns too: with the main return, what a table's edge check needs.
import { parentPort, workerData } from 'node:worker_threads';
import { exactFigures, mainFigures } from '../../analysis/exact-figures.js';
import type { RuleSet } from '../../rules/rule-set.js';
import type { Strategy } from '../../analysis/strategy.js';
import { sideBetReturns } from './side-bets.js';

const { rules, strategy, level } = workerData as { rules: RuleSet; strategy?: Strategy; level: 'main' | 'sheet' };
parentPort?.postMessage(level === 'main' ? { ...mainFigures(rules, strategy), sideBets: sideBetReturns(rules) } : exactFigures(rules, strategy));
