// Counts per key for a refusal summary (./refusal-summary.ts), in bounded memory whatever a client sends:
// the first `tracked` distinct keys are counted exactly, every later key is counted with the rest as
// `(other)`. A summary lists the few most counted keys and puts everything else under `(other)`, so its
// listed counts and `(other)` always add up to the total (docs/web-api.md, "Bounded refusal records").
export const OTHER = '(other)';

export class BoundedTally {
  private readonly counts = new Map<string, number>();
  /** Counted under keys that came after the first `tracked`. */
  private untracked = 0;
  total = 0;

  constructor(private readonly tracked: number) {}

  add(key: string, n = 1): void {
    this.total += n;
    const count = this.counts.get(key);
    if (count !== undefined) this.counts.set(key, count + n);
    else if (this.counts.size < this.tracked) this.counts.set(key, n);
    else this.untracked += n;
  }

  /** Distinct keys seen: exact unless `capped`, then at least this many. */
  get distinct(): number {
    return this.counts.size + (this.untracked > 0 ? 1 : 0);
  }

  /** Some keys were counted together, not one by one: `distinct` is a lower bound. */
  get capped(): boolean {
    return this.untracked > 0;
  }

  /** The `listed` most counted keys (ties: first seen first) and the rest as `(other)`. */
  top(listed: number): Record<string, number> {
    const sorted = [...this.counts].sort((a, b) => b[1] - a[1]).slice(0, listed);
    const shown = sorted.reduce((n, [, count]) => n + count, 0);
    const top: Record<string, number> = Object.fromEntries(sorted);
    if (shown < this.total) top[OTHER] = (top[OTHER] ?? 0) + this.total - shown;
    return top;
  }
}
