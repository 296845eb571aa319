// `shoe strategy --rules NAME|PATH [--format text|json]` (issue 13): the rule set's basic strategy, computed.
import { loadRuleSet } from '../config/load-rule-set.js';
import { computeStrategy } from '../analysis/strategy.js';
import { formatChart } from '../analysis/strategy-chart.js';
import { UsageError, type ParsedArgs } from './args.js';

export const STRATEGY_USAGE = `usage: shoe strategy --rules NAME|PATH [--format text|json]
  The rule set's basic strategy, computed from exact dealer probabilities (not typed in): for every hard
  total, soft total and pair against every dealer up card, the legal actions in order of expected value.
  text: the chart (H hit, S stand, D double, P split, R surrender; Dh = double, else hit).
  json: the whole strategy with each cell's expected values (the --strategy FILE of shoe simulate).`;

export function checkOptions(args: ParsedArgs, allowed: readonly string[], usage: string, allowedFlags: readonly string[] = []): void {
  for (const name of args.options.keys()) if (!allowed.includes(name)) throw new UsageError(`unknown option --${name}\n${usage}`);
  for (const name of args.flags) if (!allowedFlags.includes(name)) throw new UsageError(`unknown option --${name}\n${usage}`);
}

export function strategyCommand(args: ParsedArgs, out: (line: string) => void): number {
  if (args.flags.has('help') || args.positional[0] === 'help') {
    out(STRATEGY_USAGE);
    return 0;
  }
  checkOptions(args, ['rules', 'format'], STRATEGY_USAGE);
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"\n${STRATEGY_USAGE}`);
  const name = args.options.get('rules');
  if (!name) throw new UsageError(`strategy needs --rules NAME|PATH\n${STRATEGY_USAGE}`);
  const format = args.options.get('format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`unknown format "${format}": text or json`);
  const { rules } = loadRuleSet(name);
  const strategy = computeStrategy(rules);
  if (format === 'json') out(JSON.stringify(strategy, null, 2));
  else for (const line of formatChart(strategy, rules)) out(line);
  return 0;
}
