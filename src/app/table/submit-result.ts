// What submitting an input gives back: the facts it caused as stored and, when the round machine refused it,
// the refusal. The same result is made from the round machine's facts as an input is stepped, and again from
// the stored events of its batch when a retry with the same idempotency key asks for it (./idempotency-keys.ts):
// a retry gets exactly the first answer.
import type { StoredEvent } from '../../ports/event-store.js';
import type { CommandResult } from '../../ports/table-commands.js';
import type { TableEvent } from '../../round/events.js';
import { factOf, type InputOrigin } from '../audit/log-records.js';
import type { IdempotencyKeys } from './idempotency-keys.js';
import type { StorageRecoveredReason } from './append-fault.js';

/** What submitting any input gives back: what a command is answered with (src/ports/table-commands.ts `CommandResult`) and the round machine's facts beside the stored events. */
export interface SubmitResult extends CommandResult {
  readonly facts: readonly TableEvent[];
  /**
   * Set when this input was the Resume that cleared a storage halt: the log takes writes again. If the
   * round machine had nothing else to resume (the halt is no pause of its own), the input is not stepped:
   * `stored` holds only the `log.storage-recovered` note and `facts` is empty.
   */
  readonly note?: StorageRecoveredReason;
}

/** The refusal among an input's facts, if the round machine refused it. */
export function rejectionOf(facts: readonly TableEvent[]): Pick<SubmitResult, 'rejected' | 'rejectedReason'> {
  const rejected = facts.find((f) => f.type === 'input.rejected');
  if (!rejected || rejected.type !== 'input.rejected') return {};
  const { reason, code, params } = rejected;
  return { rejected: reason, rejectedReason: { reason, ...(code !== undefined ? { code } : {}), ...(params !== undefined ? { params } : {}) } };
}

/** The result of an input made again from its batch as stored: the input record, then its facts. */
function replayedResult(batch: readonly StoredEvent[]): SubmitResult {
  const [input, ...stored] = batch;
  if (!input) throw new Error('an idempotency key stands for no event on the log');
  const facts = stored.map((event) => factOf(event));
  return { stored, facts, inputSeq: input.seq, ...rejectionOf(facts), keyed: 'replayed' };
}

/**
 * An input whose idempotency key is kept: the first command's result again, made from its batch as `read`
 * gives it (seq `from` to `to`), or — the key used for another command — `reused`. Null for an input without
 * a kept key, which is stepped.
 */
export async function keptResult(keys: IdempotencyKeys, origin: InputOrigin, read: (from: number, to: number) => Promise<readonly StoredEvent[]>): Promise<SubmitResult | null> {
  if (origin.idempotencyKey === undefined || origin.requestDigest === undefined) return null;
  const found = keys.lookup(origin.by ?? '', origin.idempotencyKey, origin.requestDigest);
  if (!found.found) return null;
  const { firstSeq, lastSeq } = found.kept;
  if (!found.sameCommand) return { stored: [], facts: [], inputSeq: firstSeq, keyed: 'reused' };
  return replayedResult(await read(firstSeq, lastSeq));
}
