// The shoe bridge itself, unit level: a real TableService over the memory store, a
// fake gate and a fake link hold. Shoe events become the right inputs; the link's delivery handler
// resolves only once they are durable (and rejects when the append fails); the gate follows the table;
// link states and sequence incidents become faults; an incident's hold is released only when a
// supervisor has resumed.
import { describe, expect, test } from 'vitest';
import { loadRuleSet } from '../../../src/config/load-rule-set.js';
import { MemoryEventStore } from '../../../src/adapters/store/memory-event-store.js';
import { steppingClock } from '../../../src/adapters/clock/stepping-clock.js';
import { TableService } from '../../../src/app/table/table-service.js';
import { ShoeBridge } from '../../../src/app/table/shoe-bridge.js';
import { inputsForShoeEvent, shoeInput } from '../../../src/adapters/serial/shoe-input.js';
import { isInputRecord, recordedInput } from '../../../src/app/audit/log-records.js';
import type { SequenceIncidentEvidence } from '../../../src/ports/sequence-incident.js';
import type { ShoeGate } from '../../../src/ports/shoe-gate.js';
import type { LinkHold } from '../../../src/ports/link-hold.js';
import type { EventStore, NewEvent } from '../../../src/ports/event-store.js';

const { rules, rulesId } = loadRuleSet('six-deck');

function fakeGate() {
  const calls: string[] = [];
  const gate: ShoeGate = {
    lockGate: async () => void calls.push('lock'),
    unlockGate: async (n = 1) => void calls.push(`unlock ${n}`),
    setIndicator: async (t, seat = 0, hand = 0) => void calls.push(`indicator ${t}${t === 'seat' ? ` ${seat}/${hand}` : ''}`),
  };
  return { gate, calls, last: () => calls.filter((c) => c === 'lock' || c.startsWith('unlock')).at(-1) };
}

function fakeHold(): LinkHold & { log: string[] } {
  const log: string[] = [];
  let held: string | null = null;
  return {
    log,
    get held() {
      return held;
    },
    hold(reason) {
      held = reason;
      log.push(`hold ${reason}`);
    },
    releaseHold() {
      held = null;
      log.push('release');
    },
  };
}

/** A memory store whose next append can be held back or refused. */
function controllableStore() {
  const inner = new MemoryEventStore();
  const c = { stall: null as Promise<void> | null, fail: false };
  const store = new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'append') {
        return async (id: string, batch: readonly NewEvent[], o?: unknown) => {
          if (c.stall) await c.stall;
          if (c.fail) throw new Error('append failed (test)');
          return (target.append as (...a: unknown[]) => unknown).call(target, id, batch, o);
        };
      }
      const v = Reflect.get(target, prop, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  }) as unknown as EventStore;
  return { store, inner, c };
}

async function setup(store: EventStore = new MemoryEventStore()) {
  const service = await TableService.open({ tableId: 'b1', rules, rulesId, store, clock: steppingClock() });
  const g = fakeGate();
  const hold = fakeHold();
  const bridge = new ShoeBridge(service, g.gate, hold);
  bridge.start();
  const inputs = async () => (await store.read('b1')).filter(isInputRecord).map(recordedInput);
  return { service, bridge, hold, inputs, store, ...g };
}

const card = (c: string, seq: number) => ({ message: { type: 'CARD_DRAWN' as const, drawIndex: seq, card: c as 'AS', confidence: 99, rescan: false }, seq });
const evidence: SequenceIncidentEvidence = { kind: 'stale-hello', detail: 'replayed', hello: { coldStart: true, hex: '00 01' }, link: { lastRxSeqBefore: 40, lastRxSeqAfter: 40 } };

