// Worker task: computes a rule set's strategy off the main thread (a table keeps serving meanwhile).
import { parentPort, workerData } from 'node:worker_threads';
import { computeStrategy } from '../../analysis/strategy.js';
import type { RuleSet } from '../../rules/rule-set.js';

parentPort?.postMessage(computeStrategy((workerData as { rules: RuleSet }).rules));
