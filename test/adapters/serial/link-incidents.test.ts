// Sequence incidents at the link (PROTOCOL.md §8.6, §8.7), on virtual time over the mock binding:
// which HELLOs are incidents, what the link does with them (ignore a stale one, hold deliveries), and
// which are not (the shoe repeating its cold-start HELLO because the reply was lost).
import { describe, expect, it } from 'vitest';
import { encodeFrame, oneDeck, type HelloMessage } from '../../../firmware-protocol/src/index.js';
import { type Rig } from './harness.js';
import { useLinkRig } from './link-rig.js';

const rigs = useLinkRig();
let rig: Rig | null = null;

async function upRig(): Promise<Rig> {
  let nonce = 0x1000;
  rig = rigs.make(oneDeck(), { emulator: { nonceSource: () => ++nonce } });
  rig.link.start();
  rig.emulator.powerOn();
  await rig.untilUp();
  return rig;
}

const shoeHello = (over: Partial<HelloMessage>): Uint8Array =>
  encodeFrame({ seq: 0, message: { type: 'HELLO', protocolVersion: 2, minProtocolVersion: 2, role: 'shoe', reply: false, coldStart: true, firmwareVersion: '1.0.0', serialNumber: 'EMU-0001', deckCount: 1, nextTxSeq: 1, lastRxSeq: 0, bootNonce: 1, peerNonce: 0, ...over } });

describe('sequence incidents (§8.6, §8.7)', () => {
  it('a cold-start HELLO under the current nonce after events were delivered is stale: ignored, reported, deliveries held', async () => {
    const r = await upRig();
    await r.deal(3);
    await r.untilCards(3);
    const before = { ...r.link.sequence };
    const handshakes = r.link.counters.handshakes;
    r.wire.inject(shoeHello({ bootNonce: r.emulator.sessionNonce }));
    await r.sched.advance(10);
    expect(r.events.filter((e) => e.type === 'incident')).toMatchObject([{ incident: { kind: 'stale-hello', hello: { bootNonce: r.emulator.sessionNonce, coldStart: true }, cause: { code: 'incidentStaleColdStart', params: { nonce: String(r.emulator.sessionNonce) } } } }]);
    expect(r.link.sequence.lastRxSeq).toBe(before.lastRxSeq); // not reset
    expect(r.link.counters.handshakes).toBe(handshakes); // no session restart, no reply
    expect(r.link.held).toMatch(/stale-hello/);
    // The real shoe's next event is held (not delivered, not ACKed) ...
    void r.emulator.drawCard();
    await r.sched.advance(1000);
    expect(r.cards()).toHaveLength(3);
    expect(r.link.counters.heldFrames).toBeGreaterThan(0);
    // ... until released; then it arrives once, in order.
    r.link.releaseHold();
    await r.untilCards(4);
    expect(r.cards()).toEqual(oneDeck().slice(0, 4));
  });

  it('a HELLO under a nonce the shoe has left (an earlier power-up) is stale', async () => {
    const r = await upRig();
    await r.deal(2);
    await r.untilCards(2);
    const old = r.emulator.sessionNonce;
    r.emulator.powerCycle(200); // a genuine restart: a new nonce, peer-cold-start
    await r.sched.runUntil(() => r.events.some((e) => e.type === 'incident'), 10_000);
    expect(r.events.filter((e) => e.type === 'incident').map((e) => (e as { incident: { kind: string } }).incident.kind)).toEqual(['peer-cold-start']);
    expect(r.emulator.sessionNonce).not.toBe(old);
    r.link.releaseHold();
    await r.sched.advance(2000);
    r.wire.inject(shoeHello({ bootNonce: old, coldStart: false, nextTxSeq: 3, lastRxSeq: 2 }));
    await r.sched.advance(10);
    expect((r.events.filter((e) => e.type === 'incident').at(-1) as { incident: { kind: string } }).incident.kind).toBe('stale-hello');
  });

  it('the shoe repeating its cold-start HELLO (our reply lost) is no incident', async () => {
    rig = rigs.make(oneDeck());
    const r = rig;
    r.link.start(); // the emulator stays off: the test speaks for the shoe
    await r.sched.advance(50);
    r.wire.inject(shoeHello({ bootNonce: 0x2222 }));
    await r.sched.advance(10);
    expect(r.link.state).toBe('up');
    // Our reply was lost: before any event of this session, the same cold-start HELLO again.
    r.wire.inject(shoeHello({ bootNonce: 0x2222 }));
    await r.sched.advance(10);
    expect(r.events.filter((e) => e.type === 'incident')).toEqual([]);
    expect(r.link.held).toBeNull();
  });

  it('a rollback is reported once while it holds, not at every re-handshake', async () => {
    const r = await upRig();
    await r.deal(5);
    await r.untilCards(5);
    const nonce = r.emulator.sessionNonce;
    for (let i = 0; i < 3; i++) {
      r.wire.inject(shoeHello({ bootNonce: nonce, coldStart: false, nextTxSeq: 2, lastRxSeq: 0, peerNonce: 0 }));
      await r.sched.advance(300);
    }
    const incidents = r.events.filter((e) => e.type === 'incident');
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ incident: { kind: 'rollback', link: { lastRxSeqBefore: 6, lastRxSeqAfter: 6 }, cause: { code: 'incidentRollback', params: { seq: '6' } } } });
  });
});
