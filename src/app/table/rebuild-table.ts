// Rebuilding a table from its log: every recorded input goes through the round machine again and must
// cause exactly the facts recorded after it. Used on start (recovery) and by the auditor's `verify`
// (which streams the log through LogReplayer itself).
import type { RuleSet } from '../../rules/rule-set.js';
import type { TableEngine } from '../../round/table-engine.js';
import type { StoredEvent } from '../../ports/event-store.js';
import { LogReplayer, type RebuildStart } from './log-replayer.js';

export { LogMismatchError, reconfigured, type RebuildStart } from './log-replayer.js';

export interface RebuiltTable {
  readonly engine: TableEngine;
  /** Rules in force at the end of the log (from its last table.configured record). */
  readonly rules: RuleSet | null;
  readonly rulesId: string | null;
  readonly inputs: number;
}

/** Re-runs the log's inputs (from the start, or after a snapshot); throws LogMismatchError at the first
 *  derived fact that differs. */
export function rebuildTable(events: readonly StoredEvent[], start?: RebuildStart): RebuiltTable {
  const replayer = new LogReplayer(start);
  for (const event of events) replayer.push(event);
  replayer.finish();
  return { engine: replayer.engine as TableEngine, rules: replayer.rules, rulesId: replayer.rulesId, inputs: replayer.inputs };
}
