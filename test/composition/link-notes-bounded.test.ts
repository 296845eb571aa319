// The shoe link's chatter on the log at a bounded rate (docs/operations.md, "A shoe that restarts"): a demo
// table on virtual time whose shoe drops off and comes back every few seconds for five minutes — the link
// going down and handshaking again each time — writes every link state change, but a link.handshake note
// and a link.counters note at most once a minute each (the counters' newest values on shutdown).
import { afterEach, expect, test } from 'vitest';
import { SerialPortMock } from 'serialport';
import { pino } from 'pino';
import { parseTableConfig } from '../../src/config/table-config.js';
import { startTable, type TableRuntime } from '../../src/composition/table-runtime.js';
import { MemoryEventStore } from '../../src/adapters/store/memory-event-store.js';
import { VirtualClock } from '../../src/adapters/clock/virtual-clock.js';

const TABLE = 'ln-1';
let runtime: TableRuntime | null = null;
afterEach(async () => {
  await runtime?.stop();
  runtime = null;
  SerialPortMock.binding.reset();
});

test('a shoe dropping off every few seconds for five minutes: every state change, one handshake and one counters note a minute', async () => {
  const clock = new VirtualClock({ mono: 0, wall: '2026-05-01T10:00:00.000Z' });
  const store = new MemoryEventStore();
  let wire: { mute(): void; unmute(): void } | null = null;
  runtime = await startTable({
    config: parseTableConfig({ id: TABLE, rules: 'six-deck', roles: {} }, 'test'), store, clock, logger: pino({ level: 'silent' }),
    manual: true, quiet: true, seed: 5,
    onEmulatedShoe: (shoe) => {
      wire = shoe.wire;
    },
  });
  const link = runtime.link;
  expect(await clock.runUntil(() => link.state === 'up', 10_000, 100)).toBe(true);
  let cycles = 0;
  while (clock.now() < 300_000) {
    wire!.mute();
    expect(await clock.runUntil(() => link.state === 'down', 10_000, 100)).toBe(true);
    wire!.unmute();
    expect(await clock.runUntil(() => link.state === 'up', 10_000, 100)).toBe(true);
    cycles++;
  }
  const minutes = Math.ceil(clock.now() / 60_000);
  await runtime.stop();
  runtime = null;
  const log = await store.read(TABLE);
  const count = (type: string) => log.filter((e) => e.type === type).length;
  expect(cycles).toBeGreaterThan(40);
  expect(link.counters.handshakes).toBeGreaterThan(cycles);
  expect(count('link.state')).toBeGreaterThanOrEqual(2 * cycles);
  expect(count('link.handshake')).toBeLessThanOrEqual(minutes + 1);
  expect(count('link.counters')).toBeLessThanOrEqual(minutes + 1);
  expect(count('link.handshake')).toBeGreaterThanOrEqual(minutes - 1); // the same shoe again, once a minute
  // The newest counters reached the log on shutdown.
  const last = log.filter((e) => e.type === 'link.counters').at(-1)!;
  expect(last.data).toMatchObject({ linkDowns: link.counters.linkDowns });
}, 120_000);
