// A capture of everything that reached the controller, so a session can be replayed byte for byte: the raw bytes in both
// directions with timestamps, as the link saw them, and — between them — each input the table took,
// from the shoe (with the shoe's sequence number) or from anywhere else (bets, decisions, timers).
// `shoe replay-capture` decodes the bytes again and checks every shoe input against them.
import { createWriteStream, type WriteStream } from 'node:fs';
import { toHex } from '../../../firmware-protocol/src/index.js';
import type { CaptureSink } from './capture.js';

export type TableCaptureRecord =
  | { t: number; dir: 'rx' | 'tx'; hex: string }
  | { t: number; dir: 'input'; input: unknown; source: string; by?: string; shoeSeq?: number };

export class TableCaptureWriter implements CaptureSink {
  private readonly out: WriteStream;

  constructor(path: string, private readonly now: () => number = Date.now) {
    this.out = createWriteStream(path, { flags: 'a' });
  }

  record(t: number, dir: 'rx' | 'tx', bytes: Uint8Array): void {
    this.write({ t, dir, hex: toHex(bytes) });
  }

  recordInput(input: unknown, origin: { source: string; by?: string; shoeSeq?: number }): void {
    this.write({ t: this.now(), dir: 'input', input, ...origin });
  }

  private write(record: TableCaptureRecord): void {
    this.out.write(`${JSON.stringify(record)}\n`);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.out.end(() => resolve()));
  }
}
