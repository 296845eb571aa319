// The wire under abuse, end to end over a fresh socat pty pair per test (PROTOCOL.md §7.5.3, §8.4-§8.6),
// against each shoe of shoe-under-test.ts (the TS emulator and the C host shoe):
//  - stale frames: the shoe's cold-start HELLO, SHOE_LOADED seq 1 and its first CARD_DRAWN, taken from
//    the controller's own capture, are replayed byte for byte into the controller's side of a live
//    table: a sequenceIncident on the log, the table paused, no phantom input;
//  - garbage: 1 MB of random bytes, bursts of zeros, bit-flipped and cut-short copies of real frames,
//    written mid-round in random chunks, to the controller and the same to the shoe: no crash, no card
//    invented or lost, the link recovers and the round finishes.
// Bytes reach the controller's side by writing to the shoe's end of the pair (a second writer on the
// same pty, as a stale USB buffer or a hostile device would), and the shoe's side by writing to the
// controller's end, with async writes so the controller in this process keeps reading.
import { beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { Deframer, fromHex, type Frame } from '../../firmware-protocol/src/index.js';
import { hasSocat, startPtyPair, type PtyPair } from '../adapters/serial/socat.js';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable, type TableRuntime } from '../../src/composition/table-runtime.js';
import { mulberry32 } from '../../src/random/prng.js';
import { SqliteEventStore } from '../../src/adapters/store/sqlite-event-store.js';
import { isInputRecord, recordedInput } from '../../src/app/audit/log-records.js';
import { verifyLog } from '../../src/app/audit/verify-log.js';
import type { Card } from '../../src/rules/cards.js';
import { SHOES, type ShoeKind, type ShoeUnderTest } from './shoe-under-test.js';
import { printFigures, sessionFigures } from './session-figures.js';

const needSocat = process.env['CI'] === 'true' || hasSocat;

