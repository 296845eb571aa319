// ShoeLink contract details (PROTOCOL.md §6.3, §8, §9.6, §10) over the mock binding.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPortMock } from 'serialport';
import { describe, expect, it } from 'vitest';
import { fromHex, oneDeck } from '../../../firmware-protocol/src/index.js';
import { JsonlCaptureWriter, MemoryCapture, readCapture, replayCapture } from '../../../src/adapters/serial/capture.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';
import { LinkClosedError, ShoeLink, type LinkEvent } from '../../../src/adapters/serial/shoe-link.js';
import { eventsOf, expectExactlyOnceInOrder, MOCK_PATH, resetMockBinding, type Rig } from './harness.js';
import { useLinkRig } from './link-rig.js';

const rigs = useLinkRig();
let rig: Rig | null = null;

async function upRig(...args: Parameters<typeof rigs.make>): Promise<Rig> {
  rig = rigs.make(...args);
  rig.link.start();
  rig.emulator.powerOn();
  await rig.untilUp();
  return rig;
}

describe('persist, then act (§9.6)', () => {
  it('ACKs only after onMessage resolves; retransmissions during a slow persist are not delivered', async () => {
    const deck = oneDeck();
    const capture = new MemoryCapture();
    const r = await upRig(deck, { persistMs: 400, link: { capture } });
    await r.deal(10, 50);
    await r.untilCards(10);
    expect(r.link.counters.duplicatesInFlight).toBeGreaterThan(0);
    const rx = replayCapture(capture.records, 'rx').frames;
    const tx = replayCapture(capture.records, 'tx').frames;
    for (const d of r.delivered) {
      const firstRx = rx.find((f) => f.seq === d.seq)!.t;
      const ack = tx.find((f) => f.message.type === 'ACK' && f.message.ackSeq === d.seq)!.t;
      expect(ack - firstRx).toBeGreaterThanOrEqual(400);
    }
    await r.deal(42, 50);
    await r.untilCards(52);
    expectExactlyOnceInOrder(r.delivered, deck);
  });

  it('a failing handler gets no ACK; the retransmission offers the same event again', async () => {
    const deck = oneDeck();
    let failures = 0;
    rig = rigs.make(deck);
    const errors: LinkEvent[] = [];
    const delivered: number[] = [];
    const link = new ShoeLink({
      path: MOCK_PATH,
      baudRate: 115200,
      binding: rig.wire.binding,
      clock: rig.sched,
      onMessage: async (m) => {
        if (m.message.type === 'CARD_DRAWN' && m.message.drawIndex % 5 === 0 && failures < 4) {
          failures++;
          throw new Error('disk full');
        }
        delivered.push(m.seq);
        rig!.delivered.push(m);
      },
      onEvent: (e) => e.type === 'handler-error' && errors.push(e),
    });
    rigs.cleanup(() => link.close());
    link.start();
    rig.emulator.powerOn();
    await rig.sched.runUntil(() => link.state === 'up', 5000);
    void link.unlockGate(0);
    for (let i = 0; i < 52; i++) (void rig.emulator.drawCard(), await rig.sched.advance(40));
    await rig.sched.runUntil(() => rig!.cards().length >= 52, 60_000);
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatchObject({ type: 'handler-error', message: { type: 'CARD_DRAWN', drawIndex: 5 } });
    expect(link.counters.handlerFailures).toBe(4);
    expectExactlyOnceInOrder(rig.delivered, deck);
  });
});

