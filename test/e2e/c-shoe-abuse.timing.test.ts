// The controller's link against the C host shoe under abuse, over a fresh socat pty pair per test:
// 20 unplugs in one shoe, a megabyte of garbage in each direction mid-deal, and a replayed stale
// cold-start HELLO (PROTOCOL.md §8.6) — 0 cards lost, doubled or invented; the stale HELLO is an
// incident that holds deliveries until released (§8.7), and nothing phantom is delivered.
import { execFileSync } from 'node:child_process';
import { open } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeFrame } from '../../firmware-protocol/src/index.js';
import type { DeliveredShoeMessage, LinkEvent } from '../../src/adapters/serial/shoe-link.js';
import { mulberry32, shuffledShoe } from '../../src/random/prng.js';
import { expectExactlyOnceInOrder } from '../adapters/serial/harness.js';
import { startPtyPair } from '../adapters/serial/socat.js';
import { C_DIR, cShoeRig, ready, sleep, startHostShoe, startLink, waitFor } from './c-shoe-rig.js';

const r = cShoeRig();

async function rig(args: string[]): Promise<{ delivered: DeliveredShoeMessage[]; events: LinkEvent[] }> {
  r.pair = await startPtyPair();
  startHostShoe(r, ['--scripted', ...args]);
  const delivered: DeliveredShoeMessage[] = [];
  const events: LinkEvent[] = [];
  const link = startLink(r, delivered, events);
  await waitFor(r, 'link up', () => link.state === 'up', 8000);
  return { delivered, events };
}

/** Writes bytes into a pty end as a second writer (a stale USB buffer, a hostile device), paced. */
async function inject(path: string, bytes: Uint8Array): Promise<void> {
  const fh = await open(path, 'w');
  try {
    for (let i = 0; i < bytes.length; i += 4096) {
      await fh.write(bytes.subarray(i, i + 4096));
      await sleep(2);
    }
  } finally {
    await fh.close();
  }
}

const cardsOf = (d: readonly DeliveredShoeMessage[]) => d.filter((m) => m.message.type === 'CARD_DRAWN').length;

describe.skipIf(!ready)(ready ? 'controller link against the C host shoe, abused' : 'skipped: needs socat and a C compiler', () => {
  beforeAll(() => void execFileSync('make', ['-s', '-C', C_DIR, 'build/host-shoe-san'], { stdio: 'pipe' }), 120_000);

  it('20 unplugs in one shoe: every card exactly once, in order', async () => {
    const unplugs = Array.from({ length: 20 }, (_, i) => `unplug@${2 + i * 2}:0.4`).join(',');
    const { delivered } = await rig(['--draw-ms', '10', '--seed', '11', '--decks', '1', '--faults', unplugs]);
    void r.link!.unlockGate(0);
    await waitFor(r, '52 cards', () => cardsOf(delivered) >= 52, 60_000);
    expectExactlyOnceInOrder(delivered, shuffledShoe(1, mulberry32(11)));
    expect((r.log.match(/unplugged/g) ?? []).length).toBe(20);
  }, 90_000);

  it('a megabyte of garbage each way mid-deal: every card exactly once, in order', async () => {
    const { delivered } = await rig(['--draw-ms', '20', '--seed', '12', '--decks', '2']);
    void r.link!.unlockGate(0);
    await waitFor(r, '10 cards', () => cardsOf(delivered) >= 10, 10_000);
    const rnd = mulberry32(99);
    const noise = Uint8Array.from({ length: 1 << 20 }, () => Math.floor(rnd() * 256));
    await Promise.all([inject(r.pair!.a, noise), inject(r.pair!.b, noise)]);
    await waitFor(r, '104 cards', () => cardsOf(delivered) >= 104, 60_000);
    expectExactlyOnceInOrder(delivered, shuffledShoe(2, mulberry32(12)));
    expect(r.link!.counters.discardedBytes).toBeGreaterThan(100_000);
  }, 90_000);

  it('a replayed stale cold-start HELLO is an incident, ignored, and nothing phantom is delivered', async () => {
    const { delivered, events } = await rig(['--draw-ms', '20', '--seed', '13', '--decks', '1']);
    void r.link!.unlockGate(5);
    await waitFor(r, '5 cards', () => cardsOf(delivered) >= 5, 10_000);
    const nonce = parseInt(/nonce ([0-9a-f]{8})/.exec(r.log)?.[1] ?? '0', 16);
    const stale = encodeFrame({
      seq: 0,
      message: { type: 'HELLO', protocolVersion: 2, minProtocolVersion: 2, role: 'shoe', reply: false, coldStart: true, firmwareVersion: '1.0.0', serialNumber: 'C-SHOE-0001', deckCount: 1, nextTxSeq: 1, lastRxSeq: 0, bootNonce: nonce, peerNonce: 0 },
    });
    const phantom = encodeFrame({ seq: 1, message: { type: 'CARD_DRAWN', drawIndex: 1, card: 'AS', confidence: 99, rescan: false } });
    const before = delivered.length;
    await inject(r.pair!.a, Uint8Array.from([...stale, ...phantom]));
    await waitFor(r, 'stale-hello incident', () => events.some((e) => e.type === 'incident' && e.incident.kind === 'stale-hello'), 5000);
    await sleep(500);
    expect(delivered.length).toBe(before);
    expect(delivered.filter((d) => d.message.type === 'CARD_DRAWN' && d.message.card === 'AS' && d.message.drawIndex === 1 && d.seq === 1)).toEqual([]);
    expectExactlyOnceInOrder(delivered, shuffledShoe(1, mulberry32(13)).slice(0, cardsOf(delivered)));
  }, 30_000);
});
