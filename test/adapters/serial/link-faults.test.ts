// Every fault the emulator can inject, over the mock binding on virtual time: each card must
// still reach the application exactly once and in order (PROTOCOL.md §6.3, §8.4, §9).
import { describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../../src/adapters/shoe-emulator/faults.js';
import { mulberry32, shuffledShoe } from '../../../src/random/prng.js';
import { MemoryCapture } from '../../../src/adapters/serial/capture.js';
import { MOCK_PATH, eventsOf, expectExactlyOnceInOrder, type Rig } from './harness.js';
import { useLinkRig } from './link-rig.js';

const rigs = useLinkRig();
let rig: Rig | null = null;

const shoe = (decks: number, seed: number) => shuffledShoe(decks, mulberry32(seed));

async function run(spec: string, decks = 2, seed = 11): Promise<Rig> {
  const cards = shoe(decks, seed);
  rig = rigs.make(cards, { emulator: { faults: parseFaultSpec(spec) }, seed });
  rig.link.start();
  rig.emulator.powerOn();
  await rig.untilUp();
  await rig.deal(cards.length, 30);
  await rig.untilCards(cards.length);
  expectExactlyOnceInOrder(rig.delivered, cards);
  return rig;
}

describe('faults, one at a time', () => {
  it('drop=0.1: lost frames both ways are retransmitted; lost ACKs give suppressed duplicates', async () => {
    const r = await run('drop=0.1');
    expect(r.emulator.stats.injected.drop).toBeGreaterThan(5);
    expect(r.emulator.stats.injected.rxDrop).toBeGreaterThan(5);
    expect(r.emulator.stats.retransmissions).toBeGreaterThan(0);
    expect(r.link.counters.duplicatesSuppressed).toBeGreaterThan(0);
  });

  it('corrupt=0.1: damaged frames are discarded, counted, NAKed and retransmitted', async () => {
    const r = await run('corrupt=0.1');
    expect(r.emulator.stats.injected.corrupt).toBeGreaterThan(5);
    expect(r.link.counters.discardedBytes).toBeGreaterThan(0);
    expect(r.link.counters.crcErrors + (r.link.counters.discardedByReason['garbage-before-delimiter'] ?? 0)).toBeGreaterThan(0);
    expect(r.link.counters.naksSent).toBeGreaterThan(0);
    expect(r.link.counters.retransmissions).toBeGreaterThan(0); // rx-corrupt makes the shoe NAK our commands
  });

  it('dup=0.2: duplicated frames are re-ACKed, never delivered twice', async () => {
    const r = await run('dup=0.2');
    expect(r.emulator.stats.injected.dup).toBeGreaterThan(10);
    // A copy sent right behind the original arrives while the original is still being persisted
    // (in flight); a copy arriving later is re-ACKed. Neither is delivered again.
    expect(r.link.counters.duplicatesSuppressed + r.link.counters.duplicatesInFlight).toBeGreaterThan(5);
  });

  it('delay=0.1: a stalled transmit stream makes the shoe retransmit; the copies are not delivered twice', async () => {
    const r = await run('delay=0.1:400');
    expect(r.emulator.stats.injected.delay).toBeGreaterThan(5);
    expect(r.emulator.stats.retransmissions).toBeGreaterThan(0);
    expect(r.link.counters.duplicatesSuppressed + r.link.counters.duplicatesInFlight).toBeGreaterThan(0);
  });

  it('misread=0.1: CARD_UNREADABLE then the rescan read with the same drawIndex', async () => {
    const r = await run('misread=0.1');
    const unreadable = eventsOf(r.delivered, 'CARD_UNREADABLE');
    expect(unreadable.length).toBe(r.emulator.stats.injected.misread);
    expect(unreadable.length).toBeGreaterThan(3);
    const rescans = eventsOf(r.delivered, 'CARD_DRAWN').filter((c) => c.rescan);
    expect(rescans.map((c) => c.drawIndex)).toEqual(unreadable.map((u) => u.drawIndex));
    // Each unreadable is immediately followed by its rescan in the delivered order.
    for (const u of unreadable) {
      const i = r.delivered.findIndex((d) => d.message.type === 'CARD_UNREADABLE' && d.message.drawIndex === u.drawIndex);
      expect(r.delivered[i + 1]?.message).toMatchObject({ type: 'CARD_DRAWN', drawIndex: u.drawIndex, rescan: true });
    }
  });

  it('jam@20, reversed@30, dirty@40: FAULT raised and cleared, no card lost', async () => {
    const r = await run('jam@20:1.5,reversed@30:1,dirty@40:0.2', 1);
    await r.sched.advance(1000); // the dirty sensor clears after the last card (held pulls deal at once)
    const faults = eventsOf(r.delivered, 'FAULT');
    expect(faults.map((f) => [f.code, f.state, f.drawIndex])).toEqual([
      ['JAM', 'raised', 20],
      ['JAM', 'cleared', 20],
      ['CARD_REVERSED', 'raised', 30],
      ['CARD_REVERSED', 'cleared', 30],
      ['DIRTY_SENSOR', 'raised', 0],
      ['DIRTY_SENSOR', 'cleared', 0],
    ]);
    // The jammed card is reported after the jam clears.
    const jamCleared = r.delivered.findIndex((d) => d.message.type === 'FAULT' && d.message.code === 'JAM' && d.message.state === 'cleared');
    const card20 = r.delivered.findIndex((d) => d.message.type === 'CARD_DRAWN' && d.message.drawIndex === 20);
    expect(card20).toBe(jamCleared + 1);
  });
});

describe('unplug and return', () => {
  it('the device disappears mid-stream and comes back: link-down and link-up reported, no card lost or duplicated', async () => {
    const r = await run('unplug@25:5', 1);
    expect(r.states).toEqual(['connecting', 'handshaking', 'up', 'connecting', 'handshaking', 'up']);
    const down = r.events.find((e) => e.type === 'state' && e.previous === 'up');
    expect(down).toMatchObject({ state: 'connecting' });
    expect(r.link.counters.disconnects).toBe(1);
    expect(r.link.counters.linkDowns).toBe(1);
    expect(r.link.counters.openFailures).toBeGreaterThan(0); // the device was absent for a while
    // Each failed open says why, though the state stays `connecting` (README.md, events).
    const failedOpens = r.events.filter((e) => e.type === 'open-failed');
    expect(failedOpens).toHaveLength(r.link.counters.openFailures);
    expect(failedOpens[0]).toMatchObject({ path: MOCK_PATH, message: expect.stringMatching(/no such file/), retryInMs: expect.any(Number) });
    expect(r.link.counters.handshakes).toBe(2);
    expect(r.events.some((e) => e.type === 'sequence')).toBe(false); // sequence numbers survived
  });

  it('a silent shoe (heartbeats lost) is declared down after 3.5 s and recovers by handshake', async () => {
    const cards = shoe(1, 5);
    const capture = new MemoryCapture();
    rig = rigs.make(cards, { link: { capture } });
    rig.link.start();
    rig.emulator.powerOn();
    await rig.untilUp();
    await rig.deal(10);
    await rig.untilCards(10);
    // Cut the shoe's transmit side only: the device stays present, frames stop.
    rig.wire.mute();
    await rig.sched.runUntil(() => rig!.link.state === 'down', 10_000, 1);
    // §10.2: down 3500 ms after the last valid frame from the shoe.
    const lastRx = capture.records.filter((c) => c.dir === 'rx').at(-1)?.t ?? 0;
    expect(rig.sched.now() - lastRx).toBeGreaterThanOrEqual(3500);
    expect(rig.sched.now() - lastRx).toBeLessThanOrEqual(3501);
    expect(rig.events.find((e) => e.type === 'state' && e.state === 'down')).toMatchObject({ reason: 'no valid frame from the shoe for 3500 ms (3 heartbeats missed)', code: 'noFrame', params: { ms: '3500', count: '3' } });
    await rig.sched.advance(3000);
    expect(rig.link.state).toBe('down');
    // The controller's HELLO requests get through; once the shoe is heard again the session returns.
    rig.wire.unmute();
    await rig.untilUp();
    await rig.deal(42);
    await rig.untilCards(52);
    expectExactlyOnceInOrder(rig.delivered, cards);
  });

  it('combined: drop, corrupt, dup, delay, misread, jam and unplug on two decks', async () => {
    const r = await run('drop=0.03,corrupt=0.03,dup=0.02,delay=0.02,misread=0.02,jam@40:1,unplug@70:4,seed=3', 2, 21);
    expect(r.link.counters.linkDowns).toBeGreaterThanOrEqual(1);
    expect(eventsOf(r.delivered, 'FAULT').length).toBe(2);
  });
});

