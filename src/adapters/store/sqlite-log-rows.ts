/**
 * The rows a table log's reader (sqlite-log-reader.ts) hands out, as the checks read them: an event read
 * from its columns, an event as the round machine's re-run reads it, and the envelope's type read from a
 * tail of format 3 (sqlite-schema.ts). `data` is parsed only when asked for: the chain hashes the stored
 * text, and the re-run compares facts as text.
 */
import type { EventRecord, JsonObject, StoredEvent } from '../../ports/event-store.js';

/** An events row as `SqliteLogReader.events` selects it: the columns of an event, then its MAC (null: none). */
export type Row = [number, number, number, string, string, string, string, string, string, string | null];
/** An events row as `SqliteLogReader.records` selects it: seq, type, data. */
export type RecordRow = [number, string, string];

/** The `data` column parsed, or a stand-in the chain check rejects (its hash cannot match). */
function parseData(dataJson: string): JsonObject {
  try {
    return JSON.parse(dataJson) as JsonObject;
  } catch {
    return { unparsable: dataJson };
  }
}

/** An event read from a row; `data` is parsed only when asked for (the chain hashes the stored text, and facts are compared as text). */
export class RowEvent implements StoredEvent {
  readonly seq: number;
  readonly round: number;
  readonly monoTime: number;
  readonly wallTime: string;
  readonly rulesId: string;
  readonly type: string;
  readonly prevHash: string;
  readonly hash: string;
  private parsed: JsonObject | undefined;
  private readonly dataJson: string;

  constructor(readonly tableId: string, r: Row) {
    this.seq = r[0];
    this.round = r[1];
    this.monoTime = r[2];
    this.wallTime = r[3];
    this.rulesId = r[4];
    this.type = r[5];
    this.dataJson = r[6];
    this.prevHash = r[7];
    this.hash = r[8];
  }

  get data(): JsonObject {
    return (this.parsed ??= parseData(this.dataJson));
  }
}

/** An event as the round machine's re-run reads it: seq, type and data (parsed when asked for), and the
 *  data as stored text (facts are compared as text). */
export class LoggedRecord implements EventRecord {
  readonly seq: number;
  readonly type: string;
  readonly dataJson: string;
  private parsed: JsonObject | undefined;

  constructor(seq: number, type: string, dataJson: string) {
    this.seq = seq;
    this.type = type;
    this.dataJson = dataJson;
  }

  get data(): JsonObject {
    return (this.parsed ??= parseData(this.dataJson));
  }
}

/**
 * The envelope's type as a tail of format 3 holds it: the JSON string between its last `,"type":` and
 * its last `,"wallTime":` (no later member can hold either: inside a JSON string every quote is escaped).
 * A tail without them gives '' (the chain check finds such an event altered).
 */
export function typeOfTail(tail: string): string {
  const from = tail.lastIndexOf(',"type":');
  const to = tail.lastIndexOf(',"wallTime":');
  if (from < 0 || to <= from + 8) return '';
  const quoted = tail.slice(from + 8, to);
  if (!quoted.includes('\\')) return quoted.length >= 2 && quoted.startsWith('"') && quoted.endsWith('"') ? quoted.slice(1, -1) : '';
  try {
    const value: unknown = JSON.parse(quoted);
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}
