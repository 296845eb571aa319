// Soak: heavy random faults on many seeds (PROTOCOL.md §9). Within the design envelope (stalls
// shorter than the retransmission budget) every card arrives exactly once and in order; beyond
// it (stalls longer than the 3.5 s link-down timeout) the link may crawl, but what it delivers
// is still the shoe's prefix, in order, each event once.
import { describe, expect, it } from 'vitest';
import { parseFaultSpec } from '../../../src/adapters/shoe-emulator/faults.js';
import { mulberry32, shuffledShoe } from '../../../src/random/prng.js';
import { expectExactlyOnceInOrder, type Rig } from './harness.js';
import { useLinkRig } from './link-rig.js';

const rigs = useLinkRig();
let rig: Rig | null = null;

function spec(seed: number, delayMs: number): string {
  return `drop=0.12,corrupt=0.12,dup=0.1,delay=0.1:${delayMs},misread=0.05,jam@${(seed % 90) + 3}:0.5,unplug@${(seed % 60) + 30}:${(seed % 5) + 1},reversed@${(seed % 40) + 60}:0.3`;
}

async function soak(seed: number, delayMs: number, mustComplete: boolean): Promise<void> {
  const cards = shuffledShoe(2, mulberry32(seed));
  rig = rigs.make(cards, { emulator: { faults: parseFaultSpec(spec(seed, delayMs)) }, seed, persistMs: seed % 3 === 0 ? 300 : 0 });
  rig.link.start();
  rig.emulator.powerOn();
  await rig.untilUp(60_000);
  await rig.deal(cards.length, 25);
  const done = await rig.sched.runUntil(() => rig!.cards().length >= cards.length, 600_000, 50);
  const drawn = rig.delivered.flatMap((d) => (d.message.type === 'CARD_DRAWN' ? [d.message.card] : []));
  expect(drawn).toEqual(cards.slice(0, drawn.length));
  const seqs = rig.delivered.map((d) => d.seq);
  expect(new Set(seqs).size).toBe(seqs.length);
  if (mustComplete) {
    expect(done).toBe(true);
    expectExactlyOnceInOrder(rig.delivered, cards);
  }
}

describe('soak within the design envelope (stall ≤ 1.2 s, persistence up to 300 ms)', () => {
  for (let seed = 1; seed <= 30; seed++) it(`seed ${seed}`, () => soak(seed, 200 + (seed % 50) * 20, true));
});

describe('beyond the envelope (stalls of 3 s): safety only', () => {
  for (let seed = 151; seed <= 155; seed++) it(`seed ${seed}`, () => soak(seed, 2000 + seed * 10, false));
});
