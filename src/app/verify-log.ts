// The auditor's check of a table log (issue 4, Audit): the SHA-256 chain is intact, and re-running the
// round machine over the recorded inputs derives exactly the recorded facts (deal targets, dealer draws,
// settlements). The first problem found is named.
import type { StoredEvent } from '../ports/event-store.js';
import { verifyChain } from '../ports/event-chain.js';
import { LogMismatchError, rebuildTable } from './rebuild-table.js';

export type Verdict =
  | { readonly ok: true; readonly events: number; readonly inputs: number; readonly rounds: number }
  | { readonly ok: false; readonly seq: number; readonly problem: string };

export function verifyLog(events: readonly StoredEvent[]): Verdict {
  const chain = verifyChain(events);
  if (!chain.ok) return { ok: false, seq: chain.seq, problem: `hash chain broken: ${chain.reason}` };
  try {
    const rebuilt = rebuildTable(events);
    return { ok: true, events: events.length, inputs: rebuilt.inputs, rounds: rebuilt.engine.table.round };
  } catch (err) {
    if (err instanceof LogMismatchError) return { ok: false, seq: err.seq, problem: err.message };
    return { ok: false, seq: 0, problem: (err as Error).message };
  }
}
