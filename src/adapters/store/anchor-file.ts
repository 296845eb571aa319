/**
 * The anchor file beside a table's database (`<db>.anchors`, ADR 0004): append-only JSON lines,
 * one anchor per line, each written with a single write() and fsynced before the call returns.
 * The format is for auditors (docs/audit.md, "Anchors"):
 *
 *   {"v":1,"tableId":"demo-1","seq":1234,"hash":"<64 hex>","at":"2026-12-03T06:00:00.000Z","reason":"round.ended"}
 *
 * The newest anchor is the last complete line. A last line without its newline is a write torn by a
 * crash: it is ignored (the line before it stands) and reported. Any other line that does not parse,
 * wherever it stands in the file, is corruption: reading refuses with one line naming the file, the line
 * and what is wrong.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AnchorReason, LogAnchor, LogHead } from '../../ports/log-anchor.js';

export class AnchorFileError extends Error {
  constructor(readonly file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'AnchorFileError';
  }
}

/** The anchor file of a database file. */
export function anchorFileOf(dbPath: string): string {
  return `${dbPath}.anchors`;
}

const HASH = /^[0-9a-f]{64}$/;
const REASONS: ReadonlySet<string> = new Set<AnchorReason>(['start', 'round.ended', 'shoe.finished', 'every-n-events', 'shutdown', 'backup', 'accepted-behind-anchor']);

/** Parses one line of an anchor file; throws a one-line AnchorFileError naming what is wrong. */
export function parseAnchorLine(line: string, file: string, lineNo: number): LogAnchor {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new AnchorFileError(file, `${lineNo > 0 ? `line ${lineNo}` : 'the last line'} is not JSON (the anchor file is corrupt)`);
  }
  const a = value as Partial<Record<keyof LogAnchor, unknown>>;
  const bad = (what: string) => new AnchorFileError(file, `${lineNo > 0 ? `line ${lineNo}` : 'the last line'}: ${what} (the anchor file is corrupt)`);
  if (typeof a !== 'object' || a === null) throw bad('not an object');
  if (a.v !== 1) throw bad(`unknown format version ${JSON.stringify(a.v)}`);
  if (typeof a.tableId !== 'string' || a.tableId.length === 0) throw bad('no tableId');
  if (typeof a.seq !== 'number' || !Number.isSafeInteger(a.seq) || a.seq < 0) throw bad('seq is not a whole number >= 0');
  if (typeof a.hash !== 'string' || !HASH.test(a.hash)) throw bad('hash is not 64 lowercase hex digits');
  if (typeof a.at !== 'string' || Number.isNaN(Date.parse(a.at))) throw bad('at is not a date-time');
  if (typeof a.reason !== 'string' || !REASONS.has(a.reason)) throw bad(`unknown reason ${JSON.stringify(a.reason)}`);
  return { v: 1, tableId: a.tableId, seq: a.seq, hash: a.hash, at: a.at, reason: a.reason as AnchorReason };
}

export interface NewestAnchor {
  readonly anchor: LogAnchor;
  /** Set when the file ended in a torn (unterminated) line, which was ignored. */
  readonly tornTail?: string;
  /** How many complete lines the file holds, every one of them checked. */
  readonly lines: number;
}

/** Bytes read at a time: the file is read through once, in constant memory, however long it is. */
const CHUNK_BYTES = 64 * 1024;
/** An anchor line is ~200 bytes; a "line" longer than this is no anchor (corruption, or not an anchor file). */
const MAX_LINE_BYTES = 64 * 1024;

/**
 * The newest anchor of a file, or undefined when the file does not exist or holds no complete line.
 * Every complete line is read and checked, front to back in chunks (docs/audit.md, "Anchors"): a corrupt
 * line anywhere refuses with its number, not only a corrupt last line. A last line without its newline is
 * a torn write and is reported, not refused.
 */
export function readNewestAnchor(file: string): NewestAnchor | undefined {
  if (!existsSync(file)) return undefined;
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    throw new AnchorFileError(file, `cannot read: ${(err as Error).message}`);
  }
  try {
    return readEveryLine(fd, file);
  } finally {
    closeSync(fd);
  }
}

function readEveryLine(fd: number, file: string): NewestAnchor | undefined {
  const chunk = Buffer.alloc(CHUNK_BYTES);
  let carry = Buffer.alloc(0);
  let lineNo = 0;
  let newest: LogAnchor | undefined;
  for (;;) {
    const read = readSync(fd, chunk, 0, CHUNK_BYTES, null);
    if (read === 0) break;
    let pending = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
    for (let nl = pending.indexOf(0x0a); nl >= 0; nl = pending.indexOf(0x0a)) {
      lineNo += 1;
      newest = parseAnchorLine(pending.subarray(0, nl).toString('utf8'), file, lineNo);
      pending = pending.subarray(nl + 1);
    }
    if (pending.length > MAX_LINE_BYTES) {
      throw new AnchorFileError(file, `line ${lineNo + 1} is longer than ${MAX_LINE_BYTES} bytes (the anchor file is corrupt)`);
    }
    carry = Buffer.from(pending); // the chunk buffer is reused: keep a copy of the unfinished line
  }
  if (newest === undefined) return undefined;
  const tornTail = carry.length > 0 ? carry.toString('utf8') : undefined; // the file does not end in a newline
  return tornTail !== undefined ? { anchor: newest, tornTail, lines: lineNo } : { anchor: newest, lines: lineNo };
}

/** Appends anchors to a table's anchor file; each append is on disk when it returns. */
export class AnchorFileWriter {
  private fd: number | null;

  constructor(readonly file: string) {
    try {
      mkdirSync(dirname(file), { recursive: true }); // a new table: its database's folder may not exist yet
      this.fd = openSync(file, 'a');
    } catch (err) {
      throw new AnchorFileError(file, `cannot open for appending: ${(err as Error).message}`);
    }
  }

  append(tableId: string, head: LogHead, reason: AnchorReason, at: Date): LogAnchor {
    if (this.fd === null) throw new AnchorFileError(this.file, 'closed');
    const anchor: LogAnchor = { v: 1, tableId, seq: head.seq, hash: head.hash, at: at.toISOString(), reason };
    writeSync(this.fd, `${JSON.stringify(anchor)}\n`);
    fsyncSync(this.fd);
    return anchor;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
