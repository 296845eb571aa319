// The table's log guarded at start and anchored while it runs (docs/audit.md, "Start-up checks"; ADR 0004).
//
// Before the table is rebuilt: PRAGMA quick_check; the saved snapshot must sit on the log (its hash is
// the log's hash at its seq); the chain — and with the key, every MAC — is checked over the part of the
// log the rebuild reads (from the snapshot on); then the log is judged against its newest anchors (the
// anchor file beside the database, and the JetStream KV key when NATS is configured). A log behind, or
// different from, what it once anchored refuses to start with one line naming both heads, unless an
// operator accepted it (`--accept-log-behind-anchor NAME --reason TEXT`): then the decision goes on the log
// (`log.accepted-behind-anchor`, with who, why and both heads) and a new anchor is written.
//
// While the table runs: an anchor at start, at every round end, at shoe change, every N events and at
// shutdown (`close`). Anchors follow the durable append (they are written from the published events).
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import type { NatsConnection } from 'nats';
import type { Subscription } from 'rxjs';
import type { Clock } from '../ports/clock.js';
import type { EventStore, StoredEvent } from '../ports/event-store.js';
import { GENESIS_HASH } from '../log/event-chain.js';
import { ChainKeyError } from '../log/chain-mac.js';
import { LogIntegrityError } from '../ports/log-integrity.js';
import { ANCHORING_STARTED_RECORD, judgeAgainstAnchor, judgeMissingAnchorFile, LogBehindAnchorError, type AnchorReason, type AnchorVerdict, type LogAnchor, type LogHead } from '../ports/log-anchor.js';
import { SqliteLogReader } from '../adapters/store/sqlite-log-reader.js';
import { AnchorFileWriter, anchorFileOf, readNewestAnchor } from '../adapters/store/anchor-file.js';
import { AnchorKv } from '../adapters/store/anchor-kv.js';
import { realClock } from '../adapters/clock/real-clock.js';
import { checkTail } from './start-up-tail-check.js';
import { KvHandle, openKv } from './anchor-kv-handle.js';
import type { TableService } from '../app/table/table-service.js';
import type { LogGuardOptions } from './log-guard-options.js';

export type { AcceptLogBehindAnchor, LogGuardOptions } from './log-guard-options.js';

export const ACCEPTED_BEHIND_ANCHOR_RECORD = 'log.accepted-behind-anchor';

interface Refusal {
  readonly verdict: Extract<AnchorVerdict, { ok: false }>;
  readonly source: string;
}

