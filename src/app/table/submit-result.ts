// What submitting an input gives back: the facts it caused as stored and, when the round machine refused it,
// the refusal. The same result is made from the round machine's facts as an input is stepped, and again from
// the stored events of its batch when a retry with the same idempotency key asks for it (./idempotency-keys.ts):
// a retry gets exactly the first answer.
import type { StoredEvent } from '../../ports/event-store.js';
import type { StoredReason, TableEvent } from '../../round/events.js';
import { factOf, type InputOrigin } from '../audit/log-records.js';
import type { IdempotencyKeys } from './idempotency-keys.js';
import type { StorageRecoveredReason } from './append-fault.js';

export interface SubmitResult {
  /** The facts the input caused, as stored. */
  readonly stored: readonly StoredEvent[];
  readonly facts: readonly TableEvent[];
  /** The log position of the input itself. */
  readonly inputSeq: number;
  /** Set when the round machine refused the input (it is still on the log, with the refusal). */
  readonly rejected?: string;
  /** The refusal's reason as the fact stores it, with its code and values (explained() takes it whole). */
  readonly rejectedReason?: StoredReason;
  /**
   * Only for an input sent with an idempotency key (docs/web-api.md, "Retries and idempotency keys"):
   * `first`, stepped and stored with its key; `replayed`, the key's command is on the log already — nothing
   * was stepped or appended, and this is that command's result again, made from its stored events; `reused`,
   * the key stands for another command — nothing was stepped or appended, `stored` and `facts` are empty and
   * `inputSeq` is the other command's input.
   */
  readonly keyed?: 'first' | 'replayed' | 'reused';
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
