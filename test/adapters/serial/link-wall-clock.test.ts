// The wall clock stepped back under the link and the emulated shoe (docs/operations.md, "When the clock
// steps back"): durations run on the monotonic clock, so heartbeats, ACK timeouts and delivery go on
// untouched; only what is read as a date (TIME_SYNC, the link's event times, captures) steps back.
import { describe, expect, it } from 'vitest';
import { oneDeck } from '../../../firmware-protocol/src/index.js';
import { MemoryCapture } from '../../../src/adapters/serial/capture.js';
import { expectExactlyOnceInOrder, type Rig } from './harness.js';
import { useLinkRig } from './link-rig.js';

const rigs = useLinkRig();
const TEN_MINUTES = 10 * 60_000;

describe('ShoeLink and the emulated shoe when the wall clock steps back', () => {
  it('keeps the session and delivers every card; the shoe uptime grows; dates step back', async () => {
    const deck = oneDeck();
    const capture = new MemoryCapture();
    const rig: Rig = rigs.make(deck, { link: { capture } });
    rig.link.start();
    rig.emulator.powerOn();
    await rig.untilUp();
    await rig.deal(20);
    await rig.untilCards(20);
    await rig.sched.advance(1500);
    const uptime = rig.link.shoeStatus?.uptimeMs ?? 0;
    const wallBefore = rig.sched.wallNow();
    const heartbeats = rig.link.counters.heartbeats;

    rig.sched.stepWall(-TEN_MINUTES);
    const firstRecordAfter = capture.records.length;
    await rig.deal(32);
    await rig.untilCards(52);
    await rig.sched.advance(3000);

    expectExactlyOnceInOrder(rig.delivered, deck);
    expect(rig.link.counters.heartbeats).toBeGreaterThan(heartbeats + 2);
    expect(rig.link.shoeStatus?.uptimeMs).toBeGreaterThan(uptime + 3000);
    expect(rig.link.counters).toMatchObject({ linkDowns: 0, handshakes: 1, retransmissions: 0 });
    expect(rig.states).toEqual(['connecting', 'handshaking', 'up']);
    // Dates: the capture's t after the step reads earlier than before it.
    expect(capture.records[firstRecordAfter]?.t).toBeLessThan(wallBefore - TEN_MINUTES + 10_000);
    // TIME_SYNC carries the wall clock as it reads now (PROTOCOL.md §7.5.6); the emulated shoe reads the
    // same stepped wall clock, so it finds no offset.
    await rig.link.syncTime();
    await rig.sched.advance(100);
    expect(rig.emulator.timeOffsetMs).toBe(0);
  });
});
