// The emulator alone, driven frame by frame by a fake controller on virtual time: it must behave
// as PROTOCOL.md requires of the shoe firmware.
import { describe, expect, it } from 'vitest';
import { Deframer, encodeFrame, oneDeck, type ControllerCommand, type Frame, type HelloMessage, type Message } from '../../../firmware-protocol/src/index.js';
import { ShoeEmulator, type ShoeEmulatorOptions } from '../../../src/adapters/shoe-emulator/emulator.js';
import { parseFaultSpec } from '../../../src/adapters/shoe-emulator/faults.js';
import { mulberry32 } from '../../../src/random/prng.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';

interface Seen extends Frame {
  t: number;
}

function setup(o: Partial<ShoeEmulatorOptions> = {}) {
  const sched = new VirtualClock();
  const t0 = sched.now();
  const emu = new ShoeEmulator({ clock: sched, rng: mulberry32(1), cards: oneDeck(), ...o });
  const deframer = new Deframer({ from: 'shoe' });
  const seen: Seen[] = [];
  emu.attach((bytes) => {
    for (const f of deframer.push(bytes).frames) seen.push({ seq: f.seq, message: f.message, t: sched.now() - t0 });
  });
  let txSeq = 0;
  const ctl = {
    sched,
    emu,
    seen,
    of: <T extends Message['type']>(type: T) => seen.filter((f) => f.message.type === type),
    send(frame: Frame) {
      emu.receive(encodeFrame(frame));
    },
    hello(over: Partial<HelloMessage> = {}) {
      ctl.send({ seq: 0, message: { type: 'HELLO', protocolVersion: 2, minProtocolVersion: 2, role: 'controller', reply: false, coldStart: false, firmwareVersion: '0.1.0', serialNumber: 'T', deckCount: 0, nextTxSeq: txSeq + 1, lastRxSeq: 0, ...over } });
    },
    command(cmd: ControllerCommand, seq = ++txSeq) {
      ctl.send({ seq, message: cmd });
      return seq;
    },
    ack(seq: number) {
      ctl.send({ seq: 0, message: { type: 'ACK', ackSeq: seq } });
    },
    /** ACKs every sequenced frame the shoe sent that is not acknowledged yet. */
    ackAll() {
      for (const f of seen) if (f.seq !== 0 && !acked.has(f.seq)) (acked.add(f.seq), ctl.ack(f.seq));
    },
    async up() {
      emu.powerOn();
      ctl.hello();
      await sched.advance(1);
    },
  };
  const acked = new Set<number>();
  return ctl;
}

describe('handshake (§8.1)', () => {
  it('sends a cold-start HELLO request every second until answered, and nothing sequenced', async () => {
    const c = setup();
    c.emu.powerOn();
    await c.sched.advance(3500);
    const hellos = c.of('HELLO');
    expect(hellos.map((h) => h.t)).toEqual([0, 1000, 2000, 3000]);
    expect(hellos[0]?.message).toMatchObject({ role: 'shoe', reply: false, coldStart: true, nextTxSeq: 1, lastRxSeq: 0, protocolVersion: 2 });
    expect(c.seen.every((f) => f.seq === 0)).toBe(true);
  });

  it('answers a controller HELLO request with a reply, then sends SHOE_LOADED and heartbeats every second', async () => {
    const c = setup();
    await c.up();
    const reply = c.of('HELLO').find((h) => h.message.type === 'HELLO' && h.message.reply);
    expect(reply?.message).toMatchObject({ reply: true, coldStart: true, nextTxSeq: 1 });
    expect(c.emu.sessionState).toBe('up');
    expect(c.seen.find((f) => f.seq === 1)?.message).toEqual({ type: 'SHOE_LOADED', deckCount: 1, cardCount: 52 });
    c.ack(1);
    await c.sched.advance(3000);
    expect(c.of('HEARTBEAT').map((h) => h.t)).toEqual([0, 1000, 2000, 3000]);
    // Later HELLOs are warm (§8.2).
    c.hello();
    await c.sched.advance(1);
    expect(c.of('HELLO').at(-1)?.message).toMatchObject({ reply: true, coldStart: false, nextTxSeq: 2 });
  });

  it('ignores a HELLO reply it did not ask for, and a HELLO with role "shoe" (echo)', async () => {
    const c = setup();
    await c.up();
    c.ack(1);
    const before = c.seen.length;
    c.hello({ reply: true, lastRxSeq: 0 });
    c.hello({ role: 'shoe' });
    await c.sched.advance(1);
    expect(c.seen.slice(before).filter((f) => f.message.type === 'HELLO')).toEqual([]);
  });
});

