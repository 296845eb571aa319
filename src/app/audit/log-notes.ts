// The notes a table's log holds beside its inputs and facts (log-records.ts `isNoteRecord`): records that
// change nothing at the table — the shoe link's state, handshake, counters and incidents, shoe messages
// that are no input, integrity alarms, refused commands, the log's own records and the settlement feed's
// acknowledgements. Every kind is named
// here with what it carries, so `TableService.recordNote` accepts only these and a reader (recall,
// recall-story.ts) that forgets one fails to compile.
import type { EventRecord } from '../../ports/event-store.js';
import type { RefusedCommandNote } from './refused-command-note.js';
import type { FeedDeliveredNote } from '../feed/feed-note.js';

export type LogNotePayloads = {
  /** A command refused before it became an input (bad credential, wrong role, malformed body), or a window's count of them. */
  'command.refused': RefusedCommandNote;
  /** The shoe link changed state (shoe-bridge.ts). */
  'link.state': { readonly state: string; readonly previous: string; readonly reason: string; readonly code?: string; readonly params?: Readonly<Record<string, string>> };
  /** A HELLO exchange completed: who the shoe is (PROTOCOL.md §8). */
  'link.handshake': { readonly serialNumber?: string; readonly firmwareVersion?: string; readonly protocolVersion?: number; readonly deckCount?: number; readonly initiatedBy?: string };
  /** The link's error counters, written when they change. */
  'link.counters': {
    readonly crcErrors?: number; readonly discardedBytes?: number; readonly retransmissions?: number; readonly duplicatesSuppressed?: number;
    readonly naksSent?: number; readonly naksReceived?: number; readonly linkDowns?: number; readonly protocolErrors?: number;
    readonly handlerFailures?: number; readonly sequenceIncidents?: number; readonly heldFrames?: number;
  };
  /** A second sequence incident while one is open (PROTOCOL.md §8.7); the first is a shoe.fault input. */
  'link.incident': { readonly kind: string; readonly detail: string; readonly [evidence: string]: unknown };
  /** A shoe message that is no table input, as decoded (PROTOCOL.md §7.4). */
  'shoe.message': { readonly shoeSeq: number; readonly message: Readonly<Record<string, unknown>> };
  /** An alarm of the shuffle check (src/app/table/integrity). */
  'integrity.shuffle': { readonly kind: string; readonly text: string; readonly [detail: string]: unknown };
  /**
   * The log takes writes again after a storage fault halted the table (src/app/table/table-halt.ts): the
   * fault, who resumed, since when it was halted and how many inputs and notes were refused meanwhile.
   */
  'log.storage-recovered': { readonly fault: string; readonly by?: string | undefined; readonly since?: string; readonly refused?: number };
  /** The log is behind the shoe it talks to (src/composition/shoe-witness-hook.ts). */
  'log.behind-shoe': { readonly shoe: string; readonly problem: string; readonly [witness: string]: unknown };
  /** An operator started the table on a log behind its anchor (src/composition/log-guard.ts). */
  'log.accepted-behind-anchor': { readonly by: string; readonly reason: string; readonly [detail: string]: unknown };
  /** Anchoring of this log started (docs/audit.md). */
  'log.anchoring-started': { readonly file: string; readonly [detail: string]: unknown };
  /** The settlement feed's receiver acknowledged every transaction through this one (src/app/feed/feed-note.ts). */
  'feed.delivered': FeedDeliveredNote;
};

export type NoteType = keyof LogNotePayloads;

/** One note as read back: its type beside what it carries. */
export type LogNote = { [K in NoteType]: { readonly type: K } & LogNotePayloads[K] }[NoteType];

export function noteOf(event: Pick<EventRecord, 'type' | 'data'>): LogNote {
  return { type: event.type, ...event.data } as unknown as LogNote;
}