describe('sequence numbers survive restarts (§8.4)', () => {
  it('a controller restart with the persisted resume point neither loses nor repeats anything', async () => {
    const deck = oneDeck();
    const r = await upRig(deck);
    await r.deal(20);
    await r.untilCards(20);
    const resume = { lastRxSeq: r.link.sequence.lastRxSeq, nextTxSeq: r.link.sequence.nextTxSeq };
    await r.link.close();
    const events: LinkEvent[] = [];
    const link2 = new ShoeLink({ path: MOCK_PATH, baudRate: 115200, binding: r.wire.binding, clock: r.sched, resume, onMessage: async (m) => void r.delivered.push(m), onEvent: (e) => void events.push(e) });
    rigs.cleanup(() => link2.close());
    // The dealer keeps pulling while the controller is away: the shoe queues (its gate locks).
    for (let i = 0; i < 5; i++) void r.emulator.drawCard();
    await r.sched.advance(3000);
    link2.start();
    await r.sched.runUntil(() => link2.state === 'up', 10_000);
    void link2.unlockGate(0);
    for (let i = 0; i < 27; i++) (void r.emulator.drawCard(), await r.sched.advance(20));
    await r.untilCards(52);
    expectExactlyOnceInOrder(r.delivered, deck);
    expect(events.filter((e) => e.type === 'sequence')).toEqual([]);
  });

  it('a controller without persisted state adopts the shoe numbering and says so', async () => {
    const r = await upRig(oneDeck());
    await r.deal(5);
    await r.untilCards(5);
    await r.link.close();
    const events: LinkEvent[] = [];
    const link2 = new ShoeLink({ path: MOCK_PATH, baudRate: 115200, binding: r.wire.binding, clock: r.sched, onMessage: async () => undefined, onEvent: (e) => void events.push(e) });
    rigs.cleanup(() => link2.close());
    link2.start();
    await r.sched.runUntil(() => link2.state === 'up', 10_000);
    expect(events.find((e) => e.type === 'sequence')).toMatchObject({ continuity: { kind: 'adopted', announced: r.emulator.sequenceState.nextTxSeq } });
  });

  it('a shoe that lost power (cold start) is reported, and its new numbering accepted', async () => {
    const deck = oneDeck();
    const r = await upRig(deck);
    await r.deal(5);
    await r.untilCards(5);
    // The shoe loses power for 5 s: RAM (sequence state, queue) is gone, it comes back cold.
    r.emulator.powerCycle(5000);
    await r.sched.runUntil(() => r.events.some((e) => e.type === 'sequence'), 15_000);
    expect(r.link.counters.linkDowns).toBe(1);
    expect(r.events.find((e) => e.type === 'sequence')).toMatchObject({ continuity: { kind: 'peer-cold-start', lastDelivered: 6 } });
    // A sequence incident (§8.4 a): the link holds the shoe's events (unacknowledged) until released.
    expect(r.events.find((e) => e.type === 'incident')).toMatchObject({ incident: { kind: 'peer-cold-start', hello: { coldStart: true }, link: { lastRxSeqBefore: 6, lastRxSeqAfter: 0 } } });
    await r.sched.advance(3000);
    expect(r.delivered).toHaveLength(6);
    expect(r.link.counters.heldFrames).toBeGreaterThan(0);
    r.link.releaseHold();
    await r.sched.runUntil(() => r.delivered.length >= 7, 5000);
    expect(r.delivered.at(-1)).toMatchObject({ seq: 1, message: { type: 'SHOE_LOADED', deckCount: 1, cardCount: 47 } });
    // Dealing resumes with drawIndex 1 on the cards left in the shoe.
    void r.link.unlockGate(0);
    for (let i = 0; i < 3; i++) (void r.emulator.drawCard(), await r.sched.advance(20));
    await r.untilCards(8);
    expect(eventsOf(r.delivered, 'CARD_DRAWN').slice(5).map((c) => [c.drawIndex, c.card])).toEqual([[1, deck[5]], [2, deck[6]], [3, deck[7]]]);
  });
});

describe('handshake outcomes (§8.1, §8.3)', () => {
  it('refuses an incompatible shoe: state "incompatible", version-mismatch event, no event delivered', async () => {
    rig = rigs.make(oneDeck(), { emulator: { protocolVersions: { min: 3, max: 4 } } });
    rig.link.start();
    rig.emulator.powerOn();
    await rig.sched.advance(12_000);
    expect(rig.link.state).toBe('incompatible');
    expect(rig.emulator.sessionState).toBe('incompatible');
    expect(rig.events.find((e) => e.type === 'version-mismatch')).toMatchObject({ shoe: { protocolVersion: 4, minProtocolVersion: 3 }, controller: { min: 2, max: 2 } });
    expect(rig.delivered).toEqual([]);
  });

  it('detects an echoing line from its own HELLO coming back', async () => {
    resetMockBinding();
    SerialPortMock.binding.createPort(MOCK_PATH, { echo: true });
    const sched = new VirtualClock();
    const events: LinkEvent[] = [];
    const link = new ShoeLink({ path: MOCK_PATH, baudRate: 115200, binding: SerialPortMock.binding, clock: sched, onMessage: async () => undefined, onEvent: (e) => void events.push(e) });
    rigs.cleanup(() => link.close());
    link.start();
    await sched.advance(1500);
    expect(link.state).toBe('handshaking');
    expect(events.find((e) => e.type === 'protocol-error')).toMatchObject({ reason: 'loopback' });
  });
});