describe('reliable delivery (§9)', () => {
  it('retransmits every 250 ms, five times, then loses the session, locks the gate and handshakes', async () => {
    const c = setup();
    await c.up();
    await c.sched.advance(2000);
    const copies = c.seen.filter((f) => f.seq === 1).map((f) => f.t);
    expect(copies).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(c.emu.sessionState).toBe('handshaking');
    expect(c.emu.gate).toBe('locked');
    const helloAfter = c.of('HELLO').filter((h) => h.t > 1250);
    expect(helloAfter[0]?.message).toMatchObject({ reply: false, coldStart: false, nextTxSeq: 1 });
    // The frame is kept: after the next handshake it is sent again.
    c.hello();
    await c.sched.advance(1);
    expect(c.seen.filter((f) => f.seq === 1).length).toBe(7);
  });

  it('treats its outstanding frame as delivered when the controller HELLO says so (§8.4 c)', async () => {
    const c = setup();
    await c.up();
    await c.sched.advance(2000); // session lost with seq 1 outstanding
    c.hello({ lastRxSeq: 1, nextTxSeq: 1 });
    await c.sched.advance(1);
    expect(c.emu.sequenceState).toMatchObject({ outstanding: null, nextTxSeq: 2 });
  });

  it('sends one sequenced frame at a time (stop-and-wait)', async () => {
    const c = setup();
    await c.up();
    c.emu.pressButton();
    c.emu.pressButton('secondary', 'long');
    await c.sched.advance(100);
    expect(c.seen.filter((f) => f.seq > 0).map((f) => f.seq)).toEqual([1]);
    c.ack(1);
    await c.sched.advance(1);
    c.ack(2);
    await c.sched.advance(1);
    expect(c.seen.filter((f) => f.seq > 0).map((f) => [f.seq, f.message.type])).toEqual([
      [1, 'SHOE_LOADED'],
      [2, 'DEALER_BUTTON'],
      [3, 'DEALER_BUTTON'],
    ]);
  });

  it('executes a repeated command once and ACKs every copy (§6.3); NAKs a gap and commands without a session', async () => {
    const c = setup();
    c.emu.powerOn();
    c.command({ type: 'GATE_UNLOCK', allowance: 0 }, 1);
    await c.sched.advance(1);
    expect(c.of('NAK').at(-1)?.message).toEqual({ type: 'NAK', nakSeq: 1, reason: 'NO_SESSION' });
    c.hello({ nextTxSeq: 1 });
    c.command({ type: 'INDICATOR', target: 'seat', seat: 2, hand: 1 }, 1);
    c.command({ type: 'INDICATOR', target: 'seat', seat: 2, hand: 1 }, 1);
    c.command({ type: 'GATE_LOCK' }, 5);
    await c.sched.advance(1);
    expect(c.emu.stats.commandsExecuted).toBe(1);
    expect(c.emu.stats.duplicateCommands).toBe(1);
    expect(c.of('ACK').map((a) => a.message)).toEqual([
      { type: 'ACK', ackSeq: 1 },
      { type: 'ACK', ackSeq: 1 },
    ]);
    expect(c.of('NAK').at(-1)?.message).toEqual({ type: 'NAK', nakSeq: 5, reason: 'UNEXPECTED_SEQ' });
    expect(c.emu.currentIndicator).toEqual({ type: 'INDICATOR', target: 'seat', seat: 2, hand: 1 });
  });
});

