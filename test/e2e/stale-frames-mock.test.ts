// Sequence incidents are table incidents (PROTOCOL.md §8.4, §8.6), over serialport's mock binding: a live
// demo table; the shoe's first frames (its cold-start HELLO, SHOE_LOADED seq 1, CARD_DRAWN seq 2) are
// captured and, a few rounds later, replayed byte for byte into the controller's side. Before the
// session nonce the link took that HELLO for a genuine restart, reset its sequence state and the log
// gained a shoe load and a burned card the shoe never produced. Now: a `sequenceIncident` fault with
// the link's evidence on the log, the table paused, no phantom input; deliveries held until a
// supervisor resumes, then the game goes on with every card the shoe dealt once and in order. A
// genuine restart (the shoe loses power) is told apart: its incident says `peer-cold-start`. The whole table
// runs on virtual time (docs/architecture.md, "The clock"): its seconds pass without waiting for them.
import { afterEach, describe, expect, test } from 'vitest';
import { SerialPortMock } from 'serialport';
import { pino } from 'pino';
import { Deframer, type Frame } from '../../firmware-protocol/src/index.js';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable, type TableRuntime } from '../../src/composition/table-runtime.js';
import { MemoryEventStore } from '../../src/adapters/store/memory-event-store.js';
import { isInputRecord, recordedInput } from '../../src/app/audit/log-records.js';
import type { Card } from '../../src/rules/cards.js';
import { VirtualClock } from '../../src/adapters/clock/virtual-clock.js';
import { cachedAnalysisSource } from '../support/exact-analysis-cache.js';

/** The table's time moves on (10 ms at a time) until `ok`; `ms` of it at most. */
const until = async (clock: VirtualClock, what: string, ok: () => boolean, ms = 20_000): Promise<void> => {
  if (!(await clock.runUntil(ok, ms))) throw new Error(`not within ${ms} ms of the table's time: ${what}`);
};

async function liveTable(id: string): Promise<{ runtime: TableRuntime; store: MemoryEventStore; clock: VirtualClock; dealt: Card[]; captured: Array<{ frame: Frame; bytes: Uint8Array }> }> {
  const clock = new VirtualClock();
  const store = new MemoryEventStore();
  const config = parseTableConfig({ id, rules: 'six-deck', decisionTimerSeconds: 1, bettingSeconds: 0.01, resultsSeconds: 0, roles: {} }, 'test');
  // Tap the wire before the shoe says anything: the capture an attacker (or a stale USB buffer) holds.
  const captured: Array<{ frame: Frame; bytes: Uint8Array }> = [];
  const deframer = new Deframer({ from: 'shoe' });
  const dealt: Card[] = [];
  const runtime = await startTable({
    config, store, clock, logger: pino({ level: 'silent' }), paceMs: 5, seed: 12, analysis: cachedAnalysisSource,
    onEmulatedShoe: ({ emulator, wire }) => {
      emulator.on((e) => { if (e.type === 'dealt') dealt.push(e.card); });
      wire.tap((bytes) => { for (const frame of deframer.push(bytes).frames) captured.push({ frame, bytes: bytes.slice() }); });
    },
  });
  return { runtime, store, clock, dealt, captured };
}

const inputsOf = async (store: MemoryEventStore, id: string) => (await store.read(id)).filter(isInputRecord).map(recordedInput);
const cardsOf = (inputs: Awaited<ReturnType<typeof inputsOf>>) => inputs.filter((r) => r.input.type === 'card').map((r) => (r.input as { card: Card }).card);

