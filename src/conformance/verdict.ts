// A conformance verdict per PROTOCOL.md clause, and the pure checks over a recorded transcript of
// what the device sent. Pure: no I/O, no clock (timestamps are in the records).
import { nextSeq } from '../../firmware-protocol/src/index.js';
import type { Message } from '../../firmware-protocol/src/index.js';

export type ClauseStatus = 'passed' | 'failed' | 'not-applicable';

export interface ClauseResult {
  clause: string;
  title: string;
  mandatory: boolean;
  status: ClauseStatus;
  evidence: string;
}

/** A frame the device sent, as the driver recorded it. */
export interface ReceivedFrame {
  at: number;
  seq: number;
  message: Message;
  wire: string;
}

/** Bytes from the device that failed a check of §11. */
export interface DiscardedRun {
  at: number;
  reason: string;
  wire: string;
}

export const result = (clause: string, title: string, ok: boolean | null, evidence: string, mandatory = true): ClauseResult => ({
  clause,
  title,
  mandatory,
  status: ok === null ? 'not-applicable' : ok ? 'passed' : 'failed',
  evidence,
});

/** §11, §4: every frame the device sent passes every check (a CRC-good invalid frame is a firmware defect, §9.4). */
export function checkFramesValid(discards: readonly DiscardedRun[], frames: number): ClauseResult {
  const bad = discards[0];
  return result('§11', 'every frame the shoe sends passes the receiver checks', discards.length === 0,
    bad ? `${discards.length} run(s) rejected, first: ${bad.reason} ${bad.wire}` : `${frames} frames, none rejected`);
}

/** §6.1, §6.2: a new sequenced frame carries next() of the previous one; a repeat is byte for byte identical. */
export function checkSequence(frames: readonly ReceivedFrame[]): ClauseResult[] {
  let last = 0;
  const seen = new Map<number, string>();
  let gap: string | null = null;
  let differs: string | null = null;
  let repeats = 0;
  for (const f of frames) {
    if (f.message.type === 'HELLO' && f.message.coldStart) last = 0; // §8.2: a new power-up numbers from 1
    if (f.seq === 0) continue;
    const before = seen.get(f.seq);
    if (before !== undefined) {
      repeats++;
      if (before !== f.wire && !differs) differs = `seq ${f.seq}: ${before} then ${f.wire}`;
      continue;
    }
    if (last !== 0 && f.seq !== nextSeq(last) && !gap) gap = `seq ${f.seq} after ${last} (expected ${nextSeq(last)})`;
    if (last === 0 && f.seq !== 1 && !gap && frames.some((h) => h.message.type === 'HELLO' && h.message.coldStart && h.at < f.at)) {
      gap = `first seq after a cold start is ${f.seq}, not 1`;
    }
    seen.set(f.seq, f.wire);
    last = f.seq;
  }
  return [
    result('§6.1', 'sequenced frames are numbered 1, 2, … without gaps', gap === null, gap ?? `${seen.size} sequenced frames in order`),
    result('§6.2', 'a retransmission repeats the frame byte for byte', repeats === 0 ? null : differs === null, differs ?? `${repeats} repeats, all identical`),
  ];
}

/** §10.1: HEARTBEAT every 1000 ms ± 50 (a pty adds jitter: ± 150 accepted as evidence of the period). */
export function checkHeartbeat(frames: readonly ReceivedFrame[]): ClauseResult {
  const at = frames.filter((f) => f.message.type === 'HEARTBEAT').map((f) => f.at);
  const gaps = at.slice(1).map((t, i) => t - (at[i] as number)).filter((g) => g < 2000);
  if (gaps.length < 2) return result('§10.1', 'HEARTBEAT every 1000 ms while in session', false, `${at.length} HEARTBEATs seen`);
  const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] as number;
  return result('§10.1', 'HEARTBEAT every 1000 ms while in session', Math.abs(median - 1000) <= 150, `${at.length} HEARTBEATs, median interval ${median} ms`);
}

/**
 * §7.5.1 over the transcript. A locked window is a range of frame indices [from, to): `from` is the
 * number of frames received when the gate was known locked, `to` the number received when the
 * unlocking command was written. Arrival order, not the millisecond clock: over a pty a card can
 * answer an unlock within the millisecond the window was closed in.
 */
export function checkNoCardsWhileLocked(frames: readonly ReceivedFrame[], lockedWindows: readonly (readonly [number, number])[]): ClauseResult {
  const seen = new Set<number>();
  let cards = 0;
  for (const [i, f] of frames.entries()) {
    if (f.seq === 0 || seen.has(f.seq)) continue;
    seen.add(f.seq);
    if (!((f.message.type === 'CARD_DRAWN' && !f.message.rescan) || f.message.type === 'CARD_UNREADABLE')) continue;
    cards++;
    if (lockedWindows.some(([from, to]) => i >= from && i < to)) {
      return result('§7.5.1', 'no card leaves the shoe while the gate is locked', false, `${f.message.type} seq ${f.seq} while locked`);
    }
  }
  return result('§7.5.1', 'no card leaves the shoe while the gate is locked', true, `${cards} cards, all while unlocked`);
}
