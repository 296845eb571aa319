// `shoe export DB --round N[..M] --as-scenario` at work: the log read, the scenario printed (export-scenario.ts).
import { basename } from 'node:path';
import { readTableLog } from '../library/table-log-reader.js';
import { UsageError } from '../cli/usage-error.js';
import { inputFileSize } from '../cli/session-file.js';
import { ExportRangeError, parseRoundRange, scenarioFromLog } from './export-scenario.js';

export async function exportScenario(db: string, round: string | undefined, out: (line: string) => void): Promise<number> {
  if (round === undefined) throw new UsageError('--as-scenario needs --round N[..M]');
  await inputFileSize(db, 'table database');
  try {
    const scenario = await scenarioFromLog(readTableLog(db), parseRoundRange(round), basename(db));
    out(JSON.stringify(scenario, null, 1));
    return 0;
  } catch (err) {
    if (err instanceof ExportRangeError) throw new UsageError(err.message);
    throw err;
  }
}
