/**
 * The SQLite event store's two writes (sqlite-event-store.ts), each one IMMEDIATE transaction on a table's
 * database (sqlite-table-database.ts): an append of a batch at its expected version, idempotent by key, its
 * events stored as hashed; and a snapshot saved (docs/event-log.md, "Operating notes"). With the log key
 * each event and the snapshot also get their MACs, in the same transaction (docs/audit.md, "The keyed
 * chain"). The store validates the input, opens the database for writing, and tells followers of an
 * append only once this has committed ("Persist, then act").
 */
import type Database from 'better-sqlite3';
import { GENESIS_HASH, batchFingerprint } from '../../log/event-chain.js';
import { sealEnvelopes } from '../../log/seal-events.js';
import { chainMac, snapshotMac } from '../../log/chain-mac.js';
import { CorruptLogError, IdempotencyConflictError, InvalidInputError, WrongExpectedVersionError } from '../../ports/event-store-errors.js';
import type { AppendOptions, AppendResult, JsonValue, NewEvent, Snapshot, StoredEvent, StreamId } from '../../ports/event-store.js';
import type { TableDatabase } from './sqlite-table-database.js';

/**
 * Appends `events` to the stream at `options.expectedVersion`, in one IMMEDIATE transaction on `t` (a table
 * database opened for writing); a batch already appended under the same idempotency key is read back, as
 * replayed. With `macKey` every event also gets its MAC.
 */
export function appendBatch(
  t: TableDatabase & { insert: Database.Statement },
  streamId: StreamId,
  events: readonly NewEvent[],
  options: AppendOptions,
  macKey: Buffer | undefined,
): AppendResult {
  const key = options.idempotencyKey;
  return t.db
    .transaction((): AppendResult => {
      if (key !== undefined) {
        const previous = t.idemGet.get(streamId, key);
        if (previous) {
          if (previous.fingerprint !== batchFingerprint(events)) throw new IdempotencyConflictError(streamId, key);
          const original = t.readRange(streamId, previous.first_seq, previous.last_seq - previous.first_seq + 1);
          if (original.length !== previous.last_seq - previous.first_seq + 1) {
            throw new CorruptLogError(streamId, previous.first_seq, 'events of an idempotency record are missing');
          }
          return result(streamId, original, true);
        }
      }
      const head = t.headOf(streamId);
      if (head.version !== options.expectedVersion) throw new WrongExpectedVersionError(streamId, options.expectedVersion, head.version);
      // Stored as hashed: the data and the envelope's tail (format 3, sqlite-schema.ts).
      const envelopes = sealEnvelopes(streamId, head, events);
      for (const { event: e, dataJson, tail } of envelopes) {
        t.insert.run(streamId, e.seq, dataJson, tail, e.hash);
        if (macKey) t.macPut.run(streamId, e.seq, chainMac(macKey, e.hash));
      }
      const sealed = envelopes.map((s) => s.event);
      if (key !== undefined) t.idemPut.run(streamId, key, sealed[0]!.seq, sealed[sealed.length - 1]!.seq, batchFingerprint(events));
      return result(streamId, sealed, false);
    })
    .immediate();
}

/**
 * Saves the snapshot of the stream at `seq` (its state as canonical JSON, `json`), in one IMMEDIATE
 * transaction on `t` (opened for writing); with `macKey` it also gets its MAC.
 */
export function saveSnapshotRow(t: TableDatabase, streamId: StreamId, seq: number, json: string, macKey: Buffer | undefined): Snapshot {
  return t.db
    .transaction((): Snapshot => {
      const head = t.headOf(streamId);
      if (!Number.isSafeInteger(seq) || seq < 0 || seq > head.version) {
        throw new InvalidInputError('seq', `must be an integer from 0 to the stream version ${head.version}`);
      }
      const hash = seq === 0 ? GENESIS_HASH : t.hashAt.get(streamId, seq)!.hash;
      t.snapshotPut.run(streamId, seq, hash, json);
      if (macKey) t.snapshotMacPut.run(streamId, seq, snapshotMac(macKey, seq, hash, json));
      return { streamId, seq, hash, state: JSON.parse(json) as JsonValue };
    })
    .immediate();
}

function result(streamId: StreamId, events: readonly StoredEvent[], replayed: boolean): AppendResult {
  return { streamId, firstSeq: events[0]!.seq, lastSeq: events[events.length - 1]!.seq, events, replayed };
}
