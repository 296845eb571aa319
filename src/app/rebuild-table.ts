// Rebuilding a table from its log: every recorded input goes through the round machine again and must
// cause exactly the facts recorded after it. Used on start (recovery) and by the auditor's `verify`.
import { ruleSetSchema, type RuleSet } from '../rules/rule-set.js';
import { TableEngine } from '../round/table-engine.js';
import type { StoredEvent } from '../ports/event-store.js';
import { canonicalJson } from '../ports/event-chain.js';
import { CONFIGURED_RECORD, factOf, isInputRecord, isNoteRecord, recordedInput } from './log-records.js';

export class LogMismatchError extends Error {
  constructor(readonly seq: number, readonly expected: string, readonly found: string) {
    super(`event ${seq}: the round machine derives ${expected} but the log holds ${found}`);
  }
}

export interface RebuiltTable {
  readonly engine: TableEngine;
  /** Rules in force at the end of the log (from its last table.configured record). */
  readonly rules: RuleSet | null;
  readonly rulesId: string | null;
  readonly inputs: number;
}

/** Where a rebuild starts: a snapshot of the table at some position of the log (an optimisation). */
export interface RebuildStart {
  readonly engine: TableEngine;
  readonly rulesId: string;
}

/** Re-runs the log's inputs (from the start, or after a snapshot); throws LogMismatchError at the first
 *  derived fact that differs. */
export function rebuildTable(events: readonly StoredEvent[], start?: RebuildStart): RebuiltTable {
  let engine: TableEngine | null = start?.engine ?? null;
  let rules: RuleSet | null = engine?.rules ?? null;
  let rulesId: string | null = start?.rulesId ?? null;
  let inputs = 0;
  let i = 0;
  while (i < events.length) {
    const event = events[i] as StoredEvent;
    if (event.type === CONFIGURED_RECORD) {
      const configured = ruleSetSchema.parse((event.data as { rules: unknown }).rules);
      rulesId = String((event.data as { rulesId: unknown }).rulesId);
      // Rules change only between rounds; the table state carries over to the new rule set.
      const carried = engine?.persistedSnapshot();
      rules = configured;
      engine = new TableEngine(configured, carried ? reconfigured(carried, configured) : undefined);
      i++;
      continue;
    }
    if (isNoteRecord(event.type)) {
      // Refused before reaching the table: on the log for the audit trail, no state to rebuild.
      i++;
      continue;
    }
    if (!isInputRecord(event)) {
      throw new LogMismatchError(event.seq, 'an input', `a ${event.type} fact no input caused`);
    }
    if (!engine) throw new LogMismatchError(event.seq, 'a table.configured record first', 'an input');
    const { input, origin } = recordedInput(event);
    const derived = engine.submit(input, origin.line);
    inputs++;
    i++;
    for (const fact of derived) {
      const stored = events[i];
      const expected = canonicalJson(fact);
      const found = stored ? canonicalJson(factOf(stored)) : 'nothing';
      if (!stored || isInputRecord(stored) || expected !== found) throw new LogMismatchError(stored?.seq ?? event.seq + 1, expected, found);
      i++;
    }
    const next = events[i];
    if (next && !isInputRecord(next) && next.type !== CONFIGURED_RECORD && !isNoteRecord(next.type)) {
      throw new LogMismatchError(next.seq, 'the next input', canonicalJson(factOf(next)));
    }
  }
  if (!engine) throw new Error('the log holds no table.configured record');
  return { engine, rules, rulesId, inputs };
}

/** A table snapshot carried over to another rule set (rules change between rounds). */
export function reconfigured(snapshot: unknown, rules: RuleSet): never {
  const s = snapshot as { context: { rules: RuleSet } };
  return { ...s, context: { ...s.context, rules } } as never;
}
