// Refusals stay on the log, bounded for the whole table, whatever the number of addresses they come
// from (docs/web-api.md, "Bounded refusal records"; docs/audit.md, "Refused requests on the log"). A
// `command.refused` record keeps the route, the reason with its code, the credential's name (never the
// token), the client's address, the body's size and SHA-256 digest — not the body. In each window
// (10 s) a few refusals are recorded one by one, and the answer waits for them: per known credential
// the first `firstRecords` (who tried what is the auditor's business), for all refusals with no or an
// unknown credential together the first `anonymousRecords`, and never more than `windowRecords` in all.
// Every other refusal of the window is counted into ONE summary record written when the window ends
// (./refusal-summary.ts). So the log gains at most windowRecords + 1 records per window. Every refusal
// is also counted by credential and code for /metrics (./refusal-counts.ts): the full counts live there.
import type { Logger } from 'pino';
import { RefusalCounts } from './refusal-counts.js';
import { RefusalSummary, type CredentialKind } from './refusal-summary.js';
import type { Clock } from '../../ports/clock.js';
import { realClock } from '../clock/real-clock.js';

export interface RefusalFacts {
  /** The route, without its query string (a token may be in it). */
  readonly path: string;
  readonly reason: string;
  /** The reason's code and values (docs/web-api.md, "Refusals"). */
  readonly code?: string;
  readonly params?: Readonly<Record<string, string>>;
  /** The credential's name, when one was recognised. */
  readonly by?: string;
  /** Absent: known when `by` is given, unknown for the code `unknownCredential`, else none. */
  readonly credential?: CredentialKind;
  readonly client: string;
  /** Size of the refused body in bytes (0: none). */
  readonly bodyBytes: number;
  /** SHA-256 of the raw body, hex (absent: no body). */
  readonly bodyDigest?: string;
}

export type RecordRefusal = (record: Record<string, unknown>) => Promise<unknown>;

/** Runs `run` once after `ms`; the returned function cancels it. */
export type Schedule = (run: () => void, ms: number) => () => void;

/** The window's timer on `clock`, not holding the process open. */
const clockTimer = (clock: Clock): Schedule => (run, ms) => {
  const timer = clock.setTimeout(run, ms, { unref: true });
  return () => clock.clearTimeout(timer);
};

export interface RefusalLogOptions {
  readonly windowMs?: number;
  /** Refusals recorded one by one per known credential and window (default 5). */
  readonly firstRecords?: number;
  /** Refusals with no or an unknown credential recorded one by one per window, for the whole table (default 3). */
  readonly anonymousRecords?: number;
  /** Refusals recorded one by one per window in all (default 20); the rest are counted into the summary. */
  readonly windowRecords?: number;
  /** Addresses a summary tells apart (default 10,000); beyond, its count of addresses is a lower bound. */
  readonly maxClients?: number;
  /** The windows' clock (default: the process's): its wall time and, unless `now`/`schedule` say otherwise, its timer. */
  readonly clock?: Clock;
  readonly now?: () => number;
  /** The window's timer (default: the clock's, unref'd). */
  readonly schedule?: Schedule;
  readonly logger?: Logger;
  /** Whether the table is halted by an append fault: a refusal it could not record is then counted by the table, not logged here. */
  readonly halted?: () => boolean;
}

export function credentialKind(facts: Pick<RefusalFacts, 'by' | 'code' | 'credential'>): CredentialKind {
  if (facts.credential !== undefined) return facts.credential;
  if (facts.by !== undefined) return 'known';
  return facts.code === 'unknownCredential' ? 'unknown' : 'none';
}

interface Window {
  readonly startedAt: number;
  recorded: number;
  anonymous: number;
  /** Records one by one per known credential (at most `windowRecords` names). */
  readonly bySender: Map<string, number>;
  readonly summary: RefusalSummary;
  readonly cancel: () => void;
}

export class RefusalLog {
  private window: Window | null = null;
  private readonly windowMs: number;
  private readonly firstRecords: number;
  private readonly anonymousRecords: number;
  private readonly windowRecords: number;
  private readonly maxClients: number;
  private readonly now: () => number;
  private readonly schedule: Schedule;
  private readonly logger: Logger | undefined;
  /** Summaries being written because their window ended (flushAll waits for them too). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Refusals seen (recorded one by one or counted). */
  seen = 0;
  /** Records written. */
  written = 0;
  /** Every refusal by credential and code (for /metrics). */
  readonly counts = new RefusalCounts();

