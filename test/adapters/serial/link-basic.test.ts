// ShoeLink ↔ emulator over the mock binding, no faults: handshake, delivery, gate, commands.
import { describe, expect, it } from 'vitest';
import { oneDeck } from '../../../firmware-protocol/src/index.js';
import { expectExactlyOnceInOrder, type Rig } from './harness.js';
import { useLinkRig } from './link-rig.js';

const rigs = useLinkRig();
let rig: Rig | null = null;

describe('ShoeLink over the mock binding', () => {
  it('handshakes, then delivers a deck exactly once and in order', async () => {
    const deck = oneDeck();
    rig = rigs.make(deck);
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
