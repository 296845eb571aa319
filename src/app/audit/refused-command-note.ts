// What a `command.refused` note holds, and recall's words for it (docs/audit.md, "Refused requests on the
// log"). A refusal recorded by itself names its route, reason and — when it came with a credential the
// table knows — the credential (`by`). A window's summary (src/adapters/web/refusal-summary.ts) counts the
// rest of the window's refusals for the whole table: how many, by credential (none, unknown, known), the
// known credentials' names, the top routes, codes and addresses. Logs written before it hold a summary
// per address instead (`client`, `reasons`, and in `by` the first credential seen in the window); recall
// tells both as they are.

/** Counts by name, the rest under `(other)`. */
export type Counted = Readonly<Record<string, number>>;

export type RefusedCommandNote = {
  readonly path: string;
  readonly reason: string;
  readonly code?: string;
  readonly params?: Readonly<Record<string, string>>;
  /** A refusal by itself: the known credential's name. An older per-address summary: the first one seen. */
  readonly by?: string;
  readonly client?: string;
  readonly bodyBytes?: number;
  readonly bodyDigest?: string;
  /** A summary: the refusals it counts (beyond `recorded`, the window's written one by one). */
  readonly count?: number;
  readonly recorded?: number;
  readonly noCredential?: number;
  readonly unknownCredential?: number;
  readonly knownCredential?: number;
  /** The known credentials' names (only theirs). */
  readonly senders?: Counted;
  readonly paths?: Counted;
  readonly codes?: Counted;
  /** An older per-address summary: the reasons' sentences. */
  readonly reasons?: Counted;
  /** Distinct addresses (`addressesAtLeast`: at least that many) and the top few. */
  readonly addresses?: number;
  readonly addressesAtLeast?: boolean;
  readonly clients?: Counted;
  readonly since?: string;
  readonly until?: string;
};

const listed = (counts: Counted | undefined): string => Object.entries(counts ?? {}).map(([name, n]) => `${name} ${n}`).join(', ');

/** One line for recall: a refusal by itself, or a window's summary (this version's or an older log's). */
export function refusedCommandWords(note: RefusedCommandNote): string {
  if (typeof note.count !== 'number') return `Command refused (${note.path}): ${note.reason}.`;
  const parts = [note.reason];
  if (note.senders) parts.push(`credentials: ${listed(note.senders)}`);
  else if (note.by !== undefined && note.client !== undefined) parts.push(`first credential seen: ${note.by}`);
  if (note.paths) parts.push(`routes: ${listed(note.paths)}`);
  if (note.codes) parts.push(`codes: ${listed(note.codes)}`);
  if (note.addresses !== undefined) parts.push(`${note.addressesAtLeast ? 'at least ' : ''}${note.addresses} addresses: ${listed(note.clients)}`);
  if (note.recorded !== undefined) parts.push(`${note.recorded} recorded one by one in the window`);
  const window = note.since !== undefined && note.until !== undefined ? ` ${note.since} to ${note.until}` : '';
  const from = note.addresses === undefined && note.client !== undefined ? ` from ${note.client}` : '';
  return `Refusals counted${window}${from}: ${parts.join('; ')}.`;
}
