// A whole demo table on virtual time (docs/architecture.md, "The clock"): startTable with one VirtualClock —
// the emulated shoe behind the mock serial binding, the link, the timers, the watchdog, the demo dealer all
// run on it — so the table's minutes pass in milliseconds of real time and every timer fires at its exact
// virtual time. The facts' times on the log are the clock's readings when they landed: the betting countdown
// and the decision timer expire on the millisecond (ADR 0007), the shoe retransmits a card the controller
// has not yet acknowledged 250 ms after sending it (PROTOCOL.md §9.2), and the link watchdog (§10.2) raises
// linkDown when the shoe never answers, and the link goes down 3.5 s after the last frame of a shoe gone silent.
import { afterEach, describe, expect, test } from 'vitest';
import { SerialPortMock } from 'serialport';
import { pino } from 'pino';
import { Deframer, TIMING } from '../../firmware-protocol/src/index.js';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable, type RuntimeOptions, type TableRuntime } from '../../src/composition/table-runtime.js';
import { MemoryEventStore } from '../../src/adapters/store/memory-event-store.js';
import { VirtualClock } from '../../src/adapters/clock/virtual-clock.js';
import type { AppendOptions, AppendResult, NewEvent, StoredEvent } from '../../src/ports/event-store.js';
import { isInputRecord, recordedInput } from '../../src/app/audit/log-records.js';

const TABLE = 'vt-1';

/** A log whose next append of a card takes `ms` of the table's time when asked (a slow disk): the shoe's card waits unacknowledged meanwhile. */
class SlowCardStore extends MemoryEventStore {
  private slow: { ms: number; clock: VirtualClock } | null = null;

  slowNextCard(ms: number, clock: VirtualClock): void {
    this.slow = { ms, clock };
  }

  override async append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const slow = this.slow;
    if (slow && events.some((e) => e.type === 'input' && (e.data['input'] as { type?: string } | undefined)?.type === 'card')) {
      this.slow = null;
      await new Promise<void>((resolve) => slow.clock.setTimeout(resolve, slow.ms));
    }
    return super.append(streamId, events, options);
  }
}

interface ShoeFrame {
  readonly seq: number;
  readonly type: string;
  /** The virtual time the shoe sent it. */
  readonly at: number;
}

let runtime: TableRuntime | null = null;
afterEach(async () => {
  await runtime?.stop();
  runtime = null;
  SerialPortMock.binding.reset();
});

/** A demo table on `clock` (no bot; the demo dealer deals at 700 ms a card), with every frame the shoe sends noted at its virtual time. */
async function virtualTable(clock: VirtualClock, store: MemoryEventStore, table: Record<string, unknown>, options: Partial<RuntimeOptions> = {}): Promise<{ runtime: TableRuntime; frames: ShoeFrame[] }> {
  const config = parseTableConfig({ id: TABLE, rules: 'six-deck', roles: {}, ...table }, 'test');
  const frames: ShoeFrame[] = [];
  const deframer = new Deframer({ from: 'shoe' });
  const started = await startTable({
    config, store, clock, logger: pino({ level: 'silent' }), manual: true, seed: 5,
    ...options,
    onEmulatedShoe: (shoe) => {
      shoe.wire.tap((bytes) => {
        for (const f of deframer.push(bytes).frames) frames.push({ seq: f.seq, type: f.message.type, at: clock.now() });
      });
      options.onEmulatedShoe?.(shoe);
    },
  });
  return { runtime: started, frames };
}

const inputsOf = async (store: MemoryEventStore) => (await store.read(TABLE)).filter(isInputRecord).map((e) => ({ ...recordedInput(e), at: e.monoTime }));
const factAt = (log: readonly StoredEvent[], type: string): number | undefined => log.find((e) => e.type === type)?.monoTime;

