// The controller's link against the C host shoe under abuse, over a fresh socat pty pair per test:
// 20 unplugs in one shoe, a megabyte of garbage in each direction mid-deal, and a replayed stale
// cold-start HELLO (PROTOCOL.md §8.6) — 0 cards lost, doubled or invented; the stale HELLO is an
// incident that holds deliveries until released (§8.7), and nothing phantom is delivered.
import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { encodeFrame } from '../../firmware-protocol/src/index.js';
import { ShoeLink, type DeliveredShoeMessage, type LinkEvent } from '../../src/adapters/serial/shoe-link.js';
import { mulberry32, shuffledShoe } from '../../src/random/prng.js';
import { expectExactlyOnceInOrder } from '../adapters/serial/harness.js';
import { hasSocat, startPtyPair, type PtyPair } from '../adapters/serial/socat.js';

const cdir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'firmware-protocol', 'c');
const hasCc = spawnSync('cc', ['--version']).status === 0 && spawnSync('make', ['--version']).status === 0;
const ready = hasSocat && hasCc;

let pair: PtyPair | null = null;
let shoe: ChildProcess | null = null;
let link: ShoeLink | null = null;
let log = '';
afterEach(async () => {
  await link?.close();
  if (shoe && shoe.exitCode === null) {
    const s = shoe;
    await new Promise<void>((r) => (s.once('exit', () => r()), s.kill('SIGTERM')));
  }
  await pair?.stop();
  link = shoe = pair = null;
});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
async function waitFor(what: string, cond: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; host-shoe log tail:\n${log.slice(-1500)}`);
    await sleep(10);
  }
}

async function rig(args: string[]): Promise<{ delivered: DeliveredShoeMessage[]; events: LinkEvent[] }> {
  pair = await startPtyPair();
  log = '';
  shoe = spawn(join(cdir, 'build', 'host-shoe-san'), ['--serial', pair.a, '--scripted', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  shoe.stderr?.setEncoding('utf8');
  shoe.stderr?.on('data', (c: string) => (log += c));
  const delivered: DeliveredShoeMessage[] = [];
  const events: LinkEvent[] = [];
  link = new ShoeLink({ path: pair.b, baudRate: 115200, onMessage: async (m) => void delivered.push(m), onEvent: (e) => void events.push(e) });
  link.start();
  await waitFor('link up', () => link!.state === 'up', 8000);
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
  beforeAll(() => void execFileSync('make', ['-s', '-C', cdir, 'build/host-shoe-san'], { stdio: 'pipe' }), 120_000);

  it('20 unplugs in one shoe: every card exactly once, in order', async () => {
    const unplugs = Array.from({ length: 20 }, (_, i) => `unplug@${2 + i * 2}:0.4`).join(',');
    const { delivered } = await rig(['--draw-ms', '10', '--seed', '11', '--decks', '1', '--faults', unplugs]);
    void link!.unlockGate(0);
    await waitFor('52 cards', () => cardsOf(delivered) >= 52, 60_000);
    expectExactlyOnceInOrder(delivered, shuffledShoe(1, mulberry32(11)));
    expect((log.match(/unplugged/g) ?? []).length).toBe(20);
  }, 90_000);

  it('a megabyte of garbage each way mid-deal: every card exactly once, in order', async () => {
    const { delivered } = await rig(['--draw-ms', '20', '--seed', '12', '--decks', '2']);
    void link!.unlockGate(0);
    await waitFor('10 cards', () => cardsOf(delivered) >= 10, 10_000);
    const rnd = mulberry32(99);
    const noise = Uint8Array.from({ length: 1 << 20 }, () => Math.floor(rnd() * 256));
    await Promise.all([inject(pair!.a, noise), inject(pair!.b, noise)]);
    await waitFor('104 cards', () => cardsOf(delivered) >= 104, 60_000);
    expectExactlyOnceInOrder(delivered, shuffledShoe(2, mulberry32(12)));
    expect(link!.counters.discardedBytes).toBeGreaterThan(100_000);
  }, 90_000);

  it('a replayed stale cold-start HELLO is an incident, ignored, and nothing phantom is delivered', async () => {
    const { delivered, events } = await rig(['--draw-ms', '20', '--seed', '13', '--decks', '1']);
    void link!.unlockGate(5);
    await waitFor('5 cards', () => cardsOf(delivered) >= 5, 10_000);
    const nonce = parseInt(/nonce ([0-9a-f]{8})/.exec(log)?.[1] ?? '0', 16);
    const stale = encodeFrame({
      seq: 0,
      message: { type: 'HELLO', protocolVersion: 2, minProtocolVersion: 2, role: 'shoe', reply: false, coldStart: true, firmwareVersion: '1.0.0', serialNumber: 'C-SHOE-0001', deckCount: 1, nextTxSeq: 1, lastRxSeq: 0, bootNonce: nonce, peerNonce: 0 },
    });
    const phantom = encodeFrame({ seq: 1, message: { type: 'CARD_DRAWN', drawIndex: 1, card: 'AS', confidence: 99, rescan: false } });
    const before = delivered.length;
    await inject(pair!.a, Uint8Array.from([...stale, ...phantom]));
    await waitFor('stale-hello incident', () => events.some((e) => e.type === 'incident' && e.incident.kind === 'stale-hello'), 5000);
    await sleep(500);
    expect(delivered.length).toBe(before);
    expect(delivered.filter((d) => d.message.type === 'CARD_DRAWN' && d.message.card === 'AS' && d.message.drawIndex === 1 && d.seq === 1)).toEqual([]);
    expectExactlyOnceInOrder(delivered, shuffledShoe(1, mulberry32(13)).slice(0, cardsOf(delivered)));
  }, 30_000);
});
