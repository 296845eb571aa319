// `shoe par-sheet` (options and help: its spec in verbs/par-sheet.ts): reads the clock and the files, and
// hands over to src/app/par-sheet/ (assembling, rendering, verifying).
import { availableParallelism } from 'node:os';
import { readTextFile } from './read-text-file.js';
import { knownRuleSets, loadRuleSet, RuleSetError, type LoadedRuleSet } from '../config/load-rule-set.js';
import { UsageError } from './usage-error.js';
import { defaultSeats, readStrategyFile, reportSimulationFailure } from './simulate-command.js';
import { SimulationFailure, SimulationPool } from '../app/par/simulation-pool.js';
import type { SheetLang } from '../app/par-sheet/sheet-numbers.js';
import type { RuleSet } from '../rules/rule-set.js';
import { assembleParSheet, type AssembleOptions } from '../app/par-sheet/assemble-par-sheet.js';
import type { ParSheetDocument } from '../app/par-sheet/par-sheet-document.js';
import { allMarkdown, parSheetMarkdown } from '../app/par-sheet/render-markdown.js';
import { parSheetHtml } from '../app/par-sheet/render-html.js';
import { analysesAhead, type AnalysesAhead } from '../app/par-sheet/analyses-ahead.js';
import { compareSheets, savedSheetProblem } from '../app/par-sheet/verify-par-sheet.js';
import { Progress } from './progress.js';
import { realClock } from '../adapters/clock/real-clock.js';

/** The process's clock: the progress rates and the sheet's date. */
const clock = realClock();

/** par-sheet's options, checked by its spec (verbs/par-sheet.ts). */
export interface ParSheetOptions {
  readonly rules: string | undefined;
  readonly all: boolean;
  readonly verify: string | undefined;
  readonly format: 'md' | 'json' | 'html';
  readonly rounds: number | undefined;
  readonly workers: number | undefined;
  readonly lang: SheetLang;
  readonly seed: number;
  readonly strategy: string | undefined;
  /** No progress and no notes on stderr. */
  readonly quiet: boolean;
}

/** The command line the sheet was made with, for its identification. */
function commandLine(o: ParSheetOptions): string {
  const parts = ['shoe par-sheet'];
  for (const [k, v] of Object.entries(o)) {
    // How the run was shown is not part of what the sheet is.
    if (v === undefined || v === false || k === 'quiet') continue;
    parts.push(v === true ? `--${k}` : `--${k} ${String(v)}`);
  }
  return parts.join(' ');
}

function progressPrinter(quiet: boolean): { update: (label: string, done: number, total: number) => void; finish: () => void } {
  let current: { label: string; progress: Progress } | null = null;
  return {
    update(label, done, total) {
      if (current?.label !== label) {
        current?.progress.finish();
        current = { label, progress: new Progress({ stream: process.stderr, now: () => clock.now(), label: `par-sheet ${label}`, unit: 'rounds', delayMs: 0, intervalMs: 200, quiet }) };
      }
      current.progress.update(done, total);
    },
    finish: () => {
      current?.progress.finish();
      current = null;
    },
  };
}