describe('a demo table on virtual time', () => {
  test('the betting countdown, the decision timer and a retransmitted card land at their virtual times, with no real wait', async () => {
    const clock = new VirtualClock({ mono: 0, wall: '2026-05-01T10:00:00.000Z' });
    const store = new SlowCardStore();
    const table = await virtualTable(clock, store, { decisionTimerSeconds: 15, bettingSeconds: 10 });
    runtime = table.runtime;
    const { service } = runtime;
    expect(await clock.runUntil(() => service.phase === 'active.betting', 10_000, 100)).toBe(true);

    // A bet opens the countdown; the next card's append takes 400 ms (a slow disk), longer than the shoe's ACK timeout.
    await service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000, kind: 'main' }, { source: 'api', by: 'test' });
    store.slowNextCard(400, clock);
    expect(await clock.runUntil(() => service.table.round >= 2, 120_000, 500)).toBe(true);

    const inputs = await inputsOf(store);
    const bet = inputs.find((r) => r.input.type === 'bet');
    const closed = inputs.find((r) => r.input.type === 'betting.timeout');
    expect(closed).toMatchObject({ origin: { source: 'timer', by: 'betting-timer' } });
    expect(closed!.at - bet!.at).toBe(10_000);

    // The first card after the bet: sent, sent again 250 ms later (not acknowledged: still being persisted),
    // acknowledged once durable at 400 ms — never a third copy, and on the log once.
    const cards = inputs.filter((r) => r.input.type === 'card');
    const first = cards.find((r) => r.at >= closed!.at)!;
    const copies = table.frames.filter((f) => f.type === 'CARD_DRAWN' && f.seq === first.origin.shoeSeq).map((f) => f.at);
    expect(copies).toEqual([first.at, first.at + TIMING.ackTimeoutMs]);
    expect(cards.filter((r) => r.origin.shoeSeq === first.origin.shoeSeq)).toHaveLength(1);
    expect(runtime.link.counters.duplicatesInFlight).toBe(1);

    // Nobody decides: the decision timer expires 15 s after the turn started, to the millisecond.
    const log = await store.read(TABLE);
    const timeout = inputs.find((r) => r.input.type === 'decision.timeout');
    expect(timeout).toMatchObject({ origin: { source: 'timer', by: 'decision-timer' }, input: { seat: 1 } });
    expect(timeout!.at - factAt(log, 'turn.started')!).toBe(15_000);
    expect(log.find((e) => e.type === 'decision.accepted')?.data).toMatchObject({ byTimeout: true });

    // Half a minute of the table's time passed: nothing here waited for it (the test takes a fraction of a second).
    expect(clock.now()).toBeGreaterThan(25_000);
  }, 60_000);

  test('the link watchdog raises linkDown when the shoe never answers, and the link goes down 3.5 s after a shoe falls silent', async () => {
    const clock = new VirtualClock({ mono: 0, wall: '2026-05-01T10:00:00.000Z' });
    const store = new MemoryEventStore();
    let mute: { mute(): void; unmute(): void } | null = null;
    const table = await virtualTable(clock, store, { linkTimeoutSeconds: 5 }, {
      quiet: true,
      // Nothing the shoe sends arrives (a broken TX wire), from the start.
      onEmulatedShoe: ({ wire }) => {
        mute = wire;
        wire.mute();
      },
    });
    runtime = table.runtime;
    const { service } = runtime;
    await clock.advance(4_999);
    expect(service.table.shoeFaults).toEqual([]);
    await clock.advance(1);
    const raised = (await inputsOf(store)).find((r) => r.input.type === 'shoe.fault');
    expect(raised).toMatchObject({ at: 5_000, origin: { source: 'timer', by: 'link-watchdog' }, input: { fault: 'linkDown' } });

    // The wire mended: the link comes up; then the shoe falls silent again.
    mute!.unmute();
    expect(await clock.runUntil(() => runtime!.link.state === 'up', 10_000, 100)).toBe(true);
    await clock.advance(2_500);
    mute!.mute();
    const lastFrame = table.frames.at(-1)!.at;
    expect(await clock.runUntil(() => runtime!.link.state === 'down', 10_000, 100)).toBe(true);
    const lost = (await store.read(TABLE)).filter((e) => e.type === 'link.state' && e.data['state'] === 'down');
    expect(lost.map((e) => e.monoTime)).toEqual([lastFrame + TIMING.linkDownAfterMs]);
  }, 60_000);
});
