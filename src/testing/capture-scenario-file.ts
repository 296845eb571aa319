// `shoe replay-capture FILE --rules NAME --as-scenario [--round N[..M]]` at work: the capture read, its
// bytes checked, the scenario printed (capture-scenario.ts). A rule file is named by its absolute path, so
// the scenario finds it wherever it is saved.
import { basename, extname, resolve } from 'node:path';
import { capturedShoeInputs } from '../adapters/serial/shoe-input.js';
import { loadRuleSet } from '../config/load-rule-set.js';
import { UsageError } from '../cli/usage-error.js';
import { scenarioFromCapture } from './capture-scenario.js';
import { ExportRangeError, parseRoundRange } from './export-scenario.js';
import { UnreadableScenarioError } from './scenario-files.js';
import { readCaptureLines } from './upgrade-check.js';

export function exportCaptureScenario(file: string, rulesArg: string, round: string | undefined, out: (line: string) => void): number {
  const { rules, path } = loadRuleSet(rulesArg);
  try {
    const range = round === undefined ? undefined : parseRoundRange(round);
    const rulesRef = extname(rulesArg) === '' ? rulesArg : resolve(path);
    out(JSON.stringify(scenarioFromCapture(rules, rulesRef, readCaptureLines(file), capturedShoeInputs, range, basename(file)), null, 1));
    return 0;
  } catch (err) {
    if (err instanceof ExportRangeError || err instanceof UnreadableScenarioError) throw new UsageError(err.message);
    throw err;
  }
}
