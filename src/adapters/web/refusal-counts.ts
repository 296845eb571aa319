// Every refused request counted, by whether it came with a credential and by its reason's code: the full
// counts the log's bounded records leave out, exported as `table_refused_requests_total{credential,reason}`
// (docs/metrics.md). The label values are bounded: `credential` is none, unknown or known, and `reason`
// one of the web adapter's codes (./web-reasons.ts); should more distinct codes than MAX_REASONS ever
// come, the rest are counted as `other`.
import type { CredentialKind } from './refusal-summary.js';

const MAX_REASONS = 64;
const OTHER = 'other';

export class RefusalCounts {
  private readonly counts = new Map<string, { readonly credential: CredentialKind; readonly reason: string; n: number }>();
  private readonly reasons = new Set<string>();

  add(credential: CredentialKind, code: string | undefined): void {
    let reason = code ?? OTHER;
    if (!this.reasons.has(reason)) {
      if (this.reasons.size >= MAX_REASONS) reason = OTHER;
      else this.reasons.add(reason);
    }
    const key = `${credential} ${reason}`;
    const entry = this.counts.get(key);
    if (entry) entry.n += 1;
    else this.counts.set(key, { credential, reason, n: 1 });
  }

  /** Each label set and its count, for the counter read at scrape time (./counted-metrics.ts). */
  *entries(): Iterable<readonly [{ credential: CredentialKind; reason: string }, number]> {
    for (const { credential, reason, n } of this.counts.values()) yield [{ credential, reason }, n];
  }
}