describe('commands', () => {
  it('requestStatus() resolves with the STATUS that answers it', async () => {
    const r = await upRig(oneDeck());
    const status = r.link.requestStatus();
    await r.sched.advance(100);
    await expect(status).resolves.toMatchObject({ type: 'STATUS', shoePresent: true, deckCount: 1, cardsDealt: 0, gate: 'locked' });
    expect(eventsOf(r.delivered, 'STATUS')).toHaveLength(1);
  });

  it('re-sends the wanted gate state with the remaining allowance after the shoe re-handshakes (§8.5)', async () => {
    const r = await upRig(oneDeck());
    void r.link.unlockGate(5);
    for (let i = 0; i < 2; i++) (void r.emulator.drawCard(), await r.sched.advance(20));
    await r.untilCards(2);
    r.emulator.unplug(1000); // the shoe locks and handshakes again when the cable returns
    await r.sched.advance(6000);
    await r.untilUp();
    expect(r.emulator.gate).toBe('unlocked');
    for (let i = 0; i < 5; i++) (void r.emulator.drawCard(), await r.sched.advance(20));
    await r.sched.advance(500);
    expect(r.cards()).toHaveLength(5); // 2 + the 3 left of the allowance
    expect(r.emulator.gate).toBe('locked');
  });

  it('rejects an invalid command at once, and pending commands on close', async () => {
    const r = await upRig(oneDeck());
    await expect(r.link.unlockGate(300)).rejects.toThrow(/allowance/);
    r.wire.mute();
    r.emulator.powerOff();
    const pending = r.link.lockGate();
    await r.sched.advance(10);
    await r.link.close();
    await expect(pending).rejects.toBeInstanceOf(LinkClosedError);
    expect(r.link.state).toBe('closed');
  });
});

describe('I/O errors and counters', () => {
  it('closing with I/O pending (err.canceled) is absorbed, not surfaced as a fault', async () => {
    const r = await upRig(oneDeck());
    const errs: unknown[] = [];
    const onUnhandled = (e: unknown): void => void errs.push(e);
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    try {
      void r.link.lockGate().catch(() => undefined);
      await r.link.close();
      await r.sched.advance(100);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      process.off('uncaughtException', onUnhandled);
    }
    expect(errs).toEqual([]);
    expect(r.events.some((e) => e.type === 'io-error')).toBe(false);
  });

  it('reports counters as events, coalesced, and with every state change', async () => {
    const r = await upRig(oneDeck(), { emulator: { faults: { drop: 0, corrupt: 0.2, dup: 0, delay: 0, delayMs: 400, misread: 0, scheduled: [] } } });
    await r.deal(20);
    await r.untilCards(20);
    const counters = r.events.filter((e) => e.type === 'counters');
    expect(counters.length).toBeGreaterThan(2);
    const last = counters.at(-1);
    expect(last?.type === 'counters' && last.counters.discardedBytes).toBeGreaterThan(0);
    // Coalesced: at most one per second of virtual time, plus one per state change.
    const states = r.events.filter((e) => e.type === 'state').length;
    const seconds = Math.ceil((r.sched.now() - (r.events[0]?.at ?? 0)) / 1000) + 1;
    expect(counters.length).toBeLessThanOrEqual(seconds + states);
  });
});

describe('raw capture (JSONL)', () => {
  it('records both directions with timestamps, and replaying the rx bytes gives what was delivered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shoe-capture-'));
    rigs.cleanup(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'link.jsonl');
    const deck = oneDeck();
    const r = await upRig(deck, { link: { capture: new JsonlCaptureWriter(file) }, emulator: { faults: { drop: 0.05, corrupt: 0.05, dup: 0.05, delay: 0, delayMs: 400, misread: 0, scheduled: [] } } });
    await r.deal(52);
    await r.untilCards(52);
    await r.link.close();
    const records = await readCapture(file);
    expect(records.some((x) => x.dir === 'tx')).toBe(true);
    expect(records.every((x, i) => i === 0 || x.t >= (records[i - 1] as { t: number }).t)).toBe(true);
    const replay = replayCapture(records, 'rx');
    const rxBytes = records.filter((x) => x.dir === 'rx').reduce((n, x) => n + fromHex(x.hex).length, 0);
    expect(replay.bytes).toBe(rxBytes);
    expect(replay.bytes).toBe(r.link.counters.bytesRx);
    // Every delivered event is in the replay (duplicates included), and nothing else sequenced.
    const replaySeqs = new Set(replay.frames.filter((f) => f.seq !== 0).map((f) => f.seq));
    expect(new Set(r.delivered.map((d) => d.seq))).toEqual(replaySeqs);
    expect(replay.discarded.reduce((n, d) => n + d.length, 0)).toBe(r.link.counters.discardedBytes);
  });
});