describe('inputsForShoeEvent (firmware-protocol §7.4)', () => {
  test('each shoe event stands for its inputs', () => {
    expect(inputsForShoeEvent({ type: 'CARD_DRAWN', drawIndex: 3, card: 'QH', confidence: 90, rescan: false }, false)).toEqual([{ type: 'card', card: 'QH' }]);
    expect(inputsForShoeEvent({ type: 'CARD_DRAWN', drawIndex: 3, card: 'QH', confidence: 90, rescan: true }, true)).toEqual([{ type: 'shoe.recovered', fault: 'misread' }, { type: 'card', card: 'QH' }]);
    expect(inputsForShoeEvent({ type: 'CARD_UNREADABLE', drawIndex: 4 }, false)).toEqual([{ type: 'shoe.fault', fault: 'misread', detail: 'draw 4 not read', detailCode: 'drawNotRead', detailParams: { count: '4' } }]);
    expect(inputsForShoeEvent({ type: 'CUT_CARD_SEEN', drawIndex: 200 }, false)).toEqual([{ type: 'cut-card' }]);
    expect(inputsForShoeEvent({ type: 'SHOE_LOADED', deckCount: 6, cardCount: 312 }, false)).toEqual([{ type: 'shoe.loaded' }]);
    expect(inputsForShoeEvent({ type: 'FAULT', code: 'JAM', state: 'raised', drawIndex: 9 }, false)).toEqual([{ type: 'shoe.fault', fault: 'jam', detail: 'draw 9', detailCode: 'draw', detailParams: { count: '9' } }]);
    expect(inputsForShoeEvent({ type: 'FAULT', code: 'CARD_REVERSED', state: 'cleared', drawIndex: 9 }, false)).toEqual([{ type: 'shoe.recovered', fault: 'cardReversed' }]);
    // The shoe's primary button closes betting early (PROTOCOL.md §7.4.6; the betting countdown); others are no input.
    expect(inputsForShoeEvent({ type: 'DEALER_BUTTON', button: 'primary', press: 'short' }, false)).toEqual([{ type: 'betting.closed' }]);
    expect(inputsForShoeEvent({ type: 'DEALER_BUTTON', button: 'secondary', press: 'short' }, false)).toEqual([]);
  });
});

