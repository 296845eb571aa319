// Persist, then act — at the level of the running table (PROTOCOL.md §9.6): the emulated shoe speaks
// the real protocol over the mock binding to a table started by `startTable`; the store's append for a
// card can be stalled or made to fail. A card is ACKed only after its append resolved: while the append
// is stalled the shoe gets no ACK and retransmits; a failed append gets no ACK either, and the shoe's
// retransmission puts the card on the log, once. The table runs on virtual time (docs/architecture.md,
// "The clock"): the shoe's retransmissions come at their times without waiting for them.
//
// This test fails if the runtime hands the shoe event to the table without awaiting it
// (src/composition/table-runtime.ts, `await bridge.onShoeEvent(...)` → `void ...`): checked by hand.
import { afterEach, describe, expect, test } from 'vitest';
import { SerialPortMock } from 'serialport';
import { pino } from 'pino';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable, type TableRuntime } from '../../src/composition/table-runtime.js';
import { MemoryEventStore } from '../../src/adapters/store/memory-event-store.js';
import { isInputRecord, recordedInput } from '../../src/app/audit/log-records.js';
import type { EventStore, NewEvent } from '../../src/ports/event-store.js';
import { VirtualClock } from '../../src/adapters/clock/virtual-clock.js';

const clock = new VirtualClock();
/** The table's time moves on (10 ms at a time) until `ok`; `ms` of it at most. */
const until = async (what: string, ok: () => boolean, ms = 10_000): Promise<void> => {
  if (!(await clock.runUntil(ok, ms))) throw new Error(`not within ${ms} ms of the table's time: ${what}`);
};

/** A store whose appends of card inputs can be held back or refused. */
function gatedStore(inner: MemoryEventStore) {
  const control = { stall: null as Promise<void> | null, failNext: false, cardAppends: 0 };
  const isCard = (batch: readonly NewEvent[]) => batch[0]?.type === 'input' && (batch[0].data as { input?: { type?: string } }).input?.type === 'card';
  const store = new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'append') {
        return async (tableId: string, batch: readonly NewEvent[], options?: unknown) => {
          if (isCard(batch)) {
            control.cardAppends++;
            if (control.stall) await control.stall;
            if (control.failNext) {
              control.failNext = false;
              throw new Error('disk full (test)');
            }
          }
          return (target.append as (...a: unknown[]) => unknown).call(target, tableId, batch, options);
        };
      }
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  }) as unknown as EventStore;
  return { store, control };
}

describe('the running table ACKs a card only after its append resolved (§9.6)', () => {
  let runtime: TableRuntime | null = null;
  afterEach(async () => {
    await runtime?.stop();
    runtime = null;
    SerialPortMock.binding.reset();
  });

  test('a stalled append: no ACK, the shoe retransmits; a failed append: no ACK, the table halts, and after the supervisor resumes the retransmission is logged once', async () => {
    const inner = new MemoryEventStore();
    const { store, control } = gatedStore(inner);
    const config = parseTableConfig({ id: 'ack-1', rules: 'six-deck', decisionTimerSeconds: 30, bettingSeconds: 60, roles: {} }, 'test');
    runtime = await startTable({ config, store, clock, logger: pino({ level: 'silent' }), quiet: true, seed: 3 });
    const shoe = runtime.emulator!;
    const cardInputs = async () => (await inner.read('ack-1')).filter(isInputRecord).map(recordedInput).filter((r) => r.input.type === 'card');

    // The shoe is loaded: the burn card is due and the gate opens.
    await until('the gate to open for the burn card', () => shoe.gate === 'unlocked');
    let release!: () => void;
    control.stall = new Promise<void>((r) => (release = r));
    const retransmissionsBefore = shoe.stats.retransmissions;
    void shoe.drawCard();
    await until('the card append to start', () => control.cardAppends === 1);
    await clock.advance(900);
    // Stalled: the CARD_DRAWN is still unacknowledged at the shoe, which keeps retransmitting it.
    expect(shoe.sequenceState.outstanding).not.toBeNull();
    expect(shoe.stats.retransmissions - retransmissionsBefore).toBeGreaterThanOrEqual(2);
    expect(await cardInputs()).toHaveLength(0);
    release();
    control.stall = null;
    await until('the ACK after the append', () => shoe.sequenceState.outstanding === null);
    expect(await cardInputs()).toHaveLength(1);
    expect(runtime.link.counters.duplicatesInFlight).toBeGreaterThan(0);

    // A round: a bet, betting closed; the first card is due. Its append fails once.
    await runtime.service.submit({ type: 'bet', seat: 1, player: 'p1', amount: 1000, kind: 'main' }, { source: 'api', by: 'test' });
    await runtime.service.submit({ type: 'betting.closed' }, { source: 'api', by: 'test' });
    await until('the gate to open for the first card', () => shoe.gate === 'unlocked');
    control.failNext = true;
    const failuresBefore = runtime.link.counters.handlerFailures;
    const retransmitted = shoe.stats.retransmissions;
    void shoe.drawCard();
    await until('the failed append', () => runtime!.link.counters.handlerFailures > failuresBefore);
    // The failed append halts the table (a storage fault): the card is not ACKed and stays with the shoe
    // until the supervisor resumes; then its retransmission is logged, once.
    expect(runtime.service.halted?.kind).toBe('storage');
    expect(shoe.sequenceState.outstanding).not.toBeNull();
    await runtime.service.submit({ type: 'supervisor', action: 'resume', by: 'supervisor-1' }, { source: 'api', by: 'supervisor-1' });
    expect(runtime.service.halted).toBeNull();
    await until('the retransmission ACKed', () => shoe.sequenceState.outstanding === null);
    expect(shoe.stats.retransmissions).toBeGreaterThan(retransmitted);
    const cards = await cardInputs();
    expect(cards).toHaveLength(2);
    expect(new Set(cards.map((c) => c.origin.shoeSeq)).size).toBe(2);
  }, 30_000);
});
