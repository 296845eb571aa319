// The --faults SPEC grammar and the seeded shoe.
import { describe, expect, it } from 'vitest';
import { FaultSpecError, formatFaultSpec, parseFaultSpec } from '../../../src/adapters/shoe-emulator/faults.js';
import { mulberry32, shuffledShoe } from '../../../src/random/prng.js';

describe('fault SPEC', () => {
  it('parses the documented example', () => {
    expect(parseFaultSpec('drop=0.02,corrupt=0.02,dup=0.01,delay=0.01,misread=0.01,jam@40,unplug@100:2')).toEqual({
      drop: 0.02,
      corrupt: 0.02,
      dup: 0.01,
      delay: 0.01,
      delayMs: 400,
      misread: 0.01,
      scheduled: [
        { kind: 'jam', beforeCard: 40, durationMs: 2000 },
        { kind: 'unplug', beforeCard: 100, durationMs: 2000 },
      ],
    });
  });
  it('accepts spaces, decimals, delay ms, several events, a seed, and the empty spec', () => {
    const p = parseFaultSpec(' delay=0.5:900 , unplug@7:0.25, jam@3:1.5, reversed@2, dirty@9, seed=42 ');
    expect(p.delayMs).toBe(900);
    expect(p.scheduled.map((s) => [s.kind, s.beforeCard, s.durationMs])).toEqual([
      ['reversed', 2, 1000],
      ['jam', 3, 1500],
      ['unplug', 7, 250],
      ['dirty', 9, 5000],
    ]);
    expect(p.seed).toBe(42);
    expect(parseFaultSpec('')).toMatchObject({ drop: 0, scheduled: [] });
  });
  it('round-trips through formatFaultSpec', () => {
    const p = parseFaultSpec('drop=0.1,delay=0.2:700,misread=0.05,jam@3:1.5,unplug@7:2,seed=9');
    expect(parseFaultSpec(formatFaultSpec(p))).toEqual(p);
  });
  it.each(['drop=2', 'drop=-0.1', 'jam@0', 'unplug@5', 'unplug@5:0', 'fire=0.1', 'misread=0.1:30', 'jam@x', 'drop', 'seed=4294967296'])('rejects %s', (spec) => {
    expect(() => parseFaultSpec(spec)).toThrow(FaultSpecError);
  });
});

describe('seeded shoe', () => {
  it('shuffles six decks reproducibly: 312 cards, each card six times', () => {
    const a = shuffledShoe(6, mulberry32(123));
    expect(a).toEqual(shuffledShoe(6, mulberry32(123)));
    expect(a).not.toEqual(shuffledShoe(6, mulberry32(124)));
    expect(a).toHaveLength(312);
    const counts = new Map<string, number>();
    for (const c of a) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(52);
    expect([...counts.values()].every((n) => n === 6)).toBe(true);
  });
});
