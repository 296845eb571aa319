// Raw capture of the shoe link byte stream, both directions, as JSON lines:
//   {"t":1735689600123,"dir":"rx","hex":"0005101204..."}
// t = milliseconds since the Unix epoch (the link's wall clock, Clock.wallNow: it may step back), dir = "rx" (shoe →
// controller) or "tx" (controller → shoe), hex = the bytes of one read or one write.
// A capture can be replayed through the deframer to see exactly what the controller saw.

import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Deframer, fromHex, toHex, type DecodedFrame, type DiscardedBytes, type Sender } from '../../../firmware-protocol/src/index.js';

export interface CaptureRecord {
  t: number;
  dir: 'rx' | 'tx';
  hex: string;
}

/** Where the link sends its raw bytes. */
export interface CaptureSink {
  record(t: number, dir: 'rx' | 'tx', bytes: Uint8Array): void;
  close(): Promise<void>;
}

/** Appends capture records to a JSONL file. */
export class JsonlCaptureWriter implements CaptureSink {
  private readonly out: WriteStream;
  constructor(path: string) {
    this.out = createWriteStream(path, { flags: 'a' });
  }
  record(t: number, dir: 'rx' | 'tx', bytes: Uint8Array): void {
    const rec: CaptureRecord = { t, dir, hex: toHex(bytes) };
    this.out.write(JSON.stringify(rec) + '\n');
  }
  close(): Promise<void> {
    return new Promise((resolve, reject) => this.out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  }
}

/** Keeps capture records in memory (tests, diagnostics). */
export class MemoryCapture implements CaptureSink {
  readonly records: CaptureRecord[] = [];
  record(t: number, dir: 'rx' | 'tx', bytes: Uint8Array): void {
    this.records.push({ t, dir, hex: toHex(bytes) });
  }
  async close(): Promise<void> {}
}

/** Reads a JSONL capture file. Blank lines are skipped; a malformed line throws with its number. */
export async function readCapture(path: string): Promise<CaptureRecord[]> {
  const out: CaptureRecord[] = [];
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    const r = JSON.parse(line) as Partial<CaptureRecord>;
    if (typeof r.t !== 'number' || (r.dir !== 'rx' && r.dir !== 'tx') || typeof r.hex !== 'string') {
      throw new Error(`${path}:${n}: not a capture record`);
    }
    out.push({ t: r.t, dir: r.dir, hex: r.hex });
  }
  return out;
}

export interface ReplayResult {
  frames: (DecodedFrame & { t: number })[];
  discarded: (DiscardedBytes & { t: number })[];
  bytes: number;
}

/**
 * Replays one direction of a capture through a fresh deframer. By default the rx bytes (what the
 * controller received from the shoe), deframed as shoe → controller traffic.
 */
export function replayCapture(records: readonly CaptureRecord[], dir: 'rx' | 'tx' = 'rx'): ReplayResult {
  const from: Sender = dir === 'rx' ? 'shoe' : 'controller';
  const d = new Deframer({ from });
  const res: ReplayResult = { frames: [], discarded: [], bytes: 0 };
  for (const r of records) {
    if (r.dir !== dir) continue;
    const bytes = fromHex(r.hex);
    res.bytes += bytes.length;
    const p = d.push(bytes);
    for (const f of p.frames) res.frames.push({ ...f, t: r.t });
    for (const x of p.discarded) res.discarded.push({ ...x, t: r.t });
  }
  return res;
}