describe('the draw gate (§7.5)', () => {
  it('holds the dealer pull until unlocked, honours the allowance, relocks by itself', async () => {
    const c = setup();
    await c.up();
    c.ackAll();
    const pulls = [c.emu.drawCard(), c.emu.drawCard(), c.emu.drawCard()];
    await c.sched.advance(100);
    expect(c.emu.heldDraws).toBe(3);
    expect(c.emu.cardsDealt).toBe(0);
    c.command({ type: 'GATE_UNLOCK', allowance: 2 });
    await c.sched.advance(1);
    for (let i = 0; i < 3; i++) (c.ackAll(), await c.sched.advance(1));
    expect(c.emu.cardsDealt).toBe(2);
    expect(c.emu.gate).toBe('locked');
    expect(c.emu.heldDraws).toBe(1);
    expect(await pulls[0]).toEqual({ drawIndex: 1, card: 'AS', misread: false });
    c.command({ type: 'GATE_UNLOCK', allowance: 0 });
    await c.sched.advance(1);
    c.ackAll();
    expect(await pulls[2]).toMatchObject({ drawIndex: 3, card: '3S' });
    c.command({ type: 'GATE_LOCK' });
    await c.sched.advance(1);
    expect(c.emu.gate).toBe('locked');
  });

  it('reports the cut card before the card that follows it, without using a drawIndex', async () => {
    const c = setup({ cutCardAfter: 2 });
    await c.up();
    c.command({ type: 'GATE_UNLOCK', allowance: 0 });
    for (let i = 0; i < 4; i++) void c.emu.drawCard();
    for (let i = 0; i < 8; i++) (c.ackAll(), await c.sched.advance(1));
    expect(c.seen.filter((f) => f.seq > 1).map((f) => f.message)).toEqual([
      expect.objectContaining({ type: 'CARD_DRAWN', drawIndex: 1 }),
      expect.objectContaining({ type: 'CARD_DRAWN', drawIndex: 2 }),
      { type: 'CUT_CARD_SEEN', drawIndex: 2 },
      expect.objectContaining({ type: 'CARD_DRAWN', drawIndex: 3 }),
      expect.objectContaining({ type: 'CARD_DRAWN', drawIndex: 4 }),
    ]);
  });

  it('answers STATUS_REQUEST with STATUS naming the request (§7.5.5)', async () => {
    const c = setup();
    await c.up();
    c.ackAll();
    const seq = c.command({ type: 'STATUS_REQUEST' });
    await c.sched.advance(1);
    expect(c.seen.at(-1)?.message).toEqual({ type: 'STATUS', inReplyTo: seq, gate: 'locked', shoePresent: true, deckCount: 1, cardsDealt: 0, cutCardSeen: false, jam: false, dirtySensor: false, cardReversed: false });
  });
});

describe('version mismatch (§8.3)', () => {
  it('stays locked, sends no heartbeat and no event, answers requests, repeats HELLO every 5 s', async () => {
    const c = setup();
    c.emu.powerOn();
    c.hello({ protocolVersion: 3, minProtocolVersion: 3 });
    await c.sched.advance(11_000);
    expect(c.emu.sessionState).toBe('incompatible');
    expect(c.emu.gate).toBe('locked');
    expect(c.of('HEARTBEAT')).toEqual([]);
    expect(c.seen.filter((f) => f.seq > 0)).toEqual([]);
    const requests = c.of('HELLO').filter((h) => h.message.type === 'HELLO' && !h.message.reply).map((h) => h.t);
    expect(requests).toEqual([0, 5000, 10000]);
    c.command({ type: 'GATE_UNLOCK', allowance: 1 }, 1);
    await c.sched.advance(1);
    expect(c.of('NAK').at(-1)?.message).toEqual({ type: 'NAK', nakSeq: 1, reason: 'VERSION_MISMATCH' });
  });
});