export async function parSheetCommand(options: ParSheetOptions, out: (line: string) => void): Promise<number> {
  const { all, rules: name, verify, format, seed, lang } = options;
  if ([all, name !== undefined, verify !== undefined].filter(Boolean).length !== 1) throw new UsageError('par-sheet needs --rules NAME or --all (not both), or --verify FILE');
  const rounds = options.rounds;
  if (rounds !== undefined && rounds < 1) throw new UsageError('--rounds must be at least 1');
  const workers = options.workers ?? availableParallelism();
  const strategyFile = options.strategy;
  if (strategyFile !== undefined && all) throw new UsageError('--strategy FILE is for one rule set (--rules), not --all');
  const progress = progressPrinter(options.quiet);
  // One pool of threads for every rule set: the workers start once (par/simulation-pool.ts).
  const pool = new SimulationPool(workers);
  let ahead: AnalysesAhead | undefined;
  const base = { pool, now: () => clock.now(), generated: new Date(clock.wallNow()), command: commandLine(options) };
  const sheetOf = async (loaded: LoadedRuleSet, o: Partial<AssembleOptions> & { seed: number; lang: SheetLang }, step = ''): Promise<ParSheetDocument | number> => {
    // The exact analysis shows no bar (a few seconds to a minute): a line says it runs.
    if (!options.quiet) process.stderr.write(`par-sheet ${step}${loaded.rules.name}: exact analysis…\n`);
    try {
      return await assembleParSheet(loaded, { ...base, seats: defaultSeats(loaded.rules), onProgress: (label, done, total) => progress.update(`${step}${loaded.rules.name} ${label}`, done, total), ...o });
    } catch (err) {
      if (err instanceof SimulationFailure) return reportSimulationFailure(err, loaded.rules.name, loaded.path, o.seed, out);
      throw err;
    } finally {
      progress.finish();
    }
  };
  try {
    if (verify !== undefined) return await verifyCommand(verify, sheetOf, out, (list) => (ahead = analysesAhead(list)));
    const sheetOptions = {
      seed, lang, ...(rounds === undefined ? {} : { rounds }),
      ...(strategyFile === undefined ? {} : { strategy: { strategy: readStrategyFile(strategyFile, loadRuleSet(name as string).rules), path: strategyFile } }),
    };
    const names = all ? knownRuleSets() : [name as string];
    // Every sheet's exact analysis under way from the start, one after another: the next one's runs while
    // this one's simulation plays (app/par-sheet/analyses-ahead.ts).
    if (all) ahead = analysesAhead(names.map((n) => loadRuleSet(n).rules));
    const sheets: ParSheetDocument[] = [];
    for (const [i, n] of names.entries()) {
      const sheet = await sheetOf(loadRuleSet(n), ahead ? { ...sheetOptions, analysis: ahead } : sheetOptions, all ? `[${i + 1}/${names.length}] ` : '');
      if (typeof sheet === 'number') return sheet;
      for (const w of sheet.warnings) process.stderr.write(`shoe: WARNING: ${w}\n`);
      sheets.push(sheet);
    }
    if (format === 'json') out(JSON.stringify(all ? sheets : sheets[0], null, 2));
    else if (format === 'html') out(parSheetHtml(sheets));
    else for (const line of all ? allMarkdown(sheets) : parSheetMarkdown(sheets[0] as ParSheetDocument)) out(line);
    return 0;
  } finally {
    ahead?.stop();
    await pool.close();
  }
}

async function verifyCommand(
  file: string,
  sheetOf: (loaded: LoadedRuleSet, o: Partial<AssembleOptions> & { seed: number; lang: SheetLang }) => Promise<ParSheetDocument | number>,
  out: (line: string) => void,
  startAhead: (list: RuleSet[]) => AnalysesAhead,
): Promise<number> {
  // A file that cannot be read is the operator's one line naming it (cli-errors.ts).
  const text = readTextFile(file);
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file}: not a json par sheet: ${(err as Error).message}`);
  }
  const list = Array.isArray(saved) ? saved : [saved];
  for (const item of list) {
    const problem = savedSheetProblem(item);
    if (problem) throw new UsageError(`${file}: ${problem}`);
  }
  // The sheets' exact analyses under way from the start, as for --all (those of a strategy file aside).
  const computed = (list as ParSheetDocument[]).filter((s) => s.identity.strategy.source !== 'file').map((s) => readableRules(s.identity.rules.path));
  const ahead = list.length > 1 ? startAhead(computed.filter((r): r is RuleSet => r !== null)) : undefined;
  let holds = true;
  for (const item of list) {
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
    const now = await sheetOf(loaded, { seed: s.simulation.seed, seats: s.simulation.seats, rounds: s.simulation.dealt, lang: s.lang, ...(strategy ? { strategy } : {}), ...(ahead ? { analysis: ahead } : {}) });
    if (typeof now === 'number') return now;
    const verdict = compareSheets(s, now);
    out(`${s.rules}: ${verdict.holds ? 'HOLDS' : 'DIFFERS'} — par sheet of ${s.identity.generated} (rule file ${s.identity.rules.path}, SHA-256 ${s.identity.rules.sha256.slice(0, 16)}…)`);
    for (const d of verdict.differences) out(`  differs: ${d}`);
    for (const n of verdict.notes) out(`  note: ${n}`);
    if (!verdict.holds) holds = false;
  }
  return holds ? 0 : 1;
}

/** A saved sheet's rule file as it reads now, or null (its sheet then says why, in the loop above). */
function readableRules(path: string): RuleSet | null {
  try {
    return loadRuleSet(path).rules;
  } catch (err) {
    if (err instanceof RuleSetError) return null;
    throw err;
  }
}