/** Checks the log before the table is rebuilt; throws (one line) when it must not start. */
export async function guardTableLog(options: LogGuardOptions): Promise<LogGuard> {
  const { tableId, dbPath, logger } = options;
  const logName = dbPath ?? tableId;
  let head: LogHead = { seq: 0, hash: GENESIS_HASH };
  let hashAt: (seq: number) => string | undefined = (seq) => (seq === 0 ? GENESIS_HASH : undefined);
  let reader: SqliteLogReader | null = null;
  let anchorFileMissing = false;
  const kvPromise = options.natsUrl ? openKv(options.natsUrl, options.natsTimeoutMs ?? 2000, logger, options.natsReplicas ?? 1) : Promise.resolve(null);
  try {
    if (dbPath !== undefined && existsSync(dbPath)) {
      reader = SqliteLogReader.open(dbPath, tableId);
      reader.quickCheck();
      const keyedFrom = options.key ? undefined : reader.firstMacSeq();
      if (keyedFrom !== undefined) {
        // A keyed log never goes on unkeyed: its MACs would stop at the first event written without the key.
        throw new ChainKeyError(`log ${logName} is keyed (MACs from event ${keyedFrom} on): name its key in the table file (store.keyEnv) to start it`);
      }
      checkTail(reader, options.key, logName);
      head = reader.head();
      const r = reader;
      hashAt = (seq) => r.hashAt(seq);
    }
    const refusals: Refusal[] = [];
    const judge = (anchor: LogAnchor | undefined, source: string) => {
      if (anchor === undefined) return;
      if (anchor.tableId !== tableId) throw new LogIntegrityError(logName, anchor.seq, `${source} anchors table ${anchor.tableId}, not ${tableId}`);
      const verdict = judgeAgainstAnchor(head, hashAt(anchor.seq), anchor);
      if (!verdict.ok) refusals.push({ verdict, source });
    };
    if (dbPath !== undefined) {
      const file = anchorFileOf(dbPath);
      const newest = readNewestAnchor(file);
      if (newest?.tornTail !== undefined) logger.warn({ file }, 'the anchor file ends in a torn line (a crash while anchoring); the line before it stands');
      if (newest === undefined) {
        anchorFileMissing = true;
        const missing = judgeMissingAnchorFile(head, tableId, reader?.firstOfType(ANCHORING_STARTED_RECORD));
        if (!missing.ok) refusals.push({ verdict: missing, source: file });
        else if (head.seq > 0) logger.warn({ file, head }, 'the log has no anchor file yet: anchoring starts now (nothing outside the database remembered this log before)');
      }
      judge(newest?.anchor, file);
    }
    const kv = await kvPromise;
    if (kv) {
      try {
        judge(await kv.newest(tableId), kv.sourceOf(tableId));
      } catch (err) {
        if (err instanceof LogIntegrityError) throw err;
        if ((err as Error).name === 'AnchorFileError') throw err;
        logger.warn({ err }, 'the KV anchor could not be read: not checked');
      }
    }
    // A named head (behind / different) says more than a missing anchor file: it goes first.
    refusals.sort((a, b) => Number(a.verdict.kind === 'missing') - Number(b.verdict.kind === 'missing'));
    const first = refusals[0];
    if (first && !options.acceptBehindAnchor) throw new LogBehindAnchorError(first.verdict, logName, first.source);
    if (first) logger.warn({ by: options.acceptBehindAnchor?.by, reason: options.acceptBehindAnchor?.reason, refusals: refusals.map((r) => new LogBehindAnchorError(r.verdict, logName, r.source).message) }, 'log behind its anchor: accepted by an operator');
    if (!first && options.acceptBehindAnchor) logger.info('--accept-log-behind-anchor given but the log is not behind its anchors: nothing to accept');
    return new LogGuard(options, head, refusals, kv, dbPath !== undefined ? new AnchorFileWriter(anchorFileOf(dbPath)) : null, anchorFileMissing);
  } catch (err) {
    void kvPromise.then((kv) => kv?.close());
    throw err;
  } finally {
    reader?.close();
  }
}

const ANCHOR_AT: ReadonlySet<string> = new Set(['round.ended', 'round.voided', 'shoe.finished']);

export class LogGuard {
  private subscription: Subscription | null = null;
  private last: LogHead;
  private sinceAnchor = 0;
  private closed = false;
  /** The last KV write (tests and shutdown wait for it). */
  kvWritten: Promise<void> = Promise.resolve();
  /** The newest anchor written (to the file, or meant for the KV): written again to the KV when the floor returns. */
  private lastAnchor: LogAnchor | null = null;
  /** The KV opened on the floor link's connection, when start-up could not reach NATS (not this guard's to close). */
  private floorKv: AnchorKv | null = null;
  private readonly clock: Clock;

  constructor(
    private readonly options: LogGuardOptions,
    /** The log's head as start-up found it. */
    readonly head: LogHead,
    private readonly refusals: readonly Refusal[],
    private readonly kv: KvHandle | null,
    private readonly file: AnchorFileWriter | null,
    /** The anchor file did not exist at start: the log records that anchoring to it starts now. */
    private readonly anchorFileMissing = false,
  ) {
    this.last = head;
    this.clock = options.clock ?? realClock();
  }

  /** Once the table is rebuilt: records an accepted refusal on the log, anchors the start, and anchors as the table runs. */
  async afterOpen(service: TableService, store: EventStore): Promise<void> {
    const accept = this.options.acceptBehindAnchor;
    if (accept && this.refusals.length > 0) {
      const logName = this.options.dbPath ?? this.options.tableId;
      await service.recordNote(ACCEPTED_BEHIND_ANCHOR_RECORD, {
        by: accept.by,
        reason: accept.reason,
        log: { seq: this.head.seq, hash: this.head.hash },
        anchors: this.refusals.map((r) => ({ source: r.source, kind: r.verdict.kind, seq: r.verdict.anchor.seq, hash: r.verdict.anchor.hash, at: r.verdict.anchor.at })),
        refusals: this.refusals.map((r) => new LogBehindAnchorError(r.verdict, logName, r.source).message),
      });
    }
    if (this.file && this.anchorFileMissing) {
      // The anchor file first, then the record that anchoring started: a crash between the two leaves a
      // file without the record (harmless), never the record without its file (which refuses the log).
      const before = await store.head(this.options.tableId);
      this.last = { seq: before.version, hash: before.hash };
      this.anchor('start');
      await service.recordNote(ANCHORING_STARTED_RECORD, { file: basename(this.file.file), log: { seq: this.head.seq, hash: this.head.hash } });
    }
    const head = await store.head(this.options.tableId);
    this.last = { seq: head.version, hash: head.hash };
    this.anchor(accept && this.refusals.length > 0 ? 'accepted-behind-anchor' : 'start');
    this.subscription = service.events$.subscribe((event) => this.onEvent(event));
  }

