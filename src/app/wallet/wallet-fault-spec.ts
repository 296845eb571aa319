// The reference wallet's faults in words: the `--faults SPEC` option and the body of POST /faults
// (docs/operations.md, "The reference wallet and reconciliation").
//
// SPEC is a comma-separated list (spaces ignored, empty = no faults):
//
//   error=P[:STATUS]     a fraction P (0 to 1) of transaction calls is answered STATUS (500 to 599, default
//                        503) without being applied
//   timeout=P            a fraction P is held past the client's timeout (--hold-ms) and not applied
//   lose=P               a fraction P is applied, then the connection is dropped without an answer
//   KIND@N[:STATUS]      the N-th transaction call (from 1, since the process started) meets KIND: error,
//                        timeout, lose, or restart (applied, then the process exits without an answer)
//   seed=N               the seed of the dice the fractions roll (default 1)
//
// The fractions together are at most 1: one roll per call picks at most one of them.
import { SEED_MAX } from '../../random/seed-range.js';
import { FAULT_KINDS, RANDOM_FAULT_KINDS, type FaultKind, type RandomFaultKind, type WalletFaultPlan } from './wallet-faults.js';
import { walletReason, type WalletReason } from './wallet-reasons.js';

export class WalletFaultSpecError extends Error {
  override name = 'WalletFaultSpecError';
}

export interface WalletFaultSpec {
  readonly fractions: ReadonlyArray<{ readonly kind: RandomFaultKind; readonly fraction: number; readonly status?: number }>;
  readonly at: ReadonlyArray<{ readonly call: number; readonly kind: FaultKind; readonly status?: number }>;
  readonly seed: number;
}

const isStatus = (status: number): boolean => Number.isInteger(status) && status >= 500 && status <= 599;

function statusOf(item: string, kind: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (kind !== 'error') throw new WalletFaultSpecError(`"${item}": only error takes ":STATUS"`);
  const status = Number(text);
  if (!isStatus(status)) throw new WalletFaultSpecError(`"${item}": STATUS is 500 to 599`);
  return status;
}

export function parseWalletFaultSpec(spec: string): WalletFaultSpec {
  const fractions: Array<WalletFaultSpec['fractions'][number]> = [];
  const at: Array<WalletFaultSpec['at'][number]> = [];
  let seed = 1;
  for (const item of spec.replace(/\s+/g, '').split(',').filter((s) => s.length > 0)) {
    const rate = /^(error|timeout|lose)=([0-9.]+)(?::([0-9]+))?$/.exec(item);
    const numbered = /^(error|timeout|lose|restart)@([0-9]+)(?::([0-9]+))?$/.exec(item);
    const seeded = /^seed=([0-9]+)$/.exec(item);
    if (rate) {
      const [, kind, p, status] = rate as unknown as [string, RandomFaultKind, string, string | undefined];
      const fraction = Number(p);
      if (!Number.isFinite(fraction) || fraction < 0 || fraction > 1) throw new WalletFaultSpecError(`"${item}": the fraction is 0 to 1`);
      const code = statusOf(item, kind, status);
      fractions.push({ kind, fraction, ...(code !== undefined ? { status: code } : {}) });
    } else if (numbered) {
      const [, kind, n, status] = numbered as unknown as [string, FaultKind, string, string | undefined];
      const call = Number(n);
      if (call < 1) throw new WalletFaultSpecError(`"${item}": calls are counted from 1`);
      const code = statusOf(item, kind, status);
      at.push({ call, kind, ...(code !== undefined ? { status: code } : {}) });
    } else if (seeded) {
      seed = Number(seeded[1]);
      if (seed > SEED_MAX) throw new WalletFaultSpecError(`"${item}": the seed is at most ${SEED_MAX}`);
    } else {
      throw new WalletFaultSpecError(`"${item}": expected error=P[:STATUS], timeout=P, lose=P, KIND@N[:STATUS] (KIND: ${FAULT_KINDS.join(', ')}) or seed=N`);
    }
  }
  const total = RANDOM_FAULT_KINDS.reduce((sum, kind) => sum + ([...fractions].reverse().find((f) => f.kind === kind)?.fraction ?? 0), 0);
  if (total > 1) throw new WalletFaultSpecError(`the fractions add up to ${total}: at most 1 (one roll per call picks at most one fault)`);
  return { fractions, at, seed };
}

/** Sets the spec's faults on a plan (its seed is the dice's, given when the plan is made). */
export function applyWalletFaultSpec(plan: WalletFaultPlan, spec: WalletFaultSpec): void {
  for (const { kind, fraction, status } of spec.fractions) plan.setFraction(kind, fraction, status);
  for (const { call, kind, status } of spec.at) plan.setAt(call, kind, status);
}

/**
 * A POST /faults body on a plan: `{ "fault": KIND, "next": N }` (the next N calls; N 1 when neither is
 * given) or `{ "fault": error|timeout|lose, "fraction": P }` (0 to 1; 0 stops it), with `"status"` (500 to
 * 599) for an error. Null when done; else why the body was refused.
 */
export function applyFaultRequest(plan: WalletFaultPlan, body: unknown): WalletReason | null {
  const refused = walletReason('walletFaultRequest');
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return refused;
  const { fault, next, fraction, status, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0 || !(FAULT_KINDS as readonly unknown[]).includes(fault)) return refused;
  const kind = fault as FaultKind;
  if (status !== undefined && (kind !== 'error' || typeof status !== 'number' || !isStatus(status))) return refused;
  const code = status as number | undefined;
  if (fraction !== undefined) {
    if (next !== undefined || kind === 'restart' || typeof fraction !== 'number' || !(fraction >= 0 && fraction <= 1)) return refused;
    const others = RANDOM_FAULT_KINDS.filter((k) => k !== kind).reduce((sum, k) => sum + plan.view().fractions[k], 0);
    if (others + fraction > 1) return refused;
    plan.setFraction(kind as RandomFaultKind, fraction, code);
    return null;
  }
  const count = next ?? 1;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 10_000) return refused;
  plan.queue(kind, count, code);
  return null;
}
