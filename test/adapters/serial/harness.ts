// Test harness: a ShoeEmulator wired to a ShoeLink through serialport's mock binding, on
// virtual time. The mock port is created by the test's beforeEach and reset in its afterEach.
import { SerialPortMock } from 'serialport';
import { expect } from 'vitest';
import type { Card, ShoeEvent } from '../../../firmware-protocol/src/index.js';
import { ShoeEmulator, type ShoeEmulatorOptions } from '../../../src/adapters/shoe-emulator/emulator.js';
import { connectEmulatorToMockBinding, type MockShoeWire } from '../../../src/adapters/shoe-emulator/mock-wire.js';
import { mulberry32 } from '../../../src/random/prng.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';
import { ShoeLink, type DeliveredShoeMessage, type LinkEvent, type ShoeLinkOptions } from '../../../src/adapters/serial/shoe-link.js';

export const MOCK_PATH = '/dev/shoe-mock';

export function createMockPort(path = MOCK_PATH): void {
  SerialPortMock.binding.createPort(path);
}
export function resetMockBinding(): void {
  SerialPortMock.binding.reset();
}

export interface Rig {
  sched: VirtualClock;
  emulator: ShoeEmulator;
  wire: MockShoeWire;
  link: ShoeLink;
  delivered: DeliveredShoeMessage[];
  events: LinkEvent[];
  states: string[];
  /** Cards delivered to the application, in order. */
  cards(): Card[];
  untilUp(maxMs?: number): Promise<void>;
  /** Unlocks the gate until locked and has the dealer pull `n` cards, `paceMs` apart. */
  deal(n: number, paceMs?: number): Promise<void>;
  /** Waits (virtual time) until the application has `n` CARD_DRAWN messages. */
  untilCards(n: number, maxMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface RigOptions {
  emulator?: Partial<ShoeEmulatorOptions>;
  link?: Partial<ShoeLinkOptions>;
  /** Simulated persistence time of the application, per message. */
  persistMs?: number;
  seed?: number;
}

export function makeRig(cards: readonly Card[], o: RigOptions = {}): Rig {
  const sched = new VirtualClock();
  const emulator = new ShoeEmulator({ clock: sched, rng: mulberry32(o.seed ?? 7), cards, ...o.emulator });
  const wire = connectEmulatorToMockBinding(emulator, MOCK_PATH);
  const delivered: DeliveredShoeMessage[] = [];
  const events: LinkEvent[] = [];
  const states: string[] = [];
  const link = new ShoeLink({
    path: MOCK_PATH,
    baudRate: 115200,
    binding: wire.binding,
    clock: sched,
    onMessage: async (m) => {
      if (o.persistMs) await new Promise<void>((r) => sched.setTimeout(r, o.persistMs as number));
      delivered.push(m);
    },
    onEvent: (e) => {
      events.push(e);
      if (e.type === 'state') states.push(e.state);
    },
    ...o.link,
  });
  const cardsOut = (): Card[] => delivered.flatMap((d) => (d.message.type === 'CARD_DRAWN' ? [d.message.card] : []));
  const rig: Rig = {
    sched,
    emulator,
    wire,
    link,
    delivered,
    events,
    states,
    cards: cardsOut,
    async untilUp(maxMs = 10_000) {
      const ok = await sched.runUntil(() => link.state === 'up' && emulator.sessionState === 'up', maxMs);
      expect(ok, `link up within ${maxMs} ms (link ${link.state}, shoe ${emulator.sessionState})`).toBe(true);
    },
    async deal(n, paceMs = 20) {
      void link.unlockGate(0);
      for (let i = 0; i < n; i++) {
        void emulator.drawCard();
        await sched.advance(paceMs);
      }
    },
    async untilCards(n, maxMs = 120_000) {
      const ok = await sched.runUntil(() => cardsOut().length >= n, maxMs, 50);
      expect(ok, `${n} cards delivered within ${maxMs} ms (got ${cardsOut().length})`).toBe(true);
    },
    async close() {
      emulator.powerOff();
      await link.close();
      wire.dispose();
    },
  };
  return rig;
}

/** Asserts every card arrived exactly once, in the shoe's order, with no gap in drawIndex. */
export function expectExactlyOnceInOrder(delivered: readonly DeliveredShoeMessage[], shoe: readonly Card[]): void {
  const seqs = delivered.map((d) => d.seq);
  for (let i = 1; i < seqs.length; i++) expect(seqs[i], `seq after ${seqs[i - 1]}`).toBe(((seqs[i - 1] as number) % 65535) + 1);
  const drawn = delivered.flatMap((d) => (d.message.type === 'CARD_DRAWN' ? [d.message] : []));
  expect(drawn.map((d) => d.card)).toEqual(shoe.slice(0, drawn.length));
  expect(drawn.map((d) => d.drawIndex)).toEqual(drawn.map((_, i) => i + 1));
  expect(drawn.length).toBe(shoe.length);
}

export function eventsOf<T extends ShoeEvent['type']>(delivered: readonly DeliveredShoeMessage[], type: T): Extract<ShoeEvent, { type: T }>[] {
  return delivered.flatMap((d) => (d.message.type === type ? [d.message as Extract<ShoeEvent, { type: T }>] : []));
}
