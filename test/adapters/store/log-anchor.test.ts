// Anchors (ADR 0004): the pure judgements, the shoe as witness, and the anchor file's format.
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { judgeAgainstAnchor, LogBehindAnchorError, shoeWitness, type LogAnchor } from '../../../src/ports/log-anchor.js';
import { AnchorFileError, AnchorFileWriter, readNewestAnchor } from '../../../src/adapters/store/anchor-file.js';

const h = (c: string) => c.repeat(64);
const anchor = (seq: number, hash: string): LogAnchor => ({ v: 1, tableId: 't1', seq, hash, at: '2026-12-03T06:00:00.000Z', reason: 'round.ended' });

describe('a log judged against its anchor', () => {
  test('a log that reached the anchored event with the anchored hash is consistent, however far it went on', () => {
    expect(judgeAgainstAnchor({ seq: 120, hash: h('b') }, h('a'), anchor(100, h('a')))).toEqual({ ok: true });
    expect(judgeAgainstAnchor({ seq: 100, hash: h('a') }, h('a'), anchor(100, h('a')))).toEqual({ ok: true });
  });

  test('a shorter log is behind: the message names both heads and how many anchored events are missing', () => {
    const v = judgeAgainstAnchor({ seq: 17, hash: h('c') }, undefined, anchor(100, h('a')));
    expect(v).toMatchObject({ ok: false, kind: 'behind' });
    if (v.ok) throw new Error('unreachable');
    const message = new LogBehindAnchorError(v, 'data/t1.db', 'data/t1.db.anchors').message;
    expect(message).toBe(`log data/t1.db ends at seq 17 (hash ${'c'.repeat(16)}…) but data/t1.db.anchors anchored seq 100 (hash ${'a'.repeat(16)}…) at 2026-12-03T06:00:00.000Z: 83 anchored events are missing (a deleted WAL? an older copy put back?)`);
    expect(message).not.toContain('\n');
  });

  test('a log holding another event at the anchored seq differs: rewritten or replaced', () => {
    const v = judgeAgainstAnchor({ seq: 150, hash: h('d') }, h('e'), anchor(100, h('a')));
    expect(v).toMatchObject({ ok: false, kind: 'different', hashAtAnchorSeq: h('e') });
    if (v.ok) throw new Error('unreachable');
    expect(new LogBehindAnchorError(v, 'db', 'file').message).toMatch(/log db ends at seq 150 .* but file anchored seq 100 .* and the log holds hash e{16}… there: the log was rewritten or replaced/);
  });
});

describe('the shoe as a second witness (HELLO nextTxSeq)', () => {
  test('every frame before nextTxSeq was ACKed: the log must hold prev(nextTxSeq)', () => {
    expect(shoeWitness(57, { coldStart: false, nextTxSeq: 58 })).toEqual({ kind: 'consistent' });
    // The ACK of 57 was lost: the shoe still holds 57 as unacknowledged (firmware-protocol §8.4 b).
    expect(shoeWitness(57, { coldStart: false, nextTxSeq: 57 })).toEqual({ kind: 'consistent' });
    expect(shoeWitness(57, { coldStart: false, nextTxSeq: 61 })).toEqual({ kind: 'log-behind', shoeAcked: 60, logHas: 57, missing: 3 });
  });

  test('sequence numbers wrap 65535 -> 1', () => {
    expect(shoeWitness(65535, { coldStart: false, nextTxSeq: 1 })).toEqual({ kind: 'consistent' });
    expect(shoeWitness(65534, { coldStart: false, nextTxSeq: 2 })).toEqual({ kind: 'log-behind', shoeAcked: 1, logHas: 65534, missing: 2 });
  });

  test('a cold-started shoe or a log with no shoe frame witnesses nothing; a shoe behind the log is the link\'s rollback', () => {
    expect(shoeWitness(57, { coldStart: true, nextTxSeq: 1 }).kind).toBe('no-witness');
    expect(shoeWitness(0, { coldStart: false, nextTxSeq: 900 }).kind).toBe('no-witness');
    expect(shoeWitness(57, { coldStart: false, nextTxSeq: 20 })).toEqual({ kind: 'shoe-behind', shoeNextTxSeq: 20, logHas: 57 });
  });
});

