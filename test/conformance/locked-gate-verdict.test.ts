// §7.5.1 judged over the transcript by arrival order: windows are frame-index ranges, so a card that
// answers the unlock within the same millisecond the window closed is not counted as drawn while locked.
import { describe, expect, it } from 'vitest';
import { checkNoCardsWhileLocked, type ReceivedFrame } from '../../src/conformance/verdict.js';

const card = (seq: number, at: number): ReceivedFrame => ({ at, seq, wire: '', message: { type: 'CARD_DRAWN', drawIndex: seq, card: 'AS', confidence: 99, rescan: false } });
const beat = (at: number): ReceivedFrame => ({ at, seq: 0, wire: '', message: { type: 'HEARTBEAT', uptimeMs: at, gate: 'locked', queued: 0 } });

describe('§7.5.1 no card while the gate is locked', () => {
  it('a card received after the window closed passes, even in the same millisecond', () => {
    const frames = [beat(1000), beat(2000), card(2, 2505)];
    const r = checkNoCardsWhileLocked(frames, [[0, 2]]);
    expect(r.status).toBe('passed');
    expect(r.evidence).toBe('1 cards, all while unlocked');
  });

  it('a card received inside a window fails, naming it', () => {
    const frames = [beat(1000), card(2, 1500), beat(2000), card(3, 2505)];
    const r = checkNoCardsWhileLocked(frames, [[0, 3]]);
    expect(r.status).toBe('failed');
    expect(r.evidence).toBe('CARD_DRAWN seq 2 while locked');
  });

  it('a retransmission is judged by its first arrival, and rescans do not count as cards', () => {
    const rescan: ReceivedFrame = { ...card(4, 3000), message: { type: 'CARD_DRAWN', drawIndex: 4, card: 'AS', confidence: 99, rescan: true } };
    const frames = [card(2, 100), beat(200), card(2, 300), rescan];
    expect(checkNoCardsWhileLocked(frames, [[1, 4]]).status).toBe('passed');
    expect(checkNoCardsWhileLocked(frames, [[0, 1]]).status).toBe('failed');
  });
});
