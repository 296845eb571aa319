// Where the table's views live on NATS (ADR 0005): subject `tables.<id>.views.<audience>`, held
// by the JetStream stream TABLE_VIEWS as a last-value stream (one message kept per subject: the current
// view). A gateway reads the current view and then each new one with an ordered consumer that starts at
// the last message of its subject. Views are whole states, so keeping only the newest loses nothing.
import { DiscardPolicy, RetentionPolicy, StorageType, type JetStreamManager, type StreamInfo } from 'nats';
import { ensureStream } from '../store/jetstream-ensure-stream.js';

export const VIEW_STREAM = 'TABLE_VIEWS';
export const VIEW_SUBJECTS = 'tables.*.views.*';

/** The audiences the table publishes (never the supervisor's: it holds every secret). */
export const PUBLISHED_AUDIENCES = ['public', 'dealer'] as const;
export type PublishedAudience = (typeof PUBLISHED_AUDIENCES)[number];

export function viewSubject(tableId: string, audience: PublishedAudience): string {
  return `tables.${tableId}.views.${audience}`;
}

/**
 * Where the table also sends each view on core NATS, outside the stream (the live path, docs/adr/0016-a-live-
 * path-beside-the-durable-copy.md): gateways get it while the views' stream elects a leader.
 */
export function liveViewSubject(tableId: string, audience: PublishedAudience): string {
  return `live.${viewSubject(tableId, audience)}`;
}

/** The table id and audience of a view subject. */
export function parseViewSubject(subject: string): { tableId: string; audience: string } | null {
  const parts = subject.split('.');
  return parts.length === 4 && parts[0] === 'tables' && parts[2] === 'views' ? { tableId: parts[1] as string, audience: parts[3] as string } : null;
}

/** The views' stream, created with `replicas` copies when missing. */
export function ensureViewStream(jsm: JetStreamManager, replicas = 1): Promise<StreamInfo> {
  return ensureStream(jsm, {
    name: VIEW_STREAM,
    subjects: [VIEW_SUBJECTS],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_msgs_per_subject: 1,
    num_replicas: replicas,
  });
}

/** The tables whose views are on the stream now. */
export async function tablesWithViews(jsm: JetStreamManager): Promise<string[]> {
  const info = await jsm.streams.info(VIEW_STREAM, { subjects_filter: VIEW_SUBJECTS });
  const subjects = Object.keys(info.state.subjects ?? {});
  return [...new Set(subjects.map((s) => parseViewSubject(s)?.tableId).filter((t): t is string => t !== undefined))].sort();
}
