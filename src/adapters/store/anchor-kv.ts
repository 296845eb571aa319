/**
 * Anchors on JetStream (ADR 0004, ADR 0005): one KV key per table (bucket `table-anchors`, key = the table id)
 * holding the newest anchor as JSON, the same record as a line of the anchor file. The bucket keeps the
 * last 16 values of each key for auditors. JetStream is a second place the anchor survives when the
 * table's disk is rewritten or restored; it never blocks the table (callers time out and warn).
 */
import type { KV, NatsConnection } from 'nats';
import type { LogAnchor } from '../../ports/log-anchor.js';
import { AnchorFileError, parseAnchorLine } from './anchor-file.js';

export const ANCHOR_BUCKET = 'table-anchors';

export class AnchorKv {
  private constructor(private readonly kv: KV, readonly bucket: string) {}

  static async open(connection: NatsConnection, options: { bucket?: string; timeoutMs?: number; replicas?: number } = {}): Promise<AnchorKv> {
    const bucket = options.bucket ?? ANCHOR_BUCKET;
    const kv = await connection.jetstream().views.kv(bucket, { history: 16, timeout: options.timeoutMs ?? 2000, replicas: options.replicas ?? 1 });
    return new AnchorKv(kv, bucket);
  }

  /** Where an anchor of `tableId` is kept, for messages. */
  sourceOf(tableId: string): string {
    return `JetStream KV ${this.bucket}/${tableId}`;
  }

  async put(anchor: LogAnchor): Promise<void> {
    await this.kv.put(anchor.tableId, JSON.stringify(anchor));
  }

  /** The newest anchor of a table, or undefined when none was ever written. A bad value is an AnchorFileError naming the key. */
  async newest(tableId: string): Promise<LogAnchor | undefined> {
    const entry = await this.kv.get(tableId);
    if (entry === null || entry.operation !== 'PUT' || entry.value.length === 0) return undefined;
    const anchor = parseAnchorLine(entry.string(), this.sourceOf(tableId), 0);
    if (anchor.tableId !== tableId) throw new AnchorFileError(this.sourceOf(tableId), `holds an anchor of table ${anchor.tableId}`);
    return anchor;
  }
}
