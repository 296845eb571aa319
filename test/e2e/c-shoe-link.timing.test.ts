// The controller's serial link (ShoeLink) against the C host shoe (firmware-protocol/c, built by
// make under AddressSanitizer + UBSan) over a real socat pty pair: a seeded six-deck shoe dealt with
// line faults injected in the shoe (drop, corrupt, delay) and an unplug — every card reaches the
// application exactly once, in order (PROTOCOL.md §9); then a power loss mid-shoe, which the link
// must report as a peer cold start (§8.4 a) with a new session nonce (§8.6). The seeded shoe is the
// TS emulator's shuffle, so this also checks the C port of mulberry32 and Fisher-Yates.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeliveredShoeMessage, LinkEvent } from '../../src/adapters/serial/shoe-link.js';
import { mulberry32, shuffledShoe } from '../../src/random/prng.js';
import { eventsOf, expectExactlyOnceInOrder } from '../adapters/serial/harness.js';
import { startPtyPair } from '../adapters/serial/socat.js';
import { C_DIR, cShoeRig, ready, sleep, startHostShoe, startLink, waitFor } from './c-shoe-rig.js';

const r = cShoeRig();

describe.skipIf(!ready)(ready ? 'controller link against the C host shoe' : 'skipped: needs socat and a C compiler', () => {
  beforeAll(() => {
    execFileSync('make', ['-s', '-C', C_DIR, 'build/host-shoe-san'], { stdio: 'pipe' });
  }, 120_000);

  it('deals a six-deck shoe with drop, corrupt, delay and an unplug: each card exactly once, in order', async () => {
    r.pair = await startPtyPair();
    const delivered: DeliveredShoeMessage[] = [];
    const events: LinkEvent[] = [];
    startHostShoe(r, ['--scripted', '--draw-ms', '5', '--seed', '2025', '--decks', '6', '--faults', 'drop=0.02,corrupt=0.02,delay=0.01:300,unplug@150:4,seed=7']);
    const link = startLink(r, delivered, events);
    await waitFor(r, 'link up', () => link.state === 'up', 8000);
    void link.unlockGate(0);
    const cards = shuffledShoe(6, mulberry32(2025));
    await waitFor(r, '312 cards', () => delivered.filter((d) => d.message.type === 'CARD_DRAWN').length >= 312, 50_000);
    expectExactlyOnceInOrder(delivered, cards);
    expect(eventsOf(delivered, 'SHOE_LOADED')).toEqual([{ type: 'SHOE_LOADED', deckCount: 6, cardCount: 312 }]);
    expect(eventsOf(delivered, 'CUT_CARD_SEEN')).toEqual([{ type: 'CUT_CARD_SEEN', drawIndex: 234 }]);
    const states = events.flatMap((e) => (e.type === 'state' ? [e.state] : []));
    expect(states).toContain('down'); // the unplug outlasted the 3500 ms watchdog (§10.2)
    expect(states.at(-1)).toBe('up');
    expect(link.counters.discardedBytes).toBeGreaterThan(0); // corrupted frames seen and repaired
    expect(r.log).toMatch(/injected tx-drop/);
  }, 70_000);

  it('a power loss mid-shoe is a peer cold start under a new nonce (§8.4 a, §8.6), reported as an incident', async () => {
    r.pair = await startPtyPair();
    const events: LinkEvent[] = [];
    startHostShoe(r, ['--scripted', '--draw-ms', '5', '--seed', '3', '--decks', '1', '--faults', 'reboot@10:0.5']);
    const link = startLink(r, [], events);
    await waitFor(r, 'link up', () => link.state === 'up', 8000);
    void link.unlockGate(0);
    await waitFor(r, 'incident', () => events.some((e) => e.type === 'incident'), 10_000);
    const incident = events.find((e) => e.type === 'incident');
    expect(incident?.type === 'incident' && incident.incident.kind).toBe('peer-cold-start');
    const nonces = [...r.log.matchAll(/nonce ([0-9a-f]{8})/g)].map((m) => m[1]);
    expect(nonces.length).toBe(2);
    expect(nonces[0]).not.toBe(nonces[1]);
  }, 20_000);

  it('honours the allowance: with GATE_UNLOCK 3 exactly three cards leave the shoe', async () => {
    r.pair = await startPtyPair();
    const delivered: DeliveredShoeMessage[] = [];
    startHostShoe(r, ['--scripted', '--draw-ms', '5', '--seed', '1', '--decks', '1']);
    const link = startLink(r, delivered, []);
    await waitFor(r, 'link up', () => link.state === 'up', 8000);
    await link.unlockGate(3);
    await sleep(800);
    expect(delivered.filter((d) => d.message.type === 'CARD_DRAWN').length).toBe(3);
  }, 20_000);
});