describe('ShoeBridge', () => {
  test('the delivery handler resolves only once the input is durable, and rejects when the append fails', async () => {
    const { store, c } = controllableStore();
    const { bridge, inputs } = await setup(store);
    let release!: () => void;
    c.stall = new Promise<void>((r) => (release = r));
    let resolved = false;
    const delivery = bridge.onShoeEvent(shoeInput({ type: 'SHOE_LOADED', deckCount: 6, cardCount: 312 }), 1).then(() => (resolved = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(resolved).toBe(false); // the link must not ACK yet
    release();
    c.stall = null;
    await delivery;
    expect((await inputs()).map((r) => [r.input.type, r.origin.shoeSeq])).toEqual([['shoe.loaded', 1]]);
    c.fail = true;
    await expect(bridge.onShoeEvent(shoeInput(card('AS', 2).message), 2)).rejects.toThrow(/append failed/);
    c.fail = false;
    expect((await inputs()).filter((r) => r.input.type === 'card')).toEqual([]);
  });

  test('the gate opens for each card due, one at a time, and locks when none is', async () => {
    const { bridge, calls, last, service } = await setup();
    expect(last()).toBe('lock'); // no shoe: nothing due
    await bridge.onShoeEvent(shoeInput({ type: 'SHOE_LOADED', deckCount: 6, cardCount: 312 }), 1);
    expect(last()).toBe('unlock 1');
    expect(calls).toContain('indicator burn');
    await bridge.onShoeEvent(shoeInput(card('7S', 1).message), 2); // the burn card
    expect(service.phase).toMatch(/betting/i);
    expect(last()).toBe('lock');
    // Non-input shoe messages are notes on the log.
    await bridge.onShoeEvent(shoeInput({ type: 'DEALER_BUTTON', button: 'primary', press: 'short' }), 3);
  });

  test('link down pauses the table with a linkDown fault; the link back clears it', async () => {
    const { bridge, service, last, store } = await setup();
    await bridge.onShoeEvent(shoeInput({ type: 'SHOE_LOADED', deckCount: 6, cardCount: 312 }), 1);
    await bridge.onLinkState('down', 'up', 'no heartbeat', { code: 'noFrame', params: { ms: '3500', count: '3' } });
    expect(service.table.shoeFaults).toEqual(['linkDown']);
    // The note on the log carries the link's code and values beside its sentence.
    const notes = (await store.read('b1')).filter((e) => e.type === 'link.state').map((e) => e.data);
    expect(notes).toEqual([{ state: 'down', previous: 'up', reason: 'no heartbeat', code: 'noFrame', params: { ms: '3500', count: '3' } }]);
    expect(last()).toBe('lock');
    await bridge.onLinkState('up', 'down', 'HELLO');
    expect(service.table.shoeFaults).toEqual([]);
    expect(last()).toBe('unlock 1');
  });

  test('the shoe event the link delivers right after it came back up goes in after the linkDown fault is cleared', async () => {
    // Seen under test/e2e/pty-table's fault mix: the link went down and up again at start; the shoe's
    // SHOE_LOADED reached the table while the linkDown fault was still open, was refused as "table paused"
    // and, acknowledged, never came again: the table waited for a shoe forever.
    const { bridge, service, inputs } = await setup();
    // The link reports down, then up, then delivers — without waiting for the bridge (as the link does).
    void bridge.onLinkState('down', 'up', 'shoe answered NAK NO_SESSION');
    void bridge.onLinkState('up', 'down', 'HELLO reply received');
    await bridge.onShoeEvent(shoeInput({ type: 'SHOE_LOADED', deckCount: 6, cardCount: 312 }), 1);
    expect((await inputs()).map((r) => r.input.type)).toEqual(['shoe.fault', 'shoe.recovered', 'shoe.loaded']);
    expect(service.table.shoeFaults).toEqual([]);
    expect(service.phase).not.toBe('paused');
    expect(service.phase).not.toBe('active.awaitingShoe');
  });

  test('a sequence incident\'s coded cause goes on the fault\'s input and the pause\'s reason beside its sentence', async () => {
    const { bridge, inputs, store } = await setup();
    const cause = { code: 'incidentRollback', params: { announced: '2', seq: '4' } } as const;
    await bridge.onSequenceIncident({ ...evidence, kind: 'rollback', detail: 'the shoe announced seq 2, behind the last delivered 4: stale or restored sequence state', cause });
    const fault = (await inputs()).find((r) => r.input.type === 'shoe.fault');
    expect(fault?.input).toMatchObject({ detail: 'rollback: the shoe announced seq 2, behind the last delivered 4: stale or restored sequence state', detailCode: 'incidentRollback', detailParams: { announced: '2', seq: '4' } });
    const pause = (await store.read('b1')).find((e) => e.type === 'table.paused');
    expect(pause?.data).toMatchObject({ code: 'shoeFaultDetail', params: { fault: 'sequenceIncident', detailCode: 'incidentRollback', announced: '2', seq: '4' } });
  });

  test('a sequence incident: a fault with the evidence on the log, the table paused, the hold released only by a supervisor resume', async () => {
    const { bridge, service, hold, inputs, last } = await setup();
    await bridge.onShoeEvent(shoeInput({ type: 'SHOE_LOADED', deckCount: 6, cardCount: 312 }), 1);
    hold.hold('stale-hello: replayed'); // the link holds deliveries as it reports the incident
    await bridge.onSequenceIncident(evidence);
    expect(service.phase).toBe('paused');
    expect(last()).toBe('lock');
    const fault = (await inputs()).find((r) => r.input.type === 'shoe.fault');
    expect(fault?.input).toEqual({ type: 'shoe.fault', fault: 'sequenceIncident', detail: 'stale-hello: replayed', evidence: { ...evidence } });
    expect(fault?.origin).toMatchObject({ source: 'shoe', by: 'link' });
    // A second incident while the first is open: a note beside it, no second fault.
    await bridge.onSequenceIncident({ ...evidence, kind: 'rollback' });
    expect((await inputs()).filter((r) => r.input.type === 'shoe.fault')).toHaveLength(1);
    // The link coming back (or a recovery) does not release it.
    await bridge.onLinkState('up', 'down', 'HELLO');
    expect(hold.held).not.toBeNull();
    const refused = await service.submit({ type: 'shoe.recovered', fault: 'sequenceIncident' }, { source: 'shoe', by: 'link' });
    expect(refused.rejected).toMatch(/only by a supervisor/);
    expect(hold.held).not.toBeNull();
    // The supervisor resumes: the fault is closed, the hold released, the gate follows the table.
    await service.submit({ type: 'supervisor', action: 'resume', by: 'sup' }, { source: 'api', by: 'sup' });
    expect(hold.held).toBeNull();
    expect(hold.log.at(-1)).toBe('release');
    expect(last()).toBe('unlock 1');
  });

  test('a restart with an incident still open on the log holds the link again', async () => {
    const store = new MemoryEventStore();
    const first = await setup(store);
    await first.bridge.onShoeEvent(shoeInput({ type: 'SHOE_LOADED', deckCount: 6, cardCount: 312 }), 1);
    await first.bridge.onSequenceIncident(evidence);
    first.bridge.stop();
    const again = await setup(store);
    expect(again.hold.held).toMatch(/sequence incident/);
    expect(again.last()).toBe('lock');
  });
});
