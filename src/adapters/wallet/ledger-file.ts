// The reference wallet's ledger on disk (docs/operations.md, "The reference wallet and reconciliation"):
// one JSON transaction a line, appended and fsynced before the wallet answers, so an answered transaction
// survives a crash and a restart reloads every one. A last line without its newline is a write the crash
// cut short: it was never answered, so it is cut off at open (the sender retries it) and reported.
import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export interface LedgerFileContents {
  /** The complete lines, with their numbers (from 1). */
  readonly lines: ReadonlyArray<{ readonly text: string; readonly line: number }>;
  /** The unfinished last line cut off at open, if there was one. */
  readonly cutTail: string | null;
}

export class LedgerFile {
  private constructor(private readonly fd: number, readonly path: string) {}

  /** Opens (or creates) the ledger for appending, with what it holds. */
  static open(path: string): { file: LedgerFile; contents: LedgerFileContents } {
    const created = !existsSync(path);
    const fd = openSync(path, 'a+');
    try {
      if (created) syncDirectory(dirname(path));
      const text = readFileSync(path, 'utf8');
      const end = text.lastIndexOf('\n') + 1;
      const cutTail = end < text.length ? text.slice(end) : null;
      if (cutTail !== null) {
        ftruncateSync(fd, Buffer.byteLength(text.slice(0, end)));
        fsyncSync(fd);
      }
      const lines = text.slice(0, end).split('\n').slice(0, -1).map((line, i) => ({ text: line, line: i + 1 }));
      return { file: new LedgerFile(fd, path), contents: { lines, cutTail } };
    } catch (err) {
      closeSync(fd);
      throw err;
    }
  }

  /** Appends one line and waits until it is on the disk. */
  append(line: string): void {
    const bytes = Buffer.from(`${line}\n`);
    for (let written = 0; written < bytes.length; ) written += writeSync(this.fd, bytes, written);
    fsyncSync(this.fd);
  }

  get size(): number {
    return fstatSync(this.fd).size;
  }

  close(): void {
    closeSync(this.fd);
  }
}

/** A new file's name is durable once its folder is synced. */
function syncDirectory(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
