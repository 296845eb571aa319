// The log's tail as the supervisor reads it: each event once. An accepted input and the facts it caused
// tell the same thing twice ("demo-bot: bet on seat 5" then "Seat 5 (emil): Main bet"; "shoe: card 2♣
// read" then "Card 2♣ to the dealer"), so an input's line gives way to its facts; an input that caused no
// fact, or was refused, keeps its line (who sent what). The shoe link's chatter (handshakes and counter
// records) is folded into one line that moves to the newest place and counts what it stands for, so it
// never buries the lines a fault's advice points to. The log itself keeps every record.
import type { JsonObject, StoredEvent } from '../../ports/event-store.js';
import { isInputRecord } from '../audit/log-records.js';

export interface LogLine {
  readonly seq: number;
  readonly wallTime: string;
  readonly round: number;
  readonly type: string;
  readonly data: JsonObject;
  /** The link chatter's line: how many handshakes and counter records it stands for, since when. */
  readonly chatter?: { readonly handshakes: number; readonly counters: number; readonly since: string };
}

/** How many log events the console lists. */
export const LOG_LINES_KEPT = 60;

/** Link records that are chatter: a handshake after every reconnect, the error counters. */
const CHATTER: ReadonlySet<string> = new Set(['link.handshake', 'link.counters']);

function lineOf(event: StoredEvent): LogLine {
  return { seq: event.seq, wallTime: event.wallTime, round: event.round, type: event.type, data: event.data };
}

function chatterLine(log: readonly LogLine[], event: StoredEvent): LogLine {
  const before = log.find((line) => line.chatter !== undefined)?.chatter;
  const handshake = event.type === 'link.handshake' ? 1 : 0;
  return {
    ...lineOf(event),
    chatter: {
      handshakes: (before?.handshakes ?? 0) + handshake,
      counters: (before?.counters ?? 0) + 1 - handshake,
      since: before?.since ?? event.wallTime,
    },
  };
}

/** The tail after `event`: at most LOG_LINES_KEPT lines, oldest first. */
export function foldLogTail(log: readonly LogLine[], event: StoredEvent): readonly LogLine[] {
  if (CHATTER.has(event.type)) return [...log.filter((line) => line.chatter === undefined), chatterLine(log, event)].slice(-LOG_LINES_KEPT);
  const last = log.at(-1);
  // The facts of an input follow it in one batch (src/app/audit/log-records.ts): the first one replaces
  // its line, unless it says the input was refused (the input's line then says what was refused).
  const replaces = last !== undefined && isInputRecord(last) && !isInputRecord(event) && last.seq === event.seq - 1 && event.type !== 'input.rejected';
  return [...(replaces ? log.slice(0, -1) : log), lineOf(event)].slice(-LOG_LINES_KEPT);
}
