// `shoe par-sheet --rules NAME|PATH | --all | --verify FILE [--format md|json|html] [--rounds N]
// [--penetration-rounds N] [--workers W] [--seed S] [--strategy FILE]`: parses the options, reads the clock
// and the files, and hands over to src/app/par-sheet/ (assembling, rendering, verifying).
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';
import { knownRuleSets, loadRuleSet, RuleSetError, type LoadedRuleSet } from '../config/load-rule-set.js';
import { UsageError, type ParsedArgs } from './args.js';
import { checkOptions } from './strategy-command.js';
import { defaultSeats, readStrategyFile, reportSimulationFailure } from './simulate-command.js';
import { SimulationFailure } from '../app/par/run-simulation.js';
import { assembleParSheet, type AssembleOptions } from '../app/par-sheet/assemble-par-sheet.js';
import type { ParSheetDocument } from '../app/par-sheet/par-sheet-document.js';
import { allMarkdown, parSheetMarkdown } from '../app/par-sheet/render-markdown.js';
import { parSheetHtml } from '../app/par-sheet/render-html.js';
import { compareSheets, savedSheetProblem } from '../app/par-sheet/verify-par-sheet.js';
import { Progress } from './progress.js';

export const PAR_SHEET_USAGE = `usage: shoe par-sheet --rules NAME|PATH | --all | --verify FILE [--format md|json|html] [--rounds N]
       [--penetration-rounds N] [--workers W] [--seed S] [--strategy FILE]
  The par sheet of a rule set, identified (product version and commit, rule file and its SHA-256, strategy
  source, date, machine, run time): the sign convention, warnings where the game pays the player, the rules
  in words, the main game's exact return (and how exact), side bets' exact return with every combination's
  count, the naive players' returns, and the production round machine's simulated return with its 95 %
  interval (default: enough rounds for ±0.1 %), hit frequency, standard deviations, net outcomes, frequencies
  and the return at 50/66/75/83 % penetration. --format html: one self-contained page with charts.
  --all: every rule set. --verify FILE: compute a saved json sheet again; exit 0 if it holds, 1 if not.`;

const OPTIONS = ['rules', 'format', 'rounds', 'penetration-rounds', 'workers', 'seed', 'verify', 'strategy'];