describe('stale frames replayed into a live session (mock binding)', () => {
  let runtime: TableRuntime | null = null;
  afterEach(async () => {
    await runtime?.stop();
    runtime = null;
    SerialPortMock.binding.reset();
  });

  test('a captured cold-start HELLO + SHOE_LOADED + CARD_DRAWN: incident on the log, table paused, no phantom input', async () => {
    const t = await liveTable('stale-1');
    runtime = t.runtime;
    const { store, clock, dealt, captured } = t;
    // The capture: the first HELLO request (cold start), SHOE_LOADED seq 1, the first CARD_DRAWN.
    await until(clock, 'the first cards', () => dealt.length >= 3 && captured.some((c) => c.frame.message.type === 'CARD_DRAWN'));
    const hello = captured.find((c) => c.frame.message.type === 'HELLO' && c.frame.message.coldStart && !c.frame.message.reply);
    const loaded = captured.find((c) => c.frame.message.type === 'SHOE_LOADED');
    const card = captured.find((c) => c.frame.message.type === 'CARD_DRAWN');
    expect(hello && loaded && card).toBeTruthy();
    expect(loaded?.frame.seq).toBe(1);
    // A few rounds later, with the table live.
    await until(clock, 'two rounds', () => t.runtime.service.table.round >= 3, 30_000);
    const before = await inputsOf(store, 'stale-1');
    const loadsBefore = before.filter((r) => r.input.type === 'shoe.loaded').length;
    runtime.wire?.inject(Uint8Array.from([...hello!.bytes, ...loaded!.bytes, ...card!.bytes]));

    await until(clock, 'the incident on the log', () => runtime!.service.table.shoeFaults.includes('sequenceIncident'));
    const after = await inputsOf(store, 'stale-1');
    const fault = after.find((r) => r.input.type === 'shoe.fault' && (r.input as { fault: string }).fault === 'sequenceIncident');
    expect(fault?.input).toMatchObject({ evidence: { kind: 'stale-hello', hello: { coldStart: true, nextTxSeq: 1 } } });
    expect((fault?.input as unknown as { evidence: { hello: { hex: string } } }).evidence.hello.hex.replace(/ /g, '')).toBe(Buffer.from(hello!.bytes).toString('hex'));
    expect(runtime.service.phase).toBe('paused');
    expect(runtime.link.held).toMatch(/stale-hello/);
    // Let the replayed frames (and the real shoe's retransmissions) have every chance to get in.
    await clock.advance(2500);
    const held = await inputsOf(store, 'stale-1');
    expect(held.filter((r) => r.input.type === 'shoe.loaded')).toHaveLength(loadsBefore);
    const at = held.findIndex((r) => r.input.type === 'shoe.fault' && (r.input as { fault: string }).fault === 'sequenceIncident');
    expect(at).toBeGreaterThan(0);
    expect(held.slice(at + 1).filter((r) => r.origin.source === 'shoe' && r.input.type !== 'shoe.fault' && r.input.type !== 'shoe.recovered')).toEqual([]);
    expect(runtime.service.phase).toBe('paused');

    // The supervisor resumes: deliveries resume, the game goes on; every card once and in order.
    await runtime.service.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, { source: 'api', by: 'sup' });
    const round = runtime.service.table.round;
    await until(clock, 'the game going on', () => runtime!.service.table.round >= round + 2, 30_000);
    expect(runtime.link.held).toBeNull();
    const final = await inputsOf(store, 'stale-1');
    expect(final.filter((r) => r.input.type === 'shoe.loaded')).toHaveLength(loadsBefore);
    await until(clock, 'the log to catch up with the shoe', () => dealt.length === cardsOf(final).length || runtime!.link.state !== 'up', 100);
    const cards = cardsOf(await inputsOf(store, 'stale-1'));
    expect(cards).toEqual(dealt.slice(0, cards.length));
    expect(dealt.length - cards.length).toBeLessThanOrEqual(1); // at most the card being persisted now
  }, 90_000);

  test('a genuine restart (the shoe loses power mid-session) is a peer-cold-start incident; its events wait for the supervisor', async () => {
    const t = await liveTable('stale-2');
    runtime = t.runtime;
    await until(t.clock, 'two rounds', () => t.runtime.service.table.round >= 2, 30_000);
    const inputsBefore = (await inputsOf(t.store, 'stale-2')).length;
    runtime.emulator?.powerCycle(300);
    await until(t.clock, 'the incident', () => runtime!.service.table.shoeFaults.includes('sequenceIncident'));
    const inputs = await inputsOf(t.store, 'stale-2');
    const fault = inputs.find((r) => r.input.type === 'shoe.fault' && (r.input as { fault: string }).fault === 'sequenceIncident');
    expect(fault?.input).toMatchObject({ evidence: { kind: 'peer-cold-start', hello: { coldStart: true } } });
    await t.clock.advance(2500);
    // The restarted shoe's SHOE_LOADED is held (unacknowledged) until the supervisor resumes.
    const held = await inputsOf(t.store, 'stale-2');
    expect(held.slice(inputsBefore).filter((r) => r.input.type === 'shoe.loaded')).toEqual([]);
    expect(runtime.link.counters.heldFrames).toBeGreaterThan(0);
    // A recovery from the link does not clear it; only a supervisor does.
    await runtime.service.submit({ type: 'shoe.recovered', fault: 'sequenceIncident' }, { source: 'shoe', by: 'link' });
    expect(runtime.service.table.shoeFaults).toContain('sequenceIncident');
    await runtime.service.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, { source: 'api', by: 'sup' });
    await until(t.clock, 'the held SHOE_LOADED delivered', () => runtime!.link.counters.delivered > 0 && runtime!.link.held === null);
    await t.clock.advance(1500);
    const after = await inputsOf(t.store, 'stale-2');
    expect(after.slice(inputsBefore).some((r) => r.input.type === 'shoe.loaded' && r.origin.shoeSeq === 1)).toBe(true);
  }, 90_000);
});
