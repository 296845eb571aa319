// The shoe link's notes at a bounded rate (src/app/table/bounded-note.ts; docs/operations.md, "A shoe that
// restarts"): counters that move every second for three minutes cost the log one note a minute and the
// newest values are never lost; a value the log already says is not written again; a shoe that handshakes
// every 1.5 s is recorded once a minute.
import { describe, expect, test } from 'vitest';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';
import { BoundedNote } from '../../../src/app/table/bounded-note.js';

function noted<T>(options: ConstructorParameters<typeof BoundedNote<T>>[3] = {}) {
  const clock = new VirtualClock({ wall: Date.parse('2026-03-01T12:00:00.000Z'), mono: 0 });
  const written: { at: number; value: T }[] = [];
  const note = new BoundedNote<T>((value) => written.push({ at: clock.now(), value }), clock, 60_000, options);
  return { clock, written, note };
}

describe('a note at a bounded rate', () => {
  test('counters changing every second for three minutes: the first at once, then one a minute with the newest values', async () => {
    const { clock, written, note } = noted<{ crcErrors: number }>();
    for (let second = 0; second < 180; second++) {
      note.offer({ crcErrors: second });
      await clock.advance(1_000);
    }
    expect(written.map((w) => w.at)).toEqual([0, 60_000, 120_000, 180_000]);
    expect(written.map((w) => w.value.crcErrors)).toEqual([0, 59, 119, 179]);
    note.offer({ crcErrors: 180 });
    note.flush(); // the link closing: the newest values are written at once
    expect(written.map((w) => w.value.crcErrors)).toEqual([0, 59, 119, 179, 180]);
  });

  test('the same values again are not written; back to what was written, nothing waits', async () => {
    const { clock, written, note } = noted<{ crcErrors: number }>();
    note.offer({ crcErrors: 1 });
    note.offer({ crcErrors: 1 });
    note.offer({ crcErrors: 2 });
    note.offer({ crcErrors: 1 });
    await clock.advance(120_000);
    note.flush();
    expect(written.map((w) => w.value.crcErrors)).toEqual([1]);
  });

  test('a shoe handshaking every 1.5 s for five minutes: one note a minute (repeatSame), a new shoe written when the minute is up', async () => {
    const shoe = (serial: string, initiatedBy: string) => ({ serial, initiatedBy });
    const { clock, written, note } = noted<{ serial: string; initiatedBy: string }>({ keyOf: ({ serial }) => serial, repeatSame: true });
    for (let i = 0; i < 200; i++) {
      note.offer(shoe('SH-1', i % 2 === 0 ? 'shoe' : 'controller'));
      await clock.advance(1_500);
    }
    expect(written.map((w) => w.at)).toEqual([0, 60_000, 120_000, 180_000, 240_000]);
    note.offer(shoe('SH-2', 'shoe')); // at 300 s: the minute is up, written at once
    await clock.advance(1_000);
    note.offer(shoe('SH-3', 'shoe')); // a second later: waits for the minute
    expect(written.map((w) => w.value.serial).slice(-2)).toEqual(['SH-1', 'SH-2']);
    await clock.advance(60_000);
    expect(written.at(-1)).toEqual({ at: 360_000, value: shoe('SH-3', 'shoe') });
  });
});
