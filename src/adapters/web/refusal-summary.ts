// One window's refusals beyond the records written one by one, for the whole table: counted here and
// written at the window's end as ONE `command.refused` record (docs/web-api.md, "Bounded refusal
// records"; docs/audit.md, "Refused requests on the log"). The record says what it counts — the window,
// how many, how many came with no credential, an unknown one or a known one, the known credentials' names
// (never a name for a refusal that had none), the top routes and reason codes, how many addresses and
// the top few — and its size is bounded whatever the traffic: every list is a few entries and `(other)`.
import { BoundedTally } from './bounded-tally.js';
import { explained } from './explained-reason.js';
import { webReason } from './web-reasons.js';

/** Whether a refused request came with a credential the table knows (`by`), one it does not, or none. */
export type CredentialKind = 'none' | 'unknown' | 'known';

/** The facts of one refusal the summary reads. */
export interface CountedRefusal {
  readonly path: string;
  readonly code?: string;
  readonly by?: string;
  readonly client: string;
  readonly bodyBytes: number;
}

/** How many routes, codes, credentials and addresses a summary lists by name (the rest: `(other)`). */
export const LISTED = 5;
/** Distinct routes, codes and credentials counted one by one in a window (a route can carry what a client sent). */
const TRACKED = 64;
/** A refusal that came without a code (none do today): counted under this one. */
const UNCODED = 'uncoded';

export class RefusalSummary {
  private readonly paths = new BoundedTally(TRACKED);
  private readonly codes = new BoundedTally(TRACKED);
  private readonly senders = new BoundedTally(TRACKED);
  private readonly addresses: BoundedTally;
  private readonly kinds: Record<CredentialKind, number> = { none: 0, unknown: 0, known: 0 };
  private bytes = 0;
  count = 0;

  /** `maxAddresses`: addresses told apart in one window; beyond, the count of addresses is a lower bound. */
  constructor(maxAddresses: number) {
    this.addresses = new BoundedTally(maxAddresses);
  }

  add(refusal: CountedRefusal, kind: CredentialKind): void {
    this.count += 1;
    this.kinds[kind] += 1;
    this.bytes += refusal.bodyBytes;
    this.paths.add(refusal.path);
    this.codes.add(refusal.code ?? UNCODED);
    this.addresses.add(refusal.client);
    if (kind === 'known' && refusal.by !== undefined) this.senders.add(refusal.by);
  }

  /** The summary record of a window from `since` to `until` (ms since the epoch), `recorded`: its refusals written one by one. */
  record(window: { readonly since: number; readonly until: number; readonly seconds: number; readonly recorded: number }): Record<string, unknown> {
    const { none, unknown, known } = this.kinds;
    const said = explained(webReason('refusalsCounted', { count: String(this.count), seconds: String(window.seconds), none: String(none), unknown: String(unknown), known: String(known) }));
    const [path] = Object.keys(this.paths.top(1));
    return {
      path: path ?? '', ...said,
      count: this.count, recorded: window.recorded,
      noCredential: none, unknownCredential: unknown, knownCredential: known,
      ...(known > 0 ? { senders: this.senders.top(LISTED) } : {}),
      paths: this.paths.top(LISTED), codes: this.codes.top(LISTED),
      addresses: this.addresses.distinct, ...(this.addresses.capped ? { addressesAtLeast: true } : {}),
      clients: this.addresses.top(LISTED),
      bodyBytes: this.bytes,
      since: new Date(window.since).toISOString(), until: new Date(window.until).toISOString(),
    };
  }
}
