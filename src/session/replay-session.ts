// Replaying a recorded session through the real round machine: every input in order, every fact it causes.
import type { RuleSet } from '../rules/rule-set.js';
import type { TableEvent } from '../round/events.js';
import { TableEngine } from '../round/table-engine.js';
import type { SessionLine } from './parse-session.js';

export interface ReplayedStep {
  readonly line: number;
  readonly events: readonly TableEvent[];
}

export function replaySession(rules: RuleSet, session: readonly SessionLine[]): { steps: ReplayedStep[]; engine: TableEngine } {
  const engine = new TableEngine(rules);
  const steps = session.map(({ line, input }) => ({ line, events: engine.submit(input, line) }));
  return { steps, engine };
}
