// Shoe link benchmark (`npm run bench:link`). Prints figures only; asserts nothing.
//
//   1. Codec alone: CARD_DRAWN frames encoded and deframed per second (Deframer.push over 64-byte
//      chunks, as a serial read would deliver them).
//   2. Card-frame → ACK latency through a socat pseudo-terminal pair: the shoe emulator writes a
//      CARD_DRAWN frame, ShoeLink delivers it (the handler resolves at once) and ACKs it; the time
//      is measured from the shoe's write to the shoe's receipt of the ACK. One card at a time.
//      A pty has no baud rate, so the wire time of the same bytes at the configured baud is
//      printed beside it: on a real line, latency ≈ measured + wire time.
//   3. The same, with the real handler: the whole table runtime (`startTable`) on the
//      controller's end — shoe bridge, round machine, SQLite log with synchronous = FULL on a temp
//      file — bot players betting and deciding, the gate opened by the table for each card due. The
//      shoe draws whenever its gate is open; the time is again shoe write → ACK at the shoe, so it
//      includes the durable append (fsync) of the card's input and facts.
//
// Options: --baud N (default 115200), --cards N (default 312), --frames N (codec, default 200000),
//          --real-cards N (default 200).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { parseTableConfig } from '../src/config/table-config.js';
import { startTable } from '../src/composition/table-runtime.js';
import { SqliteEventStore } from '../src/adapters/store/sqlite-event-store.js';

import { performance } from 'node:perf_hooks';
import { SerialPort } from 'serialport';
import { Deframer, encodeFrame, oneDeck, type Card } from '../firmware-protocol/src/index.js';
import { ShoeEmulator } from '../src/adapters/shoe-emulator/emulator.js';
import { mulberry32, shuffledShoe } from '../src/random/prng.js';
import { realClock } from '../src/adapters/clock/real-clock.js';
import { ShoeLink } from '../src/adapters/serial/shoe-link.js';
import { hasSocat, startPtyPair } from '../test/adapters/serial/socat.js';

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : dflt;
  if (!Number.isFinite(v) || v <= 0) throw new Error(`--${name} must be a positive number`);
  return v;
}
const BAUD = arg('baud', 115200);
const CARDS = arg('cards', 312);
const FRAMES = arg('frames', 200_000);
const REAL_CARDS = arg('real-cards', 200);

const fmt = (n: number, d = 0): string => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const wireMs = (bytes: number): number => (bytes * 10 * 1000) / BAUD; // 8N1: 10 bit times per byte

function codec(): void {
  const deck = oneDeck();
  const t0 = performance.now();
  const frames: Uint8Array[] = [];
  for (let i = 0; i < FRAMES; i++) {
    frames.push(encodeFrame({ seq: (i % 65535) + 1, message: { type: 'CARD_DRAWN', drawIndex: (i % 416) + 1, card: deck[i % 52] as Card, confidence: 97, rescan: false } }));
  }
  const tEnc = performance.now() - t0;
  const stream = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
  let o = 0;
  for (const f of frames) (stream.set(f, o), (o += f.length));
  const d = new Deframer({ from: 'shoe' });
  let decoded = 0;
  const t1 = performance.now();
  for (let i = 0; i < stream.length; i += 64) decoded += d.push(stream.subarray(i, i + 64)).frames.length;
  const tDec = performance.now() - t1;
  console.log('codec (CARD_DRAWN, %d bytes on the wire each)', frames[0]?.length);
  console.log('  encode   %s frames/s', fmt(FRAMES / (tEnc / 1000)));
  console.log('  deframe  %s frames/s  (%s MB/s, %d of %d decoded)', fmt(decoded / (tDec / 1000)), fmt(stream.length / tDec / 1000, 1), decoded, FRAMES);
}

interface Controller {
  readonly link: ShoeLink;
  /** True when the controller's own logic opens the gate (the real table); else the bench opens it for good. */
  readonly steersGate: boolean;
  stop(): Promise<void>;
}