describe('misread semantics (§7.4.2)', () => {
  it('reports CARD_UNREADABLE, holds the shoe during the rescan, then CARD_DRAWN with rescan=1', async () => {
    const c = setup({ faults: parseFaultSpec('misread=1'), rescanMs: 300 });
    await c.up();
    c.command({ type: 'GATE_UNLOCK', allowance: 0 });
    void c.emu.drawCard();
    void c.emu.drawCard();
    for (let i = 0; i < 4; i++) (c.ackAll(), await c.sched.advance(1));
    expect(c.seen.filter((f) => f.seq > 1).map((f) => f.message)).toEqual([{ type: 'CARD_UNREADABLE', drawIndex: 1 }]);
    expect(c.emu.heldDraws).toBe(1);
    for (let i = 0; i < 4; i++) (c.ackAll(), await c.sched.advance(200));
    expect(c.seen.filter((f) => f.seq > 1).map((f) => f.message)).toEqual([
      { type: 'CARD_UNREADABLE', drawIndex: 1 },
      expect.objectContaining({ type: 'CARD_DRAWN', drawIndex: 1, card: 'AS', rescan: true }),
      { type: 'CARD_UNREADABLE', drawIndex: 2 },
      expect.objectContaining({ type: 'CARD_DRAWN', drawIndex: 2, card: '2S', rescan: true }),
    ]);
  });
});

describe('protocol version 2 (§7.5.3, §8.6)', () => {
  it('counts cards released after seenSeq against a GATE_UNLOCK allowance', async () => {
    const c = setup();
    await c.up();
    c.ackAll(); // SHOE_LOADED seq 1 delivered
    c.command({ type: 'GATE_UNLOCK', allowance: 1, seenSeq: 1 });
    await c.sched.advance(1);
    void c.emu.drawCard(); // card 1 leaves: CARD_DRAWN seq 2, not acknowledged
    await c.sched.advance(1);
    expect(c.emu.cardsDealt).toBe(1);
    const second = c.emu.drawCard();
    // The controller, not having seen seq 2, grants one card again: that card was seq 2's.
    c.command({ type: 'GATE_UNLOCK', allowance: 1, seenSeq: 1 });
    await c.sched.advance(1);
    expect(c.emu.gate).toBe('locked');
    expect(c.emu.cardsDealt).toBe(1);
    // Granted after seq 2: one more card.
    c.ackAll();
    c.command({ type: 'GATE_UNLOCK', allowance: 1, seenSeq: 2 });
    await c.sched.advance(1);
    expect(await second).toMatchObject({ drawIndex: 2 });
    // No anchor (seenSeq 0): the allowance counts from now, as in version 1.
    c.ackAll();
    void c.emu.drawCard();
    c.command({ type: 'GATE_UNLOCK', allowance: 1 });
    await c.sched.advance(1);
    expect(c.emu.cardsDealt).toBe(3);
  });

  it('sends its session nonce and echoes the controller\'s; a new power-up draws a new nonce', async () => {
    let n = 40;
    const c = setup({ nonceSource: () => ++n });
    await c.up();
    c.hello({ bootNonce: 777, peerNonce: 41 });
    await c.sched.advance(1);
    expect(c.of('HELLO').at(-1)?.message).toMatchObject({ bootNonce: 41, peerNonce: 777 });
    c.emu.powerCycle(100);
    await c.sched.advance(150);
    expect(c.of('HELLO').at(-1)?.message).toMatchObject({ coldStart: true, bootNonce: 42, peerNonce: 0 });
  });

  it('settles its unacknowledged frame from the controller\'s lastRxSeq only when the controller echoes its nonce (§8.4 c)', async () => {
    const c = setup({ nonceSource: () => 5 });
    await c.up();
    await c.sched.advance(2000); // session lost with seq 1 (SHOE_LOADED) unacknowledged
    c.hello({ lastRxSeq: 1, nextTxSeq: 1, bootNonce: 9, peerNonce: 6 }); // about another power-up of the shoe
    await c.sched.advance(1);
    expect(c.emu.sequenceState.outstanding).toBe(1); // kept and retransmitted, not dropped
    await c.sched.advance(2000);
    c.hello({ lastRxSeq: 1, nextTxSeq: 1, bootNonce: 9, peerNonce: 5 });
    await c.sched.advance(1);
    expect(c.emu.sequenceState.outstanding).toBeNull();
  });
});
