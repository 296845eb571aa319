// ShoeLink ↔ emulator over the mock binding, no faults: handshake, delivery, gate, commands.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oneDeck } from '../../firmware-protocol/src/index.js';
import { createMockPort, expectExactlyOnceInOrder, makeRig, resetMockBinding, type Rig } from './harness.js';

let rig: Rig | null = null;
beforeEach(() => createMockPort());
afterEach(async () => {
  await rig?.close();
  rig = null;
  resetMockBinding();
});

describe('ShoeLink over the mock binding', () => {
  it('handshakes, then delivers a deck exactly once and in order', async () => {
    const deck = oneDeck();
    rig = makeRig(deck);
    rig.link.start();
    rig.emulator.powerOn();
    await rig.untilUp();
    expect(rig.link.peer).toMatchObject({ role: 'shoe', serialNumber: 'EMU-0001', protocolVersion: 2 });
    await rig.deal(52);
    await rig.untilCards(52);
    expectExactlyOnceInOrder(rig.delivered, deck);
    expect(rig.delivered[0]?.message).toEqual({ type: 'SHOE_LOADED', deckCount: 1, cardCount: 52 });
    expect(rig.link.counters.crcErrors).toBe(0);
    expect(rig.link.counters.duplicatesSuppressed).toBe(0);
    expect(rig.states).toEqual(['connecting', 'handshaking', 'up']);
  });
});
