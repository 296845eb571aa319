// The controller's retransmission limit (PROTOCOL.md §9.2): a command whose ACK does not come is sent
// again every 250 ms, identical; after 5 retransmissions (6 transmissions, 1.5 s) without an ACK the
// session is lost (state down, reason noAck) and the frame is kept, to be settled by the next handshake (§8.4 c).
// An ACK to the 5th retransmission keeps the session. On virtual time, over the mock binding; the shoe's
// ACKs are lost by muting what the shoe sends (a broken TX wire).
import { describe, expect, it } from 'vitest';
import { MemoryCapture, replayCapture } from '../../../src/adapters/serial/capture.js';
import type { Rig } from './harness.js';
import { useLinkRig } from './link-rig.js';

/** §9.2 and §14, as the protocol states them (not read from the code under test). */
const ACK_TIMEOUT_MS = 250;
const RETRANSMISSIONS = 5;

const rigs = useLinkRig();

/** A link up with the emulator, its start-up commands acknowledged, capturing what it writes. */
async function idleLink(): Promise<{ rig: Rig; capture: MemoryCapture }> {
  const capture = new MemoryCapture();
  const rig = rigs.make([], { link: { capture } });
  rig.link.start();
  rig.emulator.powerOn();
  await rig.untilUp();
  await rig.sched.advance(100);
  expect(rig.link.sequence).toMatchObject({ outstandingSeq: null, queued: 0 });
  return { rig, capture };
}

/** Sends TIME_SYNC with the shoe's ACKs lost; returns its seq, the time it first went out and its settlement. */
async function unansweredCommand(rig: Rig) {
  rig.wire.mute();
  let settled: 'pending' | 'acknowledged' | 'failed' = 'pending';
  rig.link.syncTime().then(() => (settled = 'acknowledged'), () => (settled = 'failed'));
  await rig.sched.advance(0);
  const seq = rig.link.sequence.outstandingSeq;
  expect(seq).not.toBeNull();
  return { seq: seq as number, sentAt: rig.sched.wallNow(), settled: () => settled };
}

/** The times the frame with `seq` was written, relative to `from`. */
function transmissionsOf(capture: MemoryCapture, seq: number, from: number): number[] {
  return replayCapture(capture.records, 'tx').frames.filter((f) => f.seq === seq && f.message.type === 'TIME_SYNC').map((f) => f.t - from);
}

describe('retransmission limit (§9.2)', () => {
  it(`${RETRANSMISSIONS} retransmissions ${ACK_TIMEOUT_MS} ms apart, then the session is lost with noAck; the frame is kept`, async () => {
    const { rig, capture } = await idleLink();
    const downsBefore = rig.link.counters.linkDowns;
    const command = await unansweredCommand(rig);
    const everyTimeout = Array.from({ length: RETRANSMISSIONS + 1 }, (_, i) => i * ACK_TIMEOUT_MS);

    // One millisecond before the last retransmission's timeout: every retransmission sent, the session still up.
    await rig.sched.advance((RETRANSMISSIONS + 1) * ACK_TIMEOUT_MS - 1);
    expect(transmissionsOf(capture, command.seq, command.sentAt)).toEqual(everyTimeout);
    expect(rig.link.state).toBe('up');

    await rig.sched.advance(1);
    expect(rig.link.state).toBe('down');
    const down = rig.events.filter((e) => e.type === 'state' && e.state === 'down');
    expect(down).toEqual([expect.objectContaining({ code: 'noAck', params: { code: 'TIME_SYNC', seq: String(command.seq), count: String(RETRANSMISSIONS) } })]);
    expect(rig.link.counters.linkDowns).toBe(downsBefore + 1);

    // No 7th transmission while no session is up; the frame is neither dropped nor failed.
    await rig.sched.advance(2_000);
    expect(transmissionsOf(capture, command.seq, command.sentAt)).toEqual(everyTimeout);
    expect(command.settled()).toBe('pending');
    expect(rig.link.sequence.outstandingSeq).toBe(command.seq);

    // The shoe is heard again: a new handshake, whose HELLO says the shoe had the kept frame (only its ACKs
    // were lost, §8.4 c), so it is settled without a 7th transmission.
    rig.wire.unmute();
    await rig.untilUp();
    await rig.sched.runUntil(() => command.settled() !== 'pending', 1_000);
    expect(command.settled()).toBe('acknowledged');
    expect(transmissionsOf(capture, command.seq, command.sentAt)).toEqual(everyTimeout);
  });

  it(`an ACK to the ${RETRANSMISSIONS}th retransmission (the last allowed) keeps the session`, async () => {
    const { rig, capture } = await idleLink();
    const downsBefore = rig.link.counters.linkDowns;
    const command = await unansweredCommand(rig);

    // Lost: the ACKs of the first transmission and of retransmissions 1 to 4.
    await rig.sched.advance(RETRANSMISSIONS * ACK_TIMEOUT_MS - 1);
    expect(transmissionsOf(capture, command.seq, command.sentAt)).toHaveLength(RETRANSMISSIONS);
    rig.wire.unmute();
    await rig.sched.advance(1);
    await rig.sched.runUntil(() => command.settled() !== 'pending', ACK_TIMEOUT_MS - 1, 1);

    expect(command.settled()).toBe('acknowledged');
    expect(transmissionsOf(capture, command.seq, command.sentAt)).toEqual(Array.from({ length: RETRANSMISSIONS + 1 }, (_, i) => i * ACK_TIMEOUT_MS));
    await rig.sched.advance(2_000);
    expect(rig.link.state).toBe('up');
    expect(rig.events.filter((e) => e.type === 'state' && e.state === 'down')).toEqual([]);
    expect(rig.link.counters.linkDowns).toBe(downsBefore);
  });
});