async function latency(label: string, cardsWanted: number, decks: number, controller: (path: string) => Promise<Controller>): Promise<number[] | null> {
  if (!hasSocat) {
    console.log('latency: skipped (socat not installed)');
    return null;
  }
  const pair = await startPtyPair();
  const sched = realClock();
  const cards = shuffledShoe(decks, mulberry32(1)).slice(0, Math.min(cardsWanted, decks * 52));
  const emulator = new ShoeEmulator({ clock: sched, rng: mulberry32(1), cards, decks, cutCardAfter: Math.floor(decks * 52 * 0.75) });
  const shoePort = new SerialPort({ path: pair.a, baudRate: BAUD, autoOpen: false });
  await new Promise<void>((res, rej) => shoePort.open((e) => (e ? rej(e) : res())));
  shoePort.on('error', () => undefined);

  // Timestamps: when the shoe writes CARD_DRAWN seq s, and when the ACK of s reaches the shoe.
  const sentAt = new Map<number, number>();
  const samples: number[] = [];
  const acks = new Deframer({ from: 'controller' });
  const txSniff = new Deframer({ from: 'shoe' });
  let cardBytes = 0;
  let ackBytes = 0;
  emulator.attach((bytes) => {
    for (const f of txSniff.push(bytes).frames) if (f.message.type === 'CARD_DRAWN') (sentAt.set(f.seq, performance.now()), (cardBytes = bytes.length));
    shoePort.write(Buffer.from(bytes));
  });
  let waiting: (() => void) | null = null;
  shoePort.on('data', (chunk: Buffer) => {
    const now = performance.now();
    const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (const f of acks.push(bytes).frames) {
      if (f.message.type !== 'ACK') continue;
      const t = sentAt.get(f.message.ackSeq);
      if (t === undefined) continue;
      sentAt.delete(f.message.ackSeq);
      samples.push(now - t);
      ackBytes = encodeFrame({ seq: 0, message: f.message }).length;
      waiting?.();
    }
    emulator.receive(bytes);
  });

  const ctl = await controller(pair.b);
  const link = ctl.link;
  emulator.powerOn();
  const deadline = Date.now() + 5000;
  while (link.state !== 'up' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  if (!ctl.steersGate) await link.unlockGate(0);
  await new Promise((r) => setTimeout(r, 50));
  for (let i = 0; i < cards.length; i++) {
    // The real table opens the gate when a card is due (bets placed, a decision taken...).
    const gateDeadline = Date.now() + 10_000;
    while (emulator.gate !== 'unlocked' && Date.now() < gateDeadline) await new Promise((r) => setTimeout(r, 1));
    if (emulator.gate !== 'unlocked') break;
    const acked = new Promise<void>((r) => (waiting = r));
    void emulator.drawCard();
    await Promise.race([acked, new Promise((r) => setTimeout(r, 1000))]);
  }
  await ctl.stop();
  emulator.powerOff();
  await new Promise<void>((r) => shoePort.close(() => r()));
  await pair.stop();

  const warm = samples.slice(Math.min(20, Math.floor(samples.length / 10)));
  const sorted = [...warm].sort((a, b) => a - b);
  const roundTripWire = wireMs(cardBytes + ackBytes);
  console.log('card-frame → ACK latency over a socat pty pair, %s (%d cards, first %d dropped as warm-up)', label, samples.length, samples.length - warm.length);
  console.log('  p50 %s ms   p99 %s ms   max %s ms', fmt(pct(sorted, 50), 3), fmt(pct(sorted, 99), 3), fmt(sorted.at(-1) ?? NaN, 3));
  console.log('  wire time at %s baud (8N1): CARD_DRAWN %d bytes %s ms + ACK %d bytes %s ms = %s ms per round trip', fmt(BAUD), cardBytes, fmt(wireMs(cardBytes), 3), ackBytes, fmt(wireMs(ackBytes), 3), fmt(roundTripWire, 3));
  console.log('  expected on a real %s-baud line: p50 ≈ %s ms, p99 ≈ %s ms', fmt(BAUD), fmt(pct(sorted, 50) + roundTripWire, 3), fmt(pct(sorted, 99) + roundTripWire, 3));
  console.log('  link counters: frames rx %d, tx %d, retransmissions %d, discarded bytes %d', link.counters.framesRx, link.counters.framesTx, link.counters.retransmissions, link.counters.discardedBytes);
  return sorted;
}

/** The link alone; the handler resolves at once. */
const noOpController = async (path: string): Promise<Controller> => {
  const link = new ShoeLink({ path, baudRate: BAUD, clock: realClock(), onMessage: async () => undefined });
  link.start();
  return { link, steersGate: false, stop: () => link.close() };
};

/** The whole table: bridge, round machine, SQLite FULL on a temp file, bots betting and deciding. */
const realController = async (path: string): Promise<Controller> => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-link-'));
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'FULL', pollIntervalMs: 0 });
  const config = parseTableConfig({ id: 'bench-link', rules: 'six-deck', serial: { path, baud: BAUD }, decisionTimerSeconds: 5, bettingSeconds: 0.01, resultsSeconds: 0, roles: {} }, 'bench');
  const runtime = await startTable({ config, store, logger: pino({ level: 'silent' }), bot: true, paceMs: 1, seed: 1 });
  return {
    link: runtime.link,
    steersGate: true,
    async stop() {
      await runtime.stop();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

codec();
const noOp = await latency('handler: no-op', CARDS, Math.ceil(CARDS / 52), noOpController);
const real = await latency('handler: the table runtime (round machine + SQLite FULL)', REAL_CARDS, 6, realController);
if (noOp && real && noOp.length > 0 && real.length > 0) {
  console.log('real path / no-op, same process: p50 × %s, p99 × %s (the difference is the durable append and the round machine)', fmt(pct(real, 50) / pct(noOp, 50), 1), fmt(pct(real, 99) / pct(noOp, 99), 1));
}
