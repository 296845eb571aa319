// The idempotency keys as a snapshot of the table keeps them (./idempotency-keys.ts): one line of text per
// key, in log order, its sender by index — `<sender> <firstSeq> <lastSeq> <shoe> <digest> <key>` (the key
// last: it may hold spaces) — so the part costs one JSON string per key. It is saved with every snapshot,
// before the facts of the input that took it are published: kept small, it holds the shoe's ACK up little
// (docs/benchmarks.md, `bench:idempotency`).
import type { JsonValue } from '../../ports/event-store.js';

/** Bumped when the part's shape changes: a part of another format is not read (the tail alone is folded). */
const PART_FORMAT = 2;

/** What a kept key stands for (./idempotency-keys.ts KeptCommand). */
export interface KeptRow {
  readonly by: string;
  readonly key: string;
  readonly digest: string;
  readonly firstSeq: number;
  readonly lastSeq: number;
  readonly shoe: number;
}

interface KeysPart {
  readonly format: number;
  /** The current shoe when the part was taken. */
  readonly shoe: number;
  readonly senders: readonly string[];
  readonly keys: readonly string[];
}

const LINE = /^(\d+) (\d+) (\d+) (\d+) (\S+) ([\s\S]*)$/;

export function encodeKeys(shoe: number, kept: Iterable<KeptRow>): JsonValue {
  const senders = new Map<string, number>();
  const keys: string[] = [];
  for (const k of kept) {
    let sender = senders.get(k.by);
    if (sender === undefined) senders.set(k.by, (sender = senders.size));
    keys.push(`${sender} ${k.firstSeq} ${k.lastSeq} ${k.shoe} ${k.digest} ${k.key}`);
  }
  return { format: PART_FORMAT, shoe, senders: [...senders.keys()], keys };
}

/** The part's shoe and keys, in log order; null for a part of another shape or format. */
export function decodeKeys(part: JsonValue | undefined): { readonly shoe: number; readonly kept: readonly KeptRow[] } | null {
  const p = part as Partial<KeysPart> | null | undefined;
  if (typeof p !== 'object' || p === null || p.format !== PART_FORMAT || typeof p.shoe !== 'number' || !Array.isArray(p.senders) || !Array.isArray(p.keys)) return null;
  const kept: KeptRow[] = [];
  for (const line of p.keys) {
    const m = typeof line === 'string' ? LINE.exec(line) : null;
    const by = m ? p.senders[Number(m[1])] : undefined;
    if (!m || typeof by !== 'string') return null;
    kept.push({ by, firstSeq: Number(m[2]), lastSeq: Number(m[3]), shoe: Number(m[4]), digest: m[5] as string, key: m[6] as string });
  }
  return { shoe: p.shoe, kept };
}
