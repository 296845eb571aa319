// Refusals stay on the log, bounded. A `command.refused` record keeps the route, the reason,
// the credential's name (never the token), the client's address, the body's size and SHA-256 digest —
// not the body. From one client address, the first FIRST_RECORDS refusals of a window are recorded one
// by one (and the answer waits for them, as before); the rest of that window are counted, and at the end
// of the window become one record with `count`, the routes and the reasons seen (a few of each). So a
// flood of refused requests from one address costs a few records per window, however fast it comes.
import type { Logger } from 'pino';

export interface RefusalFacts {
  /** The route, without its query string (a token may be in it). */
  readonly path: string;
  readonly reason: string;
  /** The reason's code and values (docs/web-api.md, "Refusals"). */
  readonly code?: string;
  readonly params?: Readonly<Record<string, string>>;
  /** The credential's name, when one was recognised. */
  readonly by?: string;
  readonly client: string;
  /** Size of the refused body in bytes (0: none). */
  readonly bodyBytes: number;
  /** SHA-256 of the raw body, hex (absent: no body). */
  readonly bodyDigest?: string;
}

export type RecordRefusal = (record: Record<string, unknown>) => Promise<unknown>;

export interface RefusalLogOptions {
  readonly windowMs?: number;
  /** Refusals recorded one by one per client and window, before they are counted instead. */
  readonly firstRecords?: number;
  /** Clients followed at once; beyond it the rest share one entry ('*'). */
  readonly maxClients?: number;
  readonly now?: () => number;
  readonly logger?: Logger;
  /** Whether the table is halted by an append fault: a refusal it could not record is then counted by the table, not logged here. */
  readonly halted?: () => boolean;
}

interface ClientWindow {
  readonly startedAt: number;
  recorded: number;
  counted: number;
  bytes: number;
  readonly paths: Map<string, number>;
  readonly reasons: Map<string, number>;
  /** The reasons' codes seen, counted (a few of each, like the reasons). */
  readonly codes: Map<string, number>;
  by: string | undefined;
  lastAt: number;
  timer: NodeJS.Timeout | null;
}

/** How many distinct routes and reasons a summary lists. */
const LISTED = 5;

function countInto(map: Map<string, number>, key: string): void {
  if (map.has(key) || map.size < LISTED) map.set(key, (map.get(key) ?? 0) + 1);
  else map.set('(other)', (map.get('(other)') ?? 0) + 1);
}

export class RefusalLog {
  private readonly windows = new Map<string, ClientWindow>();
  private readonly windowMs: number;
  private readonly firstRecords: number;
  private readonly maxClients: number;
  private readonly now: () => number;
  /** Refusals seen (recorded one by one or counted). */
  seen = 0;
  /** Records written. */
  written = 0;

  constructor(private readonly record: RecordRefusal, options: RefusalLogOptions = {}) {
    this.windowMs = options.windowMs ?? 10_000;
    this.firstRecords = options.firstRecords ?? 5;
    this.maxClients = options.maxClients ?? 10_000;
    this.now = options.now ?? Date.now;
    this.logger = options.logger;
    this.halted = options.halted ?? (() => false);
  }

  private readonly halted: () => boolean;

  private readonly logger: Logger | undefined;

  /** Records (or counts) one refusal; resolves once it is on the log when it is recorded one by one. */
  async refused(facts: RefusalFacts): Promise<void> {
    this.seen += 1;
    const key = this.windows.has(facts.client) || this.windows.size < this.maxClients ? facts.client : '*';
    const at = this.now();
    let window = this.windows.get(key);
    if (window && at - window.startedAt >= this.windowMs) {
      await this.flush(key);
      window = undefined;
    }
    if (!window) {
      window = { startedAt: at, recorded: 0, counted: 0, bytes: 0, paths: new Map(), reasons: new Map(), codes: new Map(), by: undefined, lastAt: at, timer: null };
      this.windows.set(key, window);
      const timer = setTimeout(() => void this.flushing(key), this.windowMs);
      timer.unref?.();
      window.timer = timer;
    }
    window.lastAt = at;
    if (window.recorded < this.firstRecords) {
      window.recorded += 1;
      await this.write({
        path: facts.path, reason: facts.reason, ...(facts.code !== undefined ? { code: facts.code, params: facts.params ?? {} } : {}), ...(facts.by !== undefined ? { by: facts.by } : {}),
        client: facts.client, bodyBytes: facts.bodyBytes, ...(facts.bodyDigest !== undefined ? { bodyDigest: facts.bodyDigest } : {}),
      });
      return;
    }
    window.counted += 1;
    window.bytes += facts.bodyBytes;
    window.by ??= facts.by;
    countInto(window.paths, facts.path);
    countInto(window.reasons, facts.reason);
    if (facts.code !== undefined) countInto(window.codes, facts.code);
  }

  /** Summaries being written because their window ended (flushAll waits for them too). */
  private readonly inFlight = new Set<Promise<void>>();

  private flushing(key: string): Promise<void> {
    const run = this.flush(key).finally(() => this.inFlight.delete(run));
    this.inFlight.add(run);
    return run;
  }

  /** Writes the window's summary (if it counted any) and forgets the client. */
  private async flush(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (!window) return;
    this.windows.delete(key);
    if (window.timer) clearTimeout(window.timer);
    if (window.counted === 0) return;
    const [path] = window.paths.keys();
    const [reason] = window.reasons.keys();
    await this.write({
      path: path ?? '', reason: `${window.counted} more refused in ${Math.round(this.windowMs / 1000)} s: ${reason ?? ''}`,
      ...(window.by !== undefined ? { by: window.by } : {}),
      client: key, bodyBytes: window.bytes, count: window.counted,
      paths: Object.fromEntries(window.paths), reasons: Object.fromEntries(window.reasons),
      ...(window.codes.size > 0 ? { codes: Object.fromEntries(window.codes) } : {}),
      since: new Date(window.startedAt).toISOString(), until: new Date(window.lastAt).toISOString(),
    });
  }

  private async write(record: Record<string, unknown>): Promise<void> {
    try {
      await this.record(record);
      this.written += 1;
    } catch (err) {
      if (this.halted()) return;
      this.logger?.error({ err, path: record['path'] }, 'refusal not recorded on the log');
    }
  }

  /** Writes every pending summary, and waits for those being written (on close). */
  async flushAll(): Promise<void> {
    await Promise.all([...this.windows.keys()].map((key) => this.flush(key)).concat([...this.inFlight]));
  }
}