  constructor(private readonly record: RecordRefusal, options: RefusalLogOptions = {}) {
    this.windowMs = options.windowMs ?? 10_000;
    this.firstRecords = options.firstRecords ?? 5;
    this.anonymousRecords = options.anonymousRecords ?? 3;
    this.windowRecords = options.windowRecords ?? 20;
    this.maxClients = options.maxClients ?? 10_000;
    const clock = options.clock ?? realClock();
    this.now = options.now ?? (() => clock.wallNow());
    this.schedule = options.schedule ?? clockTimer(clock);
    this.logger = options.logger;
    this.halted = options.halted ?? (() => false);
  }

  private readonly halted: () => boolean;

  /**
   * Records (or counts) one refusal; resolves once it is on the log when it is recorded one by one, with
   * whether it was (`recorded`), only counted into the window's summary (`counted`), or could not be written
   * (`unrecorded`: the log refused the write, and said so — or the halted table counts it).
   */
  async refused(facts: RefusalFacts): Promise<'recorded' | 'counted' | 'unrecorded'> {
    this.seen += 1;
    const kind = credentialKind(facts);
    this.counts.add(kind, facts.code);
    const at = this.now();
    if (this.window && at - this.window.startedAt >= this.windowMs) void this.ending(this.window.startedAt + this.windowMs);
    const window = this.window ?? this.open(at);
    if (this.takesRecord(window, kind, facts.by)) {
      const stored = await this.write({
        path: facts.path, reason: facts.reason, ...(facts.code !== undefined ? { code: facts.code, params: facts.params ?? {} } : {}), ...(facts.by !== undefined ? { by: facts.by } : {}),
        client: facts.client, bodyBytes: facts.bodyBytes, ...(facts.bodyDigest !== undefined ? { bodyDigest: facts.bodyDigest } : {}),
      });
      return stored ? 'recorded' : 'unrecorded';
    }
    window.summary.add(facts, kind);
    return 'counted';
  }

  private open(at: number): Window {
    const startedAt = at;
    const cancel = this.schedule(() => void this.ending(startedAt + this.windowMs), this.windowMs);
    this.window = { startedAt, recorded: 0, anonymous: 0, bySender: new Map(), summary: new RefusalSummary(this.maxClients), cancel };
    return this.window;
  }

  /** Whether this refusal is within the window's budgets of records one by one (and takes its place). */
  private takesRecord(window: Window, kind: CredentialKind, by: string | undefined): boolean {
    if (window.recorded >= this.windowRecords) return false;
    if (kind === 'known' && by !== undefined) {
      const taken = window.bySender.get(by) ?? 0;
      if (taken >= this.firstRecords) return false;
      window.bySender.set(by, taken + 1);
    } else {
      if (window.anonymous >= this.anonymousRecords) return false;
      window.anonymous += 1;
    }
    window.recorded += 1;
    return true;
  }

  /** Ends the current window at `until` (or now, if earlier): its summary is written, and waited for by flushAll. */
  private ending(until: number): Promise<void> {
    const window = this.window;
    if (!window) return Promise.resolve();
    this.window = null;
    window.cancel();
    const run = this.summarise(window, Math.min(until, this.now())).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
    return run;
  }

  private async summarise(window: Window, until: number): Promise<void> {
    const { summary } = window;
    if (summary.count === 0) return;
    const record = summary.record({ since: window.startedAt, until: Math.max(until, window.startedAt), seconds: Math.round(this.windowMs / 1000), recorded: window.recorded });
    const { count, noCredential, unknownCredential, knownCredential, senders, addresses, clients, paths, codes } = record;
    this.logger?.warn({ count, noCredential, unknownCredential, knownCredential, senders, addresses, clients, paths, codes },
      'refused requests counted into one log record (beyond the few recorded one by one): if this goes on, the addresses listed are flooding the table; block them in front of it (every refusal is counted in table_refused_requests_total; docs/operations.md, "Refused requests")');
    await this.write(record);
  }

  /** Whether the record is on the log. */
  private async write(record: Record<string, unknown>): Promise<boolean> {
    try {
      await this.record(record);
      this.written += 1;
      return true;
    } catch (err) {
      if (!this.halted()) this.logger?.error({ err, path: record['path'] }, 'refusal not recorded on the log');
      return false;
    }
  }

  /** Writes the pending summary, and waits for those being written (on close). */
  async flushAll(): Promise<void> {
    await Promise.all([this.ending(this.now()), ...this.inFlight]);
  }
}
