// The idempotency keys a table still answers for (docs/web-api.md, "Retries and idempotency keys"): a fold of
// its log. A command sent with a key is an `input` record whose origin carries the key and the digest of the
// command as sent (docs/event-log.md, "What is on the log"); the key stands for that input and the facts that
// follow it in its batch, so the first answer can be made again from those events. Keys are scoped to the
// sender's credential name. Each key is kept while its shoe is one of the last `keepShoes` loaded, and at
// most `maxKeys` are kept (the oldest go first): the memory, and the part saved with every snapshot of the
// table, stay bounded. The live table and a table opened from its log fold the same events the same way:
// snapshot part, then the tail after it.
import type { Logger } from 'pino';
import type { EventRecord, JsonValue } from '../../ports/event-store.js';
import { CONFIGURED_RECORD, isInputRecord, isNoteRecord, recordedInput } from '../audit/log-records.js';
import { decodeKeys, encodeKeys, type KeptRow } from './keys-snapshot-part.js';

export interface KeyRetention {
  /** Keys of the current shoe and of the shoes before it, this many shoes in all (1: the current one only). */
  readonly keepShoes: number;
  /** At most this many keys, whatever their shoe. */
  readonly maxKeys: number;
}

/** The name of the table snapshot's part that holds the keys (TableService.addSnapshotPart). */
export const KEYS_SNAPSHOT_PART = 'idempotencyKeys';

/**
 * The events a key stands for: its input (firstSeq) and the facts of the same batch; `by` the sender's
 * credential name, `shoe` the shoe that was current when the input was recorded.
 */
export interface KeptCommand extends KeptRow {
  lastSeq: number;
}

/** One map key per credential and idempotency key (a name's length first: no two pairs spell the same). */
const scoped = (by: string, key: string): string => `${by.length}:${by}${key}`;

/** The command a retry names, as the service looks it up: found (same digest or not), or not kept. */
export type KeyLookup = { readonly found: false } | { readonly found: true; readonly sameCommand: boolean; readonly kept: KeptCommand };

export class IdempotencyKeys {
  private readonly kept = new Map<string, KeptCommand>();
  /** The keyed input whose batch is being folded: its facts extend its range. */
  private open: KeptCommand | null = null;
  /** The shoe over the cap was last reported for (warned once a shoe). */
  private cappedInShoe = -1;

  private constructor(
    private readonly retention: KeyRetention,
    private shoe: number,
    private readonly logger?: Logger,
  ) {}

  /**
   * The keys saved with a snapshot (`part`, absent when the snapshot has none or there is no snapshot), under
   * `retention`. `shoe`: the current shoe at the snapshot, for a snapshot saved before keys were kept.
   */
  static restore(part: JsonValue | undefined, retention: KeyRetention, shoe: number, logger?: Logger): IdempotencyKeys {
    const saved = decodeKeys(part);
    if (part !== undefined && !saved) {
      logger?.warn({ part: KEYS_SNAPSHOT_PART }, 'the snapshot\'s idempotency keys are in a shape this version does not read: only keys after the snapshot are known (a retry of an older command is applied again)');
    }
    const keys = new IdempotencyKeys(retention, saved?.shoe ?? shoe, logger);
    for (const kept of saved?.kept ?? []) keys.keep({ ...kept });
    keys.forgetOutOfRetention();
    return keys;
  }

  get size(): number {
    return this.kept.size;
  }

  /** The command kept for `key` from sender `by`, and whether `digest` is the same command. */
  lookup(by: string, key: string, digest: string): KeyLookup {
    const kept = this.kept.get(scoped(by, key));
    return kept ? { found: true, sameCommand: kept.digest === digest, kept } : { found: false };
  }

  /** Folds the next event of the log (the live table: each event of a batch, as stored). */
  push(event: EventRecord): void {
    if (isInputRecord(event)) {
      this.open = null;
      const { origin } = recordedInput(event);
      if (origin.idempotencyKey === undefined || origin.requestDigest === undefined) return;
      const kept: KeptCommand = { by: origin.by ?? '', key: origin.idempotencyKey, digest: origin.requestDigest, firstSeq: event.seq, lastSeq: event.seq, shoe: this.shoe };
      this.keep(kept);
      this.open = kept;
      this.forgetOutOfRetention();
      return;
    }
    if (this.open && !isNoteRecord(event.type) && event.type !== CONFIGURED_RECORD) this.open.lastSeq = event.seq;
    else this.open = null;
    if (event.type === 'shoe.loaded' && typeof event.data['shoe'] === 'number') {
      this.shoe = event.data['shoe'];
      this.forgetOutOfRetention();
    }
  }

  /** The part saved with the table's snapshot (taken between batches: every range is complete). */
  snapshot(): JsonValue {
    return encodeKeys(this.shoe, this.kept.values());
  }

  /** A key used again after it was forgotten stands for its newest command (and is the newest in line to go). */
  private keep(kept: KeptCommand): void {
    const id = scoped(kept.by, kept.key);
    this.kept.delete(id);
    this.kept.set(id, kept);
  }

  /** Keys are kept in log order, so their shoes never decrease: the ones to forget are at the front. */
  private forgetOutOfRetention(): void {
    const oldestKept = this.shoe - this.retention.keepShoes + 1;
    for (const [id, kept] of this.kept) {
      if (kept.shoe >= oldestKept) break;
      this.kept.delete(id);
    }
    let capped = 0;
    for (const id of this.kept.keys()) {
      if (this.kept.size <= this.retention.maxKeys) break;
      this.kept.delete(id);
      capped += 1;
    }
    if (capped > 0 && this.cappedInShoe !== this.shoe) {
      this.cappedInShoe = this.shoe;
      this.logger?.warn({ maxKeys: this.retention.maxKeys, shoe: this.shoe }, `more than ${this.retention.maxKeys} idempotency keys in the last ${this.retention.keepShoes} shoe(s): the oldest are forgotten before their shoe is out, and a retry of one of those commands would be applied again; raise idempotency.maxKeys in the table file`);
    }
  }
}
