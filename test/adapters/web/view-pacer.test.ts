// A gateway's fan-out pacing (src/adapters/view-fanout/view-pacer.ts): the views that came in
// one turn of the event loop go out as one, the newest; with a least interval, fan-outs are that far
// apart and the newest view always goes out in the end — conflation never loses the last state.
import { describe, expect, test } from 'vitest';
import { ViewChannel, type SharedView } from '../../../src/ports/shared-view.js';
import { ViewPacer } from '../../../src/adapters/view-fanout/view-pacer.js';
import { VirtualClock } from '../../../src/adapters/clock/virtual-clock.js';

const view = (n: number): SharedView => ({ audience: 'public', seq: n, view: undefined, json: `{"n":${n}}` });

function watched(interval: number) {
  const channel = new ViewChannel();
  const seen: number[] = [];
  channel.views$.subscribe((v) => seen.push(v.seq));
  // Virtual time: the interval's timer fires only when advanced; the end of a turn is a turn of the event loop.
  const clock = new VirtualClock();
  const pacer = new ViewPacer(channel, interval, clock);
  const advance = (ms: number) => clock.advance(ms);
  return { channel, seen, pacer, advance };
}

describe('view pacing', () => {
  test('the views of one turn go out as one, the newest; the next turn\'s view goes out too', async () => {
    const { seen, pacer, advance } = watched(0);
    for (let n = 1; n <= 5; n++) pacer.offer(view(n));
    expect(seen).toEqual([]); // not before the end of the turn
    await advance(0);
    expect(seen).toEqual([5]);
    pacer.offer(view(6));
    await advance(0);
    expect(seen).toEqual([5, 6]);
    expect(pacer.conflated).toBe(4);
  });

  test('with a least interval: the first view at once, the ones within the interval as one newest view at its end', async () => {
    const { seen, pacer, advance } = watched(100);
    pacer.offer(view(1));
    await advance(0);
    expect(seen).toEqual([1]);
    await advance(30);
    pacer.offer(view(2));
    await advance(30);
    pacer.offer(view(3));
    await advance(30);
    expect(seen).toEqual([1]); // 90 ms after the first: still waiting
    await advance(10);
    expect(seen).toEqual([1, 3]);
    await advance(500); // a quiet spell: the next view goes at once
    pacer.offer(view(4));
    await advance(0);
    expect(seen).toEqual([1, 3, 4]);
    expect(pacer.conflated).toBe(1);
  });

  test('closing hands the waiting view over before the channel completes', async () => {
    const { channel, seen, pacer, advance } = watched(100);
    pacer.offer(view(1));
    await advance(0);
    pacer.offer(view(2));
    let completed = false;
    channel.views$.subscribe({ complete: () => (completed = true) });
    pacer.close();
    expect(seen).toEqual([1, 2]);
    expect(completed).toBe(true);
    await advance(200);
    expect(seen).toEqual([1, 2]);
  });
});
