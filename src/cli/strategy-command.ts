// `shoe strategy`: the rule set's basic strategy, computed (options and help: its spec in analysis-verbs.ts).
import { loadRuleSet } from '../config/load-rule-set.js';
import { computeStrategy } from '../analysis/strategy.js';
import { formatChart } from '../analysis/strategy-chart.js';

export function strategyCommand(options: { readonly rules: string; readonly format: 'text' | 'json' }, out: (line: string) => void): number {
  const { rules: name, format } = options;
  const { rules } = loadRuleSet(name);
  const strategy = computeStrategy(rules);
  if (format === 'json') out(JSON.stringify(strategy, null, 2));
  else for (const line of formatChart(strategy, rules)) out(line);
  return 0;
}
