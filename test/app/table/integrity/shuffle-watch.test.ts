// The shuffle check's detector: repeated runs of the previous shoe, new-deck order, no alarm on
// shuffled shoes, state rebuilt without raising twice.
import { describe, expect, test } from 'vitest';
import { ShuffleWatch } from '../../../../src/app/table/integrity/shuffle-watch.js';
import { mulberry32 } from '../../../../src/random/prng.js';
import { loadRuleSet } from '../../../../src/config/load-rule-set.js';
import { shuffledShoe } from '../../../support/random-session.js';

const sixDeck = loadRuleSet('six-deck').rules;

function feed(watch: ShuffleWatch, cards: readonly string[]) {
  return cards.flatMap((c) => watch.observe(c));
}

describe('shuffle watch', () => {
  test('a shoe dealt again in the same order raises one repeatedRun alarm at its eighth card', () => {
    const shoe = shuffledShoe(sixDeck, mulberry32(7));
    const watch = new ShuffleWatch(8);
    watch.newShoe();
    expect(feed(watch, shoe)).toEqual([]);
    watch.newShoe();
    const first7 = feed(watch, shoe.slice(0, 7));
    expect(first7).toEqual([]);
    const eighth = watch.observe(shoe[7]!);
    expect(eighth).toHaveLength(1);
    expect(eighth[0]).toMatchObject({ kind: 'repeatedRun', at: 1, previousAt: 1, run: shoe.slice(0, 8) });
    expect(feed(watch, shoe.slice(8)), 'once per shoe').toEqual([]);
  });

  test('a run of 8 lifted from the middle of the previous shoe is caught; a run of 7 is not', () => {
    const random = mulberry32(11);
    const previous = shuffledShoe(sixDeck, random);
    const fresh = shuffledShoe(sixDeck, random);
    const watch = new ShuffleWatch(8);
    watch.newShoe();
    feed(watch, previous);
    watch.newShoe();
    // The card after the run must not continue it by chance (1 in 52 with six decks).
    const after = fresh.slice(60, 120).filter((c) => c !== previous[107]);
    const seven = [...fresh.slice(0, 50), ...previous.slice(100, 107), ...after];
    expect(feed(watch, seven)).toEqual([]);

    const again = new ShuffleWatch(8);
    again.newShoe();
    feed(again, previous);
    again.newShoe();
    const alarms = feed(again, [...fresh.slice(0, 50), ...previous.slice(100, 108), ...fresh.slice(60, 120)]);
    expect(alarms).toEqual([expect.objectContaining({ kind: 'repeatedRun', at: 51, previousAt: 101 })]);
  });

  test('new-deck order, up or down a suit, raises newDeckOrder; the 17+4 suit wraps from K to A', () => {
    const up = ['AS', '2S', '3S', '4S', '5S', '6S', '7S', '8S'];
    const down = ['KH', 'QH', 'JH', 'TH', '9H', '8H', '7H', '6H'];
    const seventeenPlusFour = ['7D', '8D', '9D', 'TD', 'JD', 'QD', 'KD', 'AD'];
    for (const run of [up, down, seventeenPlusFour]) {
      const watch = new ShuffleWatch(8);
      watch.newShoe();
      const alarms = feed(watch, ['2C', '9D', ...run]);
      expect(alarms, run.join(' ')).toEqual([expect.objectContaining({ kind: 'newDeckOrder', at: 3, run })]);
    }
    const zigzag = new ShuffleWatch(8);
    zigzag.newShoe();
    expect(feed(zigzag, ['AS', '2S', '3S', '4S', '3S', '4S', '5S', '6S', '7S'])).toEqual([]);
  });

  test('no alarm on 300 shuffled six-deck shoes in a row', () => {
    const random = mulberry32(2026);
    const watch = new ShuffleWatch(8);
    let alarms = 0;
    for (let i = 0; i < 300; i++) {
      watch.newShoe();
      alarms += feed(watch, shuffledShoe(sixDeck, random)).length;
    }
    expect(alarms).toBe(0);
  });

  test('rebuilt from the previous and current shoe it raises nothing already raised, and still watches', () => {
    const shoe = shuffledShoe(sixDeck, mulberry32(3));
    const restored = ShuffleWatch.restore({ previous: shoe, current: shoe.slice(0, 10) }, 8);
    expect(feed(restored, shoe.slice(10, 40))).toEqual([]);
    const early = ShuffleWatch.restore({ previous: shoe, current: shoe.slice(0, 5) }, 8);
    expect(feed(early, shoe.slice(5, 8))).toEqual([expect.objectContaining({ kind: 'repeatedRun', at: 1 })]);
  });

  test('a run length below 3 is refused', () => {
    expect(() => new ShuffleWatch(2)).toThrow(TypeError);
  });
});
