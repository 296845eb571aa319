// The progress reporter: on a terminal after 2 s, done / total, rate and time left;
// nothing when stderr is not a terminal or with --quiet; at most one redraw per interval.
import { describe, expect, test } from 'vitest';
import { Progress } from '../../src/cli/progress.js';

function fakeTerminal(isTTY = true, columns?: number) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, ...(columns !== undefined ? { columns } : {}), write: (t: string) => (writes.push(t), true) } };
}

function fakeClock() {
  let ms = 0;
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

describe('Progress', () => {
  test('silent during the first 2 s, then done / total, rate and time left on one redrawn line', () => {
    const term = fakeTerminal();
    const clock = fakeClock();
    const p = new Progress({ stream: term.stream, now: clock.now, label: 'replay', unit: 'lines' });
    clock.advance(1000);
    p.update(10_000, 100_000);
    expect(term.writes).toEqual([]);
    clock.advance(1500);
    p.update(25_000, 100_000);
    expect(term.writes).toEqual(['\rreplay: 25,000 / 100,000 lines (25%) · 10,000 lines/s · 8 s left\x1b[K']);
  });

  test('redraws at most every interval', () => {
    const term = fakeTerminal();
    const clock = fakeClock();
    const p = new Progress({ stream: term.stream, now: clock.now, label: 'export', unit: 'events', intervalMs: 250 });
    clock.advance(2000);
    p.update(1, 10);
    clock.advance(100);
    p.update(2, 10);
    clock.advance(100);
    p.update(3, 10);
    expect(term.writes).toHaveLength(1);
    clock.advance(100);
    p.update(4, 10);
    expect(term.writes).toHaveLength(2);
  });

  test('an estimated total is marked with ~ and time left runs in minutes', () => {
    const term = fakeTerminal();
    const clock = fakeClock();
    const p = new Progress({ stream: term.stream, now: clock.now, label: 'run', unit: 'lines' });
    clock.advance(10_000);
    p.update(1000, 200_000, true);
    expect(term.writes[0]).toBe('\rrun: 1,000 / ~200,000 lines (0%) · 100 lines/s · 33 min 10 s left\x1b[K');
  });

  test('finish ends the line with a summary once something was drawn, and writes nothing otherwise', () => {
    const term = fakeTerminal();
    const clock = fakeClock();
    const quick = new Progress({ stream: term.stream, now: clock.now, label: 'replay', unit: 'lines' });
    quick.update(5, 5);
    quick.finish();
    expect(term.writes).toEqual([]);
    const slow = new Progress({ stream: term.stream, now: clock.now, label: 'replay', unit: 'lines' });
    clock.advance(4000);
    slow.update(8000, 8000);
    slow.finish();
    expect(term.writes.at(-1)).toBe('\rreplay: 8,000 lines in 4.0 s (2,000 lines/s)\x1b[K\n');
  });

  test('nothing when stderr is not a terminal, or with --quiet', () => {
    const clock = fakeClock();
    for (const [term, quiet] of [[fakeTerminal(false), false], [fakeTerminal(true), true]] as const) {
      const p = new Progress({ stream: term.stream, now: clock.now, label: 'replay', unit: 'lines', quiet });
      clock.advance(10_000);
      p.update(1, 2);
      p.finish();
      expect(term.writes).toEqual([]);
    }
  });

  test('the line is cut to the terminal width', () => {
    const term = fakeTerminal(true, 30);
    const clock = fakeClock();
    const p = new Progress({ stream: term.stream, now: clock.now, label: 'replay', unit: 'lines' });
    clock.advance(3000);
    p.update(123_456, 1_000_000);
    expect(term.writes[0]).toBe('\rreplay: 123,456 / 1,000,000 l\x1b[K');
  });
});
