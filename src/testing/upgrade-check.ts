// The upgrade check (docs/qa.md, "before upgrading a floor, check last week's logs"): a table log (*.db)
// re-run through this version's round machine, every fact compared with the fact the old version wrote
// (LogReplayer, the same judgement as `shoe verify`); a capture (*.jsonl of `start --capture`) decoded
// again and replayed, every shoe input checked against its bytes.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { openTableFile } from '../adapters/store/sqlite-table-file.js';
import { loadRuleSet } from '../config/load-rule-set.js';
import { LogReplayer, LogMismatchError } from '../app/table/log-replayer.js';
import { readLogPages } from '../app/audit/read-log-pages.js';
import { CaptureMismatchError, replayCapture, type CaptureLine } from '../app/audit/replay-capture.js';
import { capturedShoeInputs } from '../adapters/serial/shoe-input.js';
import type { RecordChecker } from './run-checks.js';
import { UnreadableScenarioError } from './scenario-files.js';

/** Every fact of the log against this version's derivation: [] when all agree, else the first difference. */
export async function checkTableLog(path: string): Promise<string[]> {
  const { store, tableId } = openTableFile(path);
  try {
    const replayer = new LogReplayer();
    try {
      for await (const page of readLogPages(store, tableId)) for (const event of page) replayer.push(event);
      replayer.finish();
    } catch (err) {
      if (err instanceof LogMismatchError) return [`${err.message}`];
      throw err;
    }
    return [];
  } finally {
    await store.close();
  }
}

export function readCaptureLines(path: string): CaptureLine[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l, i) => {
    try {
      return JSON.parse(l) as CaptureLine;
    } catch {
      throw new UnreadableScenarioError(`${path}: line ${i + 1} is not JSON`);
    }
  });
}

export function checkCapture(path: string, rulesName: string): string[] {
  try {
    replayCapture(loadRuleSet(rulesName).rules, readCaptureLines(path), capturedShoeInputs);
    return [];
  } catch (err) {
    if (err instanceof CaptureMismatchError) return [err.message];
    throw err;
  }
}

/** For run-checks.ts: table logs by extension; captures are JSONL whose first line has a `dir`. */
export function recordChecker(rulesName: string | undefined): RecordChecker {
  return async (path) => {
    if (extname(path) === '.db') return checkTableLog(path);
    if (extname(path) !== '.jsonl') return null;
    const first = readFileSync(path, 'utf8').split('\n', 1)[0] ?? '';
    if (!first.includes('"dir"')) return null;
    if (rulesName === undefined) throw new UnreadableScenarioError(`${path}: a capture needs --rules NAME`);
    return checkCapture(path, rulesName);
  };
}