function wholeNumber(args: ParsedArgs, key: string, min: number): number | undefined {
  const text = args.options.get(key);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${key} must be a whole number${min > 0 ? ` of at least ${min}` : ''}, got "${text}"`);
  return n;
}

function commandLine(args: ParsedArgs): string {
  const parts = ['shoe par-sheet'];
  for (const [k, v] of args.options) parts.push(`--${k} ${v}`);
  for (const f of args.flags) parts.push(`--${f}`);
  return parts.join(' ');
}

function progressPrinter(): { update: (label: string, done: number, total: number) => void; finish: () => void } {
  let current: { label: string; progress: Progress } | null = null;
  return {
    update(label, done, total) {
      if (current?.label !== label) {
        current?.progress.finish();
        current = { label, progress: new Progress({ stream: process.stderr, now: () => performance.now(), label: `par-sheet ${label}`, unit: 'rounds', delayMs: 0, intervalMs: 200 }) };
      }
      current.progress.update(done, total);
    },
    finish: () => current?.progress.finish(),
  };
}

export async function parSheetCommand(args: ParsedArgs, out: (line: string) => void): Promise<number> {
  if (args.flags.has('help')) {
    out(PAR_SHEET_USAGE);
    return 0;
  }
  checkOptions(args, OPTIONS, PAR_SHEET_USAGE, ['all']);
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"\n${PAR_SHEET_USAGE}`);
  const all = args.flags.has('all');
  const name = args.options.get('rules');
  const verify = args.options.get('verify');
  if ([all, name !== undefined, verify !== undefined].filter(Boolean).length !== 1) throw new UsageError(`par-sheet needs --rules NAME or --all (not both), or --verify FILE\n${PAR_SHEET_USAGE}`);
  const format = args.options.get('format') ?? 'md';
  if (format !== 'md' && format !== 'json' && format !== 'html') throw new UsageError(`unknown format "${format}": md, json or html`);
  const workers = wholeNumber(args, 'workers', 0) ?? availableParallelism();
  const seed = wholeNumber(args, 'seed', 0) ?? 1;
  const rounds = wholeNumber(args, 'rounds', 1);
  const penetrationRounds = wholeNumber(args, 'penetration-rounds', 1);
  const strategyFile = args.options.get('strategy');
  if (strategyFile !== undefined && all) throw new UsageError('--strategy FILE is for one rule set (--rules), not --all');
  const progress = progressPrinter();
  const base = { workers, now: () => performance.now(), generated: new Date(), command: commandLine(args), onProgress: progress.update };
  const sheetOf = async (loaded: LoadedRuleSet, o: Partial<AssembleOptions> & { seed: number }): Promise<ParSheetDocument | number> => {
    try {
      return await assembleParSheet(loaded, { ...base, seats: defaultSeats(loaded.rules), ...o });
    } catch (err) {
      if (err instanceof SimulationFailure) return reportSimulationFailure(err, loaded.rules.name, loaded.path, o.seed, out);
      throw err;
    } finally {
      progress.finish();
    }
  };

  if (verify !== undefined) return verifyCommand(verify, sheetOf, out);
  const options = {
    seed, ...(rounds === undefined ? {} : { rounds }), ...(penetrationRounds === undefined ? {} : { penetrationRounds }),
    ...(strategyFile === undefined ? {} : { strategy: { strategy: readStrategyFile(strategyFile, loadRuleSet(name as string).rules), path: strategyFile } }),
  };
  const sheets: ParSheetDocument[] = [];
  for (const n of all ? knownRuleSets() : [name as string]) {
    if (all) process.stderr.write(`${n}…\n`);
    const sheet = await sheetOf(loadRuleSet(n), options);
    if (typeof sheet === 'number') return sheet;
    for (const w of sheet.warnings) process.stderr.write(`shoe: WARNING: ${w}\n`);
    sheets.push(sheet);
  }
  if (format === 'json') out(JSON.stringify(all ? sheets : sheets[0], null, 2));
  else if (format === 'html') out(parSheetHtml(sheets));
  else for (const line of all ? allMarkdown(sheets) : parSheetMarkdown(sheets[0] as ParSheetDocument)) out(line);
  return 0;
}

async function verifyCommand(
  file: string,
  sheetOf: (loaded: LoadedRuleSet, o: Partial<AssembleOptions> & { seed: number }) => Promise<ParSheetDocument | number>,
  out: (line: string) => void,
): Promise<number> {
  let saved: unknown;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new UsageError(`${file}: not a json par sheet: ${(err as Error).message}`);
  }
  const list = Array.isArray(saved) ? saved : [saved];
  let holds = true;
  for (const item of list) {
    const problem = savedSheetProblem(item);
    if (problem) throw new UsageError(`${file}: ${problem}`);
    const s = item as ParSheetDocument;
    let loaded: LoadedRuleSet;
    try {
      loaded = loadRuleSet(s.identity.rules.path);
    } catch (err) {
      if (!(err instanceof RuleSetError)) throw err;
      out(`${s.rules}: DIFFERS — the rule file ${s.identity.rules.path} cannot be read now: ${err.message}`);
      holds = false;
      continue;
    }
    const strategy = s.identity.strategy.source === 'file' ? { strategy: readStrategyFile(s.identity.strategy.path, loaded.rules), path: s.identity.strategy.path } : undefined;
    const now = await sheetOf(loaded, {
      seed: s.simulation.seed, seats: s.simulation.seats, rounds: s.simulation.rounds, penetrationRounds: s.penetration[0]?.rounds ?? s.simulation.rounds,
      ...(strategy ? { strategy } : {}),
    });
    if (typeof now === 'number') return now;
    const verdict = compareSheets(s, now);
    out(`${s.rules}: ${verdict.holds ? 'HOLDS' : 'DIFFERS'} — par sheet of ${s.identity.generated} (rule file ${s.identity.rules.path}, SHA-256 ${s.identity.rules.sha256.slice(0, 16)}…)`);
    for (const d of verdict.differences) out(`  differs: ${d}`);
    for (const n of verdict.notes) out(`  note: ${n}`);
    if (!verdict.holds) holds = false;
  }
  return holds ? 0 : 1;
}
