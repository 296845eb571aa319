// The cause of an out-of-turn card after an unplug (PROTOCOL.md §7.5.3, §8.5), pinned down on virtual time.
// A card leaves the shoe under an allowance of one; its CARD_DRAWN never reaches the controller (the
// line is cut). After the re-handshake the controller re-sends the gate state it wants (§8.5): an
// allowance of one, because it has not seen that card. In protocol version 1 the shoe took that as one
// MORE card — the allowance was spent twice and a second card left out of turn. In version 2 the
// GATE_UNLOCK says which shoe events it was granted after (`seenSeq`, §7.5.3): the card still waiting
// in the shoe's queue counts against it, the gate stays shut, the card is delivered, and only then
// does the controller open the gate for the next one.
// The second case is the other path to the same card: settling the controller's outstanding frame at
// the handshake used to pump a GATE_UNLOCK queued during the outage onto the wire (and the shoe
// carried it out) before the wanted GATE_LOCK was queued. Both cases were checked red against the
// old behaviour (seenSeq ignored; the old order in ShoeLink.onHello).
import { describe, expect, it } from 'vitest';
import { oneDeck } from '../../../firmware-protocol/src/index.js';
import { type Rig } from './harness.js';
import { useLinkRig } from './link-rig.js';

const rigs = useLinkRig();
let rig: Rig | null = null;

/** A link and an emulated shoe in session on virtual time, the shoe's SHOE_LOADED delivered. */
async function linkUp(deck: ReturnType<typeof oneDeck>): Promise<Rig> {
  rig = rigs.make(deck);
  rig.link.start();
  rig.emulator.powerOn();
  await rig.untilUp();
  await rig.sched.advance(100);
  return rig;
}

describe('the gate allowance across a reconnect (§7.5.3, §8.5)', () => {
  it('a card released before an unplug and delivered after it is not paid for twice', async () => {
    const deck = oneDeck();
    const r = await linkUp(deck);
    void r.link.unlockGate(1);
    await r.sched.advance(50);
    expect(r.emulator.gate).toBe('unlocked');
    // The line from the shoe goes dead just as the dealer pulls the card: its CARD_DRAWN is lost.
    r.wire.mute();
    const first = r.emulator.drawCard();
    await r.sched.advance(5);
    await expect(first).resolves.toMatchObject({ drawIndex: 1, card: deck[0] });
    expect(r.cards()).toHaveLength(0);
    // The cable comes out and goes back in; the shoe keeps its queue (§8.2).
    r.emulator.unplug(800);
    r.wire.unmute();
    // The dealer's hand is already on the next card.
    const second = r.emulator.drawCard();
    let secondOut = false;
    void second.then(() => (secondOut = true));
    await r.sched.advance(8000);
    await r.untilUp();
    // The first card arrived (retransmitted after the handshake), exactly once; no second card left.
    expect(r.cards()).toEqual([deck[0]]);
    expect(secondOut).toBe(false);
    expect(r.emulator.cardsDealt).toBe(1);
    expect(r.emulator.gate).toBe('locked');
    // Once the controller has seen the first card, an allowance of one opens the gate for the second.
    void r.link.unlockGate(1);
    await r.sched.advance(100);
    expect(secondOut).toBe(true);
    await r.untilCards(2);
    expect(r.cards()).toEqual([deck[0], deck[1]]);
  });

  it('a GATE_UNLOCK queued before the link went down is not carried out ahead of the wanted gate state', async () => {
    const deck = oneDeck();
    const r = await linkUp(deck);
    // A command reaches the shoe and is carried out, but its ACK is lost: at the next handshake the
    // shoe's lastRxSeq settles it (§8.4 c).
    r.wire.mute();
    void r.link.setIndicator('burn');
    await r.sched.advance(5);
    expect(r.emulator.currentIndicator).toMatchObject({ target: 'burn' });
    // The shoe goes away; meanwhile the controller first wants one card, then none (the table paused).
    r.emulator.unplug(1500);
    r.wire.unmute();
    await r.sched.advance(50);
    void r.link.unlockGate(1);
    void r.link.lockGate();
    const pull = r.emulator.drawCard();
    let out = false;
    void pull.then(() => (out = true));
    await r.sched.advance(10_000);
    await r.untilUp();
    expect(out).toBe(false);
    expect(r.emulator.cardsDealt).toBe(0);
    expect(r.emulator.gate).toBe('locked');
  });

  it('a GATE_UNLOCK that waited in the queue while the card it granted was delivered carries the anchor of when it goes out', async () => {
    // Seen under test/e2e/pty-table's fault mix: two link recoveries in a row each asked for the dealer's
    // next card; the second GATE_UNLOCK waited behind INDICATORs while the first one's card was delivered
    // and acknowledged, then went out anchored to the event before that card — and the shoe, with nothing
    // left unacknowledged after that anchor, released a second card out of turn.
    const deck = oneDeck();
    const r = await linkUp(deck);
    // The dealer's hand is on the shoe, pulling whenever the gate lets a card go.
    const pulls = [r.emulator.drawCard(), r.emulator.drawCard()];
    let released = 0;
    for (const p of pulls) void p.then(() => released++);
    void r.link.setIndicator('dealer');
    void r.link.unlockGate(1);
    for (let i = 0; i < 6; i++) void r.link.setIndicator('dealer');
    void r.link.unlockGate(1); // the same wish again (the table's gate steering re-sent after a link change)
    await r.sched.advance(2000);
    expect(r.cards()).toEqual([deck[0]]);
    expect(released).toBe(1);
    expect(r.emulator.cardsDealt).toBe(1);
    // The link counted the card against the wish; the next unlock is for the next card only.
    void r.link.unlockGate(1);
    await r.sched.advance(200);
    expect(r.cards()).toEqual([deck[0], deck[1]]);
  });
});

