// Recall in words: one line for every step of a recalled round, whether a fact of the round machine
// (the table's story, src/session/table-story.ts) or a note on the log (log-notes.ts). Both switches are
// exhaustive: a new fact or note kind without words here is a compile error, never a crash at recall; a
// note kind from a newer version is told as it is.
import type { TableEvent } from '../../round/events.js';
import { describeEvent } from '../../session/table-story.js';
import type { LogNote } from './log-notes.js';
import { isNoteRecord } from './log-records.js';
import { refusedCommandWords } from './refused-command-note.js';
import { feedDeliveredWords } from '../feed/feed-note.js';

/** What a recalled step holds: a fact of the round machine, or a note beside the facts. */
export type RecalledFact = TableEvent | LogNote;

/** A note this version has no words for: a log written by a newer version. It still compiles only when
 *  every kind this version knows has its case (`never`), and recall tells it rather than crash. */
function unknownNote(note: never): string {
  const { type, ...data } = note as { type: string };
  return `Note ${type}, unknown to this version: ${JSON.stringify(data)}.`;
}

const counts = (counters: object): string => {
  const nonZero = Object.entries(counters).filter(([name, n]) => name !== 'type' && typeof n === 'number' && n > 0);
  return nonZero.length === 0 ? 'none' : nonZero.map(([name, n]) => `${name} ${n}`).join(', ');
};

export function describeNote(note: LogNote): string {
  switch (note.type) {
    case 'command.refused': return refusedCommandWords(note);
    case 'link.state': return `Shoe link ${note.state} (was ${note.previous}): ${note.reason}.`;
    case 'link.handshake': return `Shoe link handshake: shoe ${note.serialNumber ?? '?'}, firmware ${note.firmwareVersion ?? '?'}, protocol ${note.protocolVersion ?? '?'}${note.deckCount !== undefined ? `, ${note.deckCount} decks` : ''}.`;
    case 'link.counters': return `Shoe link counters: ${counts(note)}.`;
    case 'link.incident': return `Shoe link sequence incident while one is open (${note.kind}): ${note.detail}.`;
    case 'shoe.message': return `Shoe message ${String(note.message?.type ?? '(no type)')} (shoe seq ${note.shoeSeq}): no table input.`;
    case 'integrity.shuffle': return `Shuffle alarm (${note.kind}): ${note.text}.`;
    case 'log.storage-recovered': {
      const halt = note.refused === undefined ? '' : `: halted${note.since === undefined ? '' : ` since ${note.since}`}, ${note.refused} inputs refused meanwhile`;
      return `Log takes writes again after a storage fault (${note.fault})${halt}.`;
    }
    case 'log.behind-shoe': return `Log behind the shoe ${note.shoe}: ${note.problem}.`;
    case 'log.accepted-behind-anchor': return `Started on a log behind its anchor, accepted by ${note.by}: ${note.reason}.`;
    case 'log.anchoring-started': return `Anchoring started (${note.file}).`;
    case 'feed.delivered': return feedDeliveredWords(note);
    default: return unknownNote(note);
  }
}

export function isLogNote(fact: RecalledFact): fact is LogNote {
  return isNoteRecord(fact.type);
}

/** One line (without the story's indentation), or null for a fact the story leaves out. */
export function describeRecalledFact(fact: RecalledFact): string | null {
  if (isLogNote(fact)) return describeNote(fact);
  // The story has a case for every fact of this version; a newer version's fact gets none.
  const text = describeEvent(fact) as string | null | undefined;
  if (text === undefined) {
    const { type, ...data } = fact;
    return `Fact ${type}, unknown to this version: ${JSON.stringify(data)}.`;
  }
  return text?.trim() ?? null;
}
