// The reference wallet's fault injection (docs/operations.md, "The reference wallet and reconciliation"):
// which transaction call fails, and how. A call meets at most one fault, chosen in this order: the next
// faults asked for (POST /faults `next`), a fault set for that call's number (`--faults KIND@N`), then one
// roll of the seeded dice against the fractions (`--faults KIND=P`). Pure: the dice are an input.
import type { Rng } from '../../random/prng.js';

/**
 * `error` answers a 5xx without applying; `timeout` holds the call past the client's timeout and applies
 * nothing; `lose` applies the transaction and then drops the connection without an answer; `restart`
 * applies it and then the process exits without an answer (whoever runs the wallet starts it again).
 */
export type FaultKind = 'error' | 'timeout' | 'lose' | 'restart';
export const FAULT_KINDS: readonly FaultKind[] = ['error', 'timeout', 'lose', 'restart'];
/** The kinds a fraction of calls may meet (a restart is asked for by number, not by chance). */
export type RandomFaultKind = Exclude<FaultKind, 'restart'>;
export const RANDOM_FAULT_KINDS: readonly RandomFaultKind[] = ['error', 'timeout', 'lose'];

export interface Fault {
  readonly kind: FaultKind;
  /** The status an `error` answers (500 to 599); only an error has one. */
  readonly status?: number;
}

const faultOf = (kind: FaultKind, status: number): Fault => (kind === 'error' ? { kind, status } : { kind });

export const DEFAULT_ERROR_STATUS = 503;

/** The plan as GET /faults shows it. */
export interface FaultPlanView {
  readonly calls: number;
  readonly next: readonly Fault[];
  readonly at: Readonly<Record<string, Fault>>;
  readonly fractions: Readonly<Record<RandomFaultKind, number>>;
  readonly errorStatus: number;
  readonly injected: Readonly<Record<FaultKind, number>>;
}

export class WalletFaultPlan {
  private calls = 0;
  private readonly queued: Fault[] = [];
  private readonly at = new Map<number, Fault>();
  private readonly fractions: Record<RandomFaultKind, number> = { error: 0, timeout: 0, lose: 0 };
  private errorStatus = DEFAULT_ERROR_STATUS;
  private readonly injected: Record<FaultKind, number> = { error: 0, timeout: 0, lose: 0, restart: 0 };

  constructor(private readonly random: Rng) {}

  /** The fault the next transaction call meets, or null; each call asks once. */
  nextCall(): Fault | null {
    this.calls++;
    const fault = this.queued.shift() ?? this.at.get(this.calls) ?? this.roll();
    if (fault) this.injected[fault.kind]++;
    return fault;
  }

  /** The next `count` calls meet `kind`, after the faults already asked for. */
  queue(kind: FaultKind, count: number, status = this.errorStatus): void {
    for (let i = 0; i < count; i++) this.queued.push(faultOf(kind, status));
  }

  /** The `call`-th transaction call (from 1, counted since the process started) meets `kind`. */
  setAt(call: number, kind: FaultKind, status = this.errorStatus): void {
    this.at.set(call, faultOf(kind, status));
  }

  /** A fraction of calls, from 0 to 1, meet `kind`; an `error` answers with `status` when given. */
  setFraction(kind: RandomFaultKind, fraction: number, status?: number): void {
    this.fractions[kind] = fraction;
    if (kind === 'error' && status !== undefined) this.errorStatus = status;
  }

  /** No more faults: the queue, the numbered calls and the fractions are emptied. */
  clear(): void {
    this.queued.length = 0;
    this.at.clear();
    for (const kind of RANDOM_FAULT_KINDS) this.fractions[kind] = 0;
    this.errorStatus = DEFAULT_ERROR_STATUS;
  }

  view(): FaultPlanView {
    return {
      calls: this.calls,
      next: [...this.queued],
      at: Object.fromEntries([...this.at.entries()].sort(([a], [b]) => a - b).map(([call, fault]) => [String(call), fault])),
      fractions: { ...this.fractions },
      errorStatus: this.errorStatus,
      injected: { ...this.injected },
    };
  }

  private roll(): Fault | null {
    const total = RANDOM_FAULT_KINDS.reduce((sum, kind) => sum + this.fractions[kind], 0);
    if (total === 0) return null;
    let r = this.random();
    for (const kind of RANDOM_FAULT_KINDS) {
      if (r < this.fractions[kind]) return faultOf(kind, this.errorStatus);
      r -= this.fractions[kind];
    }
    return null;
  }
}
