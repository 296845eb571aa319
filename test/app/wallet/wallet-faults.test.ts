// The reference wallet's fault injection (src/app/wallet/wallet-faults.ts, wallet-fault-spec.ts): the next
// faults asked for come first, then the fault set for a call's number, then the seeded dice against the
// fractions; SPEC and POST /faults bodies are checked.
import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../../../src/random/prng.js';
import { WalletFaultPlan } from '../../../src/app/wallet/wallet-faults.js';
import { applyFaultRequest, applyWalletFaultSpec, parseWalletFaultSpec } from '../../../src/app/wallet/wallet-fault-spec.js';

const kinds = (plan: WalletFaultPlan, calls: number) => Array.from({ length: calls }, () => plan.nextCall()?.kind ?? '-');

describe('the fault plan', () => {
  test('asked-for faults first, then numbered calls; an error carries its status', () => {
    const plan = new WalletFaultPlan(() => 0.5);
    applyWalletFaultSpec(plan, parseWalletFaultSpec('lose@2, restart@4, error@5:500'));
    plan.queue('timeout', 2);
    expect(kinds(plan, 2)).toEqual(['timeout', 'timeout']);
    // Call 3 is plain, call 4 restarts; call 2's lose was taken by the queue.
    expect(plan.nextCall()).toBeNull();
    expect(plan.nextCall()).toEqual({ kind: 'restart' });
    expect(plan.nextCall()).toEqual({ kind: 'error', status: 500 });
    expect(plan.view()).toMatchObject({ calls: 5, injected: { error: 1, timeout: 2, lose: 0, restart: 1 } });
  });

  test('fractions roll the seeded dice: the same seed, the same calls fail, about the fraction of them', () => {
    const run = (seed: number) => {
      const plan = new WalletFaultPlan(mulberry32(seed));
      applyWalletFaultSpec(plan, parseWalletFaultSpec('error=0.2,timeout=0.1,lose=0.1'));
      return kinds(plan, 2000);
    };
    const calls = run(7);
    expect(run(7)).toEqual(calls);
    expect(run(8)).not.toEqual(calls);
    const share = (kind: string) => calls.filter((k) => k === kind).length / calls.length;
    expect(share('error')).toBeCloseTo(0.2, 1);
    expect(share('timeout')).toBeCloseTo(0.1, 1);
    expect(share('lose')).toBeCloseTo(0.1, 1);
  });

  test('clear empties the queue, the numbered calls and the fractions', () => {
    const plan = new WalletFaultPlan(() => 0);
    applyWalletFaultSpec(plan, parseWalletFaultSpec('error=1,lose@3'));
    plan.queue('timeout', 3);
    plan.clear();
    expect(kinds(plan, 5)).toEqual(['-', '-', '-', '-', '-']);
  });
});

describe('SPEC and POST /faults', () => {
  test('SPEC items and their mistakes', () => {
    expect(parseWalletFaultSpec(' error=0.25:502 ,lose@3,seed=9')).toEqual({ fractions: [{ kind: 'error', fraction: 0.25, status: 502 }], at: [{ call: 3, kind: 'lose' }], seed: 9 });
    expect(parseWalletFaultSpec('')).toEqual({ fractions: [], at: [], seed: 1 });
    for (const [spec, words] of [['error=1.5', 'the fraction is 0 to 1'], ['lose=0.1:500', 'only error takes'], ['error@2:404', 'STATUS is 500 to 599'],
      ['restart=0.1', 'expected error=P'], ['lose@0', 'counted from 1'], ['error=0.6,lose=0.6', 'add up to 1.2'], ['seed=99999999999', 'the seed is at most']] as const) {
      expect(() => parseWalletFaultSpec(spec), spec).toThrow(words);
    }
  });

  test('a request sets the next calls or a fraction; a malformed one is refused and changes nothing', () => {
    const plan = new WalletFaultPlan(() => 0.05);
    expect(applyFaultRequest(plan, { fault: 'error', next: 2, status: 500 })).toBeNull();
    expect(applyFaultRequest(plan, { fault: 'restart' })).toBeNull();
    expect(applyFaultRequest(plan, { fault: 'lose', fraction: 0.1 })).toBeNull();
    for (const body of [null, [], { fault: 'explode' }, { fault: 'restart', fraction: 0.5 }, { fault: 'lose', next: 0 }, { fault: 'lose', status: 500 },
      { fault: 'error', fraction: 2 }, { fault: 'error', fraction: 0.95 }, { fault: 'error', next: 1, fraction: 0.1 }, { fault: 'error', next: 1, extra: true }]) {
      expect(applyFaultRequest(plan, body), JSON.stringify(body)).toEqual({ code: 'walletFaultRequest', params: {} });
    }
    expect(plan.nextCall()).toEqual({ kind: 'error', status: 500 });
    expect(plan.nextCall()).toEqual({ kind: 'error', status: 500 });
    expect(plan.nextCall()).toEqual({ kind: 'restart' });
    expect(plan.nextCall()).toEqual({ kind: 'lose' });
  });
});
