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

  /**
   * `onError`: the file could not be opened or written (a full disk, a folder removed): the capture stops
   * there, once, and the table goes on — a capture is a record for replays, not the log. `now`: the wall
   * clock's milliseconds of each input (the table clock's wallNow, as the link's bytes are).
   */
  constructor(path: string, onError: (err: Error) => void, private readonly now: () => number) {
    this.out = createWriteStream(path, { flags: 'a' });
    // A stream that fails is destroyed, and says so once: nothing is written to it after that.
    this.out.once('error', onError);
  }

  record(t: number, dir: 'rx' | 'tx', bytes: Uint8Array): void {
    this.write({ t, dir, hex: toHex(bytes) });
  }

  recordInput(input: unknown, origin: { source: string; by?: string; shoeSeq?: number }): void {
    this.write({ t: this.now(), dir: 'input', input, ...origin });
  }

  private write(record: TableCaptureRecord): void {
    if (!this.out.destroyed) this.out.write(`${JSON.stringify(record)}\n`);
  }

  close(): Promise<void> {
    if (this.out.destroyed) return Promise.resolve();
    return new Promise((resolve) => this.out.end(() => resolve()));
  }
}