  private onEvent(event: StoredEvent): void {
    this.last = { seq: event.seq, hash: event.hash };
    this.sinceAnchor++;
    if (ANCHOR_AT.has(event.type)) this.anchor(event.type === 'shoe.finished' ? 'shoe.finished' : 'round.ended');
    else if (this.sinceAnchor >= (this.options.anchorEveryEvents ?? 500)) this.anchor('every-n-events');
  }

  /** Writes the current head as an anchor (file: on disk when this returns; KV: `kvWritten` settles when the KV has it). */
  anchor(reason: AnchorReason): LogAnchor | null {
    if (this.closed) return null;
    this.kvWritten = Promise.resolve();
    this.sinceAnchor = 0;
    const at = new Date(this.clock.wallNow());
    let anchor: LogAnchor = { v: 1, tableId: this.options.tableId, seq: this.last.seq, hash: this.last.hash, at: at.toISOString(), reason };
    try {
      if (this.file) anchor = this.file.append(this.options.tableId, this.last, reason, at);
    } catch (err) {
      this.options.logger.error({ err, file: this.file?.file }, 'anchor not written to the anchor file');
    }
    this.lastAnchor = anchor;
    const kv = this.kv ?? this.floorKv;
    if (kv) this.kvWritten = kv.put(anchor).catch((err: unknown) => this.options.logger.warn({ err }, 'anchor not written to the JetStream KV (written again when NATS returns)'));
    return anchor;
  }

  /**
   * The floor's NATS is (again) reachable: the newest anchor, missed while it was away, goes to the KV
   * now. When start-up could not reach NATS, the KV is opened on this connection and its anchor is
   * judged against the log: a log behind the KV's anchor can no longer refuse the start, so it is an
   * ERROR for the supervisor to act on.
   */
  async floorConnected(connection: NatsConnection): Promise<void> {
    if (this.closed) return;
    const { logger, tableId } = this.options;
    try {
      if (!this.kv && !this.floorKv) {
        const kv = await AnchorKv.open(connection, { timeoutMs: this.options.natsTimeoutMs ?? 2000, replicas: this.options.natsReplicas ?? 1 });
        const anchor = await kv.newest(tableId);
        if (anchor !== undefined && anchor.seq > this.head.seq) {
          logger.error({ anchor, head: this.head, source: kv.sourceOf(tableId) }, `log behind its KV anchor: ${kv.sourceOf(tableId)} remembers event ${anchor.seq}, the log started at ${this.head.seq} (a deleted WAL? an older copy put back?): stop the table and verify the log`);
        }
        this.floorKv = kv;
      }
      const kv = this.kv ?? this.floorKv;
      if (kv && this.lastAnchor) this.kvWritten = kv.put(this.lastAnchor).catch((err: unknown) => logger.warn({ err }, 'anchor not written to the JetStream KV (written again when NATS returns)'));
      await this.kvWritten;
    } catch (err) {
      logger.warn({ err }, 'the KV anchor could not be opened on the floor link: tried again when NATS returns');
    }
  }

  /** The table did not open after all: release the file and the connection without anchoring. */
  async dispose(): Promise<void> {
    this.closed = true;
    this.subscription?.unsubscribe();
    await this.kv?.close();
    this.file?.close();
  }

  /** Shutdown: the last anchor, then release the file and the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.subscription?.unsubscribe();
    this.anchor('shutdown');
    this.closed = true;
    await this.kvWritten;
    await this.kv?.close();
    this.file?.close();
  }
}
