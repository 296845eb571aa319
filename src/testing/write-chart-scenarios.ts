// `shoe scenarios generate --rules NAME [--out DIR]` at work: the chart's paths as scenario files
// (chart-scenarios.ts), NAME-001.json, NAME-002.json, … in DIR, then the counts. Files of that pattern left
// by an earlier run are removed, so regenerating reviews as a diff. Exit 1 when the scenarios miss a state
// or transition of the chart (a chart change the walk cannot reach: chart-walk.ts needs an input).
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { loadRuleSet } from '../config/load-rule-set.js';
import { chartScenarios } from './chart-scenarios.js';
import { writeScenarioFile } from './scenario-files.js';

export function generateChartScenarios(rulesArg: string, outDir: string | undefined, out: (line: string) => void): number {
  const { rules, path } = loadRuleSet(rulesArg);
  const dir = outDir ?? join('scenarios', rules.name);
  // A scenario names a rule set by name, or a rule file relative to itself.
  const rulesRef = extname(rulesArg) === '' ? rulesArg : relative(resolve(dir), resolve(path));
  const { scenarios, coverage } = chartScenarios(rules, rulesRef);
  mkdirSync(dir, { recursive: true });
  const pattern = new RegExp(`^${rules.name.replace(/[^\w-]/g, '\\$&')}-\\d{3,}\\.json$`);
  for (const old of readdirSync(dir).filter((f) => pattern.test(f))) rmSync(join(dir, old));
  const width = Math.max(3, String(scenarios.length).length);
  scenarios.forEach((scenario, i) => writeScenarioFile(join(dir, `${rules.name}-${String(i + 1).padStart(width, '0')}.json`), scenario));
  const stated = scenarios.filter((s) => s.start !== undefined).length;
  out(`${rules.name}: ${scenarios.length} scenarios written to ${dir}${stated > 0 ? ` (${stated} from a stated starting table)` : ''}`);
  out(`states reached ${coverage.statesReached}/${coverage.statesTotal}, transitions reached ${coverage.transitionsReached}/${coverage.transitionsTotal}`);
  if (coverage.missed.length === 0) return 0;
  out(`never reached: ${coverage.missed.join('; ')}`);
  return 1;
}