const until = async (what: string, ok: () => boolean, ms = 30_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

interface Rig {
  pair: PtyPair;
  store: SqliteEventStore;
  runtime: TableRuntime;
  shoe: ShoeUnderTest;
  dealt: readonly Card[];
  capturePath: string;
  /** A second writer on the shoe's end: what it writes reaches the controller. */
  line: FileHandle;
  /** A second writer on the controller's end: what it writes reaches the shoe. */
  shoeLine: FileHandle;
  stop(): Promise<void>;
}

async function rig(kind: ShoeKind, id: string, paceMs: number): Promise<Rig> {
  const pair = await startPtyPair();
  const dir = mkdtempSync(join(tmpdir(), `${id}-`));
  const store = new SqliteEventStore({ path: join(dir, '{tableId}.db'), synchronous: 'NORMAL', pollIntervalMs: 0 });
  const config = parseTableConfig({ id, rules: 'six-deck', serial: { path: pair.a, baud: 115200 }, decisionTimerSeconds: 1, bettingSeconds: 0.01, resultsSeconds: 0, roles: {} }, 'test');
  const capturePath = join(dir, 'capture.jsonl');
  // The controller first, so it hears the shoe's very first (cold-start) HELLO request.
  const runtime = await startTable({ config, store, logger: pino({ level: 'silent' }), bot: true, paceMs, seed: 5, capturePath });
  const shoe = await kind.start({ serialPath: pair.b, seed: 77, decks: 6, cutCardAfter: 280, autoDrawMs: paceMs });
  const dealt = shoe.dealt;
  const line = await open(pair.b, 'w');
  const shoeLine = await open(pair.a, 'w');
  return {
    pair, store, runtime, shoe, dealt, capturePath, line, shoeLine,
    async stop() {
      await line.close();
      await shoeLine.close();
      await runtime.stop();
      await shoe.close();
      await pair.stop();
    },
  };
}

const inputsOf = async (r: Rig, id: string) => (await r.store.read(id)).filter(isInputRecord).map(recordedInput);
const cardsOf = (inputs: Awaited<ReturnType<typeof inputsOf>>) => inputs.filter((x) => x.input.type === 'card').map((x) => (x.input as { card: Card }).card);

/** Frames the controller received, from its capture file, with their exact wire bytes. */
function capturedFrames(path: string): Array<{ frame: Frame; bytes: Uint8Array }> {
  const out: Array<{ frame: Frame; bytes: Uint8Array }> = [];
  const d = new Deframer({ from: 'shoe' });
  let stream: number[] = [];
  for (const line of readFileSync(path, 'utf8').trim().split('\n')) {
    const l = JSON.parse(line) as { dir?: string; hex?: string };
    if (l.dir !== 'rx' || !l.hex) continue;
    const bytes = fromHex(l.hex);
    stream = stream.concat([...bytes]);
    for (const f of d.push(bytes).frames) {
      // Each frame's bytes: its COBS block and the trailing delimiter, with a leading delimiter.
      out.push({ frame: f, bytes: Uint8Array.from([0, ...stream.slice(f.offset, f.offset + f.length)]) });
    }
  }
  return out;
}

describe.each(SHOES)('the wire under abuse, over a pty pair: $name', (kind) => {
  const missing = needSocat ? kind.missing : 'socat is not installed; CI installs it';
  const skipped = missing ? `(skipped: ${missing}) ` : '';
  beforeAll(() => { if (!missing) kind.prepare(); }, 120_000);

  test.skipIf(missing !== null)(`${skipped}a captured cold-start HELLO + SHOE_LOADED + CARD_DRAWN replayed mid-session: incident, pause, no phantom input`, async () => {
    const startedAt = Date.now();
    const r = await rig(kind, 'replay-1', 20);
    try {
      await until('three rounds', () => r.runtime.service.table.round >= 3, 60_000);
      const frames = capturedFrames(r.capturePath);
      const hello = frames.find((f) => f.frame.message.type === 'HELLO' && f.frame.message.coldStart && !f.frame.message.reply);
      const loaded = frames.find((f) => f.frame.message.type === 'SHOE_LOADED' && f.frame.seq === 1);
      const card = frames.find((f) => f.frame.message.type === 'CARD_DRAWN' && f.frame.seq === 2);
      expect(hello, 'the shoe\'s cold-start HELLO request in the capture').toBeTruthy();
      expect(loaded && card).toBeTruthy();
      const before = await inputsOf(r, 'replay-1');
      await r.line.write(Uint8Array.from([...hello!.bytes, ...loaded!.bytes, ...card!.bytes]));
      await until('the incident', () => r.runtime.service.table.shoeFaults.includes('sequenceIncident'));
      expect(r.runtime.service.phase).toBe('paused');
      await new Promise((res) => setTimeout(res, 2500));
      const after = await inputsOf(r, 'replay-1');
      const at = after.findIndex((x) => x.input.type === 'shoe.fault' && (x.input as { fault: string }).fault === 'sequenceIncident');
      expect(after[at]?.input).toMatchObject({ evidence: { kind: 'stale-hello' } });
      expect(after.slice(at + 1).filter((x) => x.origin.source === 'shoe' && x.input.type !== 'shoe.fault')).toEqual([]);
      expect(after.filter((x) => x.input.type === 'shoe.loaded')).toHaveLength(before.filter((x) => x.input.type === 'shoe.loaded').length);
      expect(cardsOf(after)).toEqual(r.dealt.slice(0, cardsOf(after).length));
      // The supervisor resumes; the game goes on with the real shoe's cards only.
      await r.runtime.service.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, { source: 'api', by: 'sup' });
      const round = r.runtime.service.table.round;
      await until('two more rounds', () => r.runtime.service.table.round >= round + 2, 60_000);
      const final = cardsOf(await inputsOf(r, 'replay-1'));
      expect(final).toEqual(r.dealt.slice(0, final.length));
    } finally {
      await r.stop();
    }
    const log = await r.store.read('replay-1');
    await r.store.close();
    printFigures('stale HELLO replayed', kind.name, sessionFigures(log, r.dealt.length, startedAt));
    expect(verifyLog(log).ok).toBe(true);
  }, 120_000);

  test.skipIf(missing !== null)(`${skipped}1 MB of garbage mid-round (random chunks, bursts, bit flips, cut frames): no crash, no card invented or lost, the round finishes`, async () => {
    const startedAt = Date.now();
    const r = await rig(kind, 'spray-1', 20);
    const rng = mulberry32(99);
    let sprayed = 0;
    try {
      await until('two rounds', () => r.runtime.service.table.round >= 2, 60_000);
      await until('mid-round', () => r.runtime.service.phase.includes('dealing') || r.runtime.service.phase.includes('playing') || r.runtime.service.table.round >= 4, 30_000);
      const roundAtSpray = r.runtime.service.table.round;
      const real = capturedFrames(r.capturePath).map((f) => f.bytes);
      const TOTAL = 1 << 20;
      while (sprayed < TOTAL) {
        const pick = rng();
        let chunk: Uint8Array;
        if (pick < 0.5) {
          chunk = Uint8Array.from({ length: 1 + Math.floor(rng() * 4096) }, () => Math.floor(rng() * 256)); // random bytes
        } else if (pick < 0.6) {
          chunk = new Uint8Array(1 + Math.floor(rng() * 512)); // a burst of zeros (idle delimiters)
        } else if (pick < 0.8) {
          // Real frames with bit flips.
          const parts: number[] = [];
          for (let i = 0; i < 64; i++) {
            const f = real[Math.floor(rng() * real.length)] as Uint8Array;
            const flipped = f.slice();
            const at = 1 + Math.floor(rng() * (flipped.length - 2));
            flipped[at] = (flipped[at] as number) ^ (1 << Math.floor(rng() * 8));
            parts.push(...flipped);
          }
          chunk = Uint8Array.from(parts);
        } else {
          // Real frames with bytes dropped (cut short or a hole in the middle).
          const parts: number[] = [];
          for (let i = 0; i < 64; i++) {
            const f = [...(real[Math.floor(rng() * real.length)] as Uint8Array)];
            const cut = 1 + Math.floor(rng() * (f.length - 2));
            f.splice(cut, 1 + Math.floor(rng() * 3));
            parts.push(...f);
          }
          chunk = Uint8Array.from(parts);
        }
        chunk = chunk.subarray(0, Math.min(chunk.length, TOTAL - sprayed));
        await Promise.all([r.line.write(chunk), r.shoeLine.write(chunk)]);
        sprayed += chunk.length;
        if (rng() < 0.2) await new Promise((res) => setTimeout(res, Math.floor(rng() * 20))); // paced, in bursts
      }
      // The link recovers and the table goes on: the round in progress finishes, and another.
      await until('the round after the spray to finish', () => r.runtime.service.table.round >= roundAtSpray + 2, 60_000);
      expect(r.runtime.link.state).toBe('up');
      expect(r.runtime.link.counters.discardedBytes).toBeGreaterThan(TOTAL / 2);
    } finally {
      await r.stop();
    }
    expect(sprayed).toBe(1 << 20);
    const log = await r.store.read('spray-1');
    await r.store.close();
    printFigures('1 MB of garbage', kind.name, sessionFigures(log, r.dealt.length, startedAt));
    const inputs = log.filter(isInputRecord).map(recordedInput);
    const cards = cardsOf(inputs);
    expect(cards).toEqual(r.dealt.slice(0, cards.length)); // none invented, none lost, in order
    expect(r.dealt.length - cards.length).toBeLessThanOrEqual(1); // at most the card in flight at the stop
    expect(inputs.filter((x) => x.input.type === 'shoe.fault' && (x.input as { fault: string }).fault === 'sequenceIncident')).toEqual([]);
    expect(log.filter((e) => e.type === 'table.paused' && (e.data as { fault?: { kind: string } }).fault?.kind === 'outOfTurn')).toEqual([]);
    expect(verifyLog(log).ok).toBe(true);
  }, 150_000);
});