describe('the anchor file', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'anchors-'));

  test('appends fsynced JSON lines; the newest anchor is the last line', () => {
    const file = join(dir(), 't1.db.anchors');
    expect(readNewestAnchor(file)).toBeUndefined();
    const w = new AnchorFileWriter(file);
    w.append('t1', { seq: 10, hash: h('a') }, 'round.ended', new Date('2026-12-03T06:00:00Z'));
    w.append('t1', { seq: 4, hash: h('b') }, 'accepted-behind-anchor', new Date('2026-12-03T06:01:00Z'));
    w.close();
    expect(readNewestAnchor(file)).toEqual({ anchor: { v: 1, tableId: 't1', seq: 4, hash: h('b'), at: '2026-12-03T06:01:00.000Z', reason: 'accepted-behind-anchor' }, lines: 2 });
  });

  test('a new table\'s folder is created with its anchor file', () => {
    const file = join(dir(), 'data', 'new-table.db.anchors');
    const w = new AnchorFileWriter(file);
    w.append('t1', { seq: 0, hash: '0'.repeat(64) }, 'start', new Date('2026-12-03T06:00:00Z'));
    w.close();
    expect(readNewestAnchor(file)?.anchor).toMatchObject({ seq: 0, reason: 'start' });
  });

  test('a torn last line (a crash mid-write) is ignored and reported; the line before stands', () => {
    const file = join(dir(), 't1.db.anchors');
    const w = new AnchorFileWriter(file);
    w.append('t1', { seq: 10, hash: h('a') }, 'round.ended', new Date('2026-12-03T06:00:00Z'));
    w.close();
    appendFileSync(file, '{"v":1,"tableId":"t1","se');
    expect(readNewestAnchor(file)).toMatchObject({ anchor: { seq: 10 }, tornTail: '{"v":1,"tableId":"t1","se' });
  });

  test('a corrupt line is one error naming the file, the line and the problem', () => {
    const file = join(dir(), 't1.db.anchors');
    writeFileSync(file, `${JSON.stringify(anchor(3, h('a')))}\n${JSON.stringify({ ...anchor(9, h('a')), hash: 'zz' })}\n`);
    expect(() => readNewestAnchor(file)).toThrow(new AnchorFileError(file, 'line 2: hash is not 64 lowercase hex digits (the anchor file is corrupt)'));
    writeFileSync(file, '\u0000\u0000\u0000\n');
    expect(() => readNewestAnchor(file)).toThrow(`${file}: line 1 is not JSON (the anchor file is corrupt)`);
  });

  test('reads the newest anchor from the end of a long file', () => {
    const file = join(dir(), 't1.db.anchors');
    const w = new AnchorFileWriter(file);
    for (let i = 1; i <= 450; i++) w.append('t1', { seq: i, hash: h('a') }, 'every-n-events', new Date('2026-12-03T06:00:00Z'));
    w.close();
    expect(readNewestAnchor(file)).toMatchObject({ anchor: { seq: 450 }, lines: 450 });
  });

  test('a garbage line in the middle of the file refuses with its number, however far from the end', () => {
    const file = join(dir(), 't1.db.anchors');
    const line = (seq: number) => `${JSON.stringify(anchor(seq, h('a')))}\n`;
    const body = Array.from({ length: 1000 }, (_, i) => (i === 199 ? 'garbage\n' : line(i + 1))).join('');
    writeFileSync(file, body);
    expect(() => readNewestAnchor(file)).toThrow(new AnchorFileError(file, 'line 200 is not JSON (the anchor file is corrupt)'));
    writeFileSync(file, `${line(1)}${line(2)}{"v":1,"tableId":"t1"}\n${line(3)}`);
    expect(() => readNewestAnchor(file)).toThrow(`${file}: line 3: seq is not a whole number >= 0 (the anchor file is corrupt)`);
  });

  test('a file with no line break in a long stretch is refused, not read into memory', () => {
    const file = join(dir(), 't1.db.anchors');
    writeFileSync(file, `${JSON.stringify(anchor(1, h('a')))}\n${'x'.repeat(200_000)}`);
    expect(() => readNewestAnchor(file)).toThrow(`${file}: line 2 is longer than 65536 bytes (the anchor file is corrupt)`);
  });
});
