// The significant events (docs/procedures.md, "Significant events"): every event on a table that needs a
// person — a fault, a procedure, an alarm, an override, a configuration change, a restart — with its code, its
// level, who may clear it and the clause or practice it answers. AGCO Standards 4.02 and 11.1: every error is
// shown, logged and reported, and persists until cleared. Exported as docs/significant-events.json
// (`npm run docs:events`); a test fails when that file is stale or a fault, alarm, halt, procedure or
// supervisor action has no entry here.
import type { ProcedureAction } from '../../round/procedure-names.js';
import type { ShoeFault, SupervisorAction } from '../../round/inputs.js';
import type { CardFaultKind } from '../../round/events.js';
import type { AlarmKind } from '../displays/integrity-alarms.js';

export type EventLevel = 'error' | 'warning' | 'notice';
export type EventKind = 'fault' | 'halt' | 'alarm' | 'procedure' | 'override' | 'configuration' | 'restart';

export interface SignificantEvent {
  /** `<kind>.<name>`: the name is the code the log and the message catalogues use. */
  readonly code: string;
  readonly kind: EventKind;
  readonly level: EventLevel;
  /** What happens, in words. */
  readonly what: string;
  /** Who may clear it (or who records it, for an event that needs no clearing). */
  readonly clearedBy: string;
  /** The clause, seed document or practice it answers. */
  readonly clause: string;
}

type Entry = Omit<SignificantEvent, 'code' | 'kind'>;
const AGCO = 'AGCO Standards 4.02, 11.1 (every error shown, logged, reported, persisting until cleared)';
const byShoe = (fault: string): Entry => ({ level: 'error', what: `The shoe reports ${fault}; the table pauses.`, clearedBy: 'the shoe, when it clears the fault; or a supervisor (resume, void)', clause: `PROTOCOL.md §7.4.7 FAULT; ${AGCO}` });

const FAULTS: { readonly [K in ShoeFault | CardFaultKind]: Entry } = {
  outOfTurn: { level: 'error', what: 'A card was drawn when no card was due; the table pauses.', clearedBy: 'a supervisor: resume (set aside), useCard, burnCard, or void', clause: `seed 002 "Обработка ошибок"; South Dakota 20:18:15:28; ${AGCO}` },
  foreignCard: { level: 'error', what: 'A card that cannot come from this shoe was drawn; the table pauses.', clearedBy: 'a supervisor: resume (set aside) or void', clause: `seed 002 "Обработка ошибок"; ${AGCO}` },
  linkDown: { level: 'error', what: 'The shoe link is down; the table pauses.', clearedBy: 'the link coming back; or a supervisor', clause: `PROTOCOL.md §8; ${AGCO}` },
  misread: { level: 'error', what: 'The shoe could not read a card (CARD_UNREADABLE); the table pauses.', clearedBy: 'a rescan that reads it; or a supervisor (enterCard)', clause: `PROTOCOL.md §7.4.2; studio "Misscan"; ${AGCO}` },
  jam: byShoe('a jam'),
  dirtySensor: byShoe('a dirty sensor'),
  cardReversed: byShoe('a reversed card'),
  cutCardMissing: { level: 'warning', what: 'No cut card near the end of the shoe.', clearedBy: 'a supervisor: resume (finish the round) or shoeChange', clause: `Louisiana III-3106 C (the cut card ends the shoe); ${AGCO}` },
  sequenceIncident: { level: 'error', what: 'The shoe restarted or its messages came out of order; shoe events are held.', clearedBy: 'a supervisor only (resume or void)', clause: `PROTOCOL.md §6; ${AGCO}` },
};

const HALTS: Readonly<Record<'storage' | 'lostWriter', Entry>> = {
  storage: { level: 'error', what: 'The log cannot be written: the table halts and refuses inputs.', clearedBy: 'a supervisor (resume), once the disk is writable again', clause: 'docs/architecture.md "Persist, then act"; AGCO Standard 4.02' },
  lostWriter: { level: 'error', what: 'Another controller writes this table: this one halts.', clearedBy: 'an operator: keep one controller', clause: 'AGCO Standard 4.02 (one record of the game)' },
};

const ALARMS: { readonly [K in AlarmKind]: Entry } = {
  chainBroken: { level: 'error', what: 'The log\'s hash chain is broken.', clearedBy: 'the auditor (shoe verify)', clause: 'docs/audit.md; AGCO Standard 11.1' },
  commandRefused: { level: 'warning', what: 'A command was refused (credential, body or state).', clearedBy: 'a supervisor reads it; nothing to clear', clause: 'N.J.A.C. 13:69E-1.28P(d); AGCO Standard 11.1' },
  foreignCard: { level: 'error', what: 'A foreign card was drawn.', clearedBy: 'a supervisor checks the shoe', clause: AGCO },
  outOfTurnCard: { level: 'warning', what: 'A card was drawn out of turn.', clearedBy: 'a supervisor checks the dealing order', clause: AGCO },
  cardRefused: { level: 'warning', what: 'A card read was refused.', clearedBy: 'a supervisor checks the reader', clause: AGCO },
  restartMidRound: { level: 'error', what: 'The controller restarted in the middle of a round.', clearedBy: 'a supervisor: resume or void the round', clause: 'AGCO Standard 4.02 (continue a partly complete game)' },
  shoeAnomaly: { level: 'warning', what: 'A removed shoe\'s receipt names foreign cards, cards set aside or burned in play, a missing cut card, or a shoe that ran out; or its stub, counted, is short of (missing cards) or over what the receipt says.', clearedBy: 'a supervisor checks the stub and the discards', clause: 'studio "Shoe Change"; AGCO Standard 11.1' },
  shuffleSuspect: { level: 'warning', what: 'The shoe looks unshuffled.', clearedBy: 'a supervisor has the cards shuffled again', clause: 'docs/audit.md; AGCO Standard 11.1' },
};

const PROCEDURES: { readonly [K in ProcedureAction]: Entry } = {
  enterCard: { level: 'notice', what: 'An unread card entered by hand.', clearedBy: 'a supervisor records it', clause: 'PROTOCOL.md §7.4.2 "manual entry"; studio "Misscan"' },
  correctCard: { level: 'warning', what: 'A misread corrected: the round stands or is voided with the reason.', clearedBy: 'a supervisor records it', clause: 'studio "Misscan"; seed 002 "Обработка ошибок"; N.J.A.C. 13:69E-1.28P(d)' },
  moveCard: { level: 'notice', what: 'A card on the wrong box moved to the box the table named.', clearedBy: 'a supervisor records it', clause: 'studio practice (misplaced card: the round stands)' },
  burnCard: { level: 'notice', what: 'A card exposed, on the floor, face up in the shoe, or drawn on a standing dealer hand, burned.', clearedBy: 'a supervisor records it', clause: 'South Dakota 20:18:15:28; Louisiana III-3106 C; Pennsylvania §685a.7(c)' },
  loadDiscards: { level: 'warning', what: 'The shoe ran out mid-round: the reshuffled discards loaded.', clearedBy: 'a supervisor, or the shoe\'s SHOE_LOADED', clause: 'South Dakota 20:18:15:28' },
  countStub: { level: 'notice', what: 'A removed shoe\'s stub counted by hand: the cards missing (the receipt\'s cards left less the stub) are on the log; any but 0 is an alarm.', clearedBy: 'a supervisor records it', clause: 'studio "Shoe Change"; AGCO Standard 11.1; PROTOCOL.md §7.4.5 (SHOE_REMOVED carries no stub count)' },
};

const OVERRIDES: { readonly [K in Exclude<SupervisorAction, ProcedureAction>]: Entry } = {
  pause: { level: 'notice', what: 'A supervisor paused the table.', clearedBy: 'a supervisor (resume)', clause: 'seed 002 "Обработка ошибок" (the round is paused while the dealer informs the supervisor)' },
  resume: { level: 'notice', what: 'A supervisor resumed the table (a fault card is set aside).', clearedBy: 'a supervisor records it', clause: 'seed 002 "Обработка ошибок"' },
  void: { level: 'warning', what: 'A supervisor voided the round: every unsettled bet returned.', clearedBy: 'a supervisor records it, with the reason', clause: 'seed 002 "Обработка ошибок" («все ставки будут возвращены»)' },
  useCard: { level: 'notice', what: 'An out-of-turn card used as the hand in turn\'s hit.', clearedBy: 'a supervisor records it', clause: 'South Dakota 20:18:15:28 (an unexposed card drawn in error is used as the next card)' },
  shoeChange: { level: 'warning', what: 'A supervisor ended the shoe (any open round is voided).', clearedBy: 'a supervisor records it', clause: 'studio "Shoe Change"; Louisiana III-3106 C' },
};

const CONFIGURATION: Readonly<Record<'tableConfigured' | 'resultsConfigured' | 'dealerChanged' | 'shoeReceipt', Entry>> = {
  tableConfigured: { level: 'notice', what: 'The table started with a configuration (rule set, table file) recorded on its log.', clearedBy: 'an operator records it', clause: 'AGCO Standard 4.02' },
  resultsConfigured: { level: 'notice', what: 'The results moment\'s length changed.', clearedBy: 'an operator (table file)', clause: 'docs/live-table.md "The results moment"' },
  dealerChanged: { level: 'notice', what: 'The dealer on duty changed (with a burn where the rule set asks for one).', clearedBy: 'the dealer or a supervisor records it', clause: 'Louisiana III-3106 C; Pennsylvania §685a.7(d); studio "Dealer Change"' },
  shoeReceipt: { level: 'warning', what: 'A shoe was removed: its receipt (loaded, drawn, burned, set aside, foreign) is on the log; anomalies are alarms.', clearedBy: 'a supervisor reads it', clause: 'studio "Shoe Change"; AGCO Standard 11.1' },
};

const RESTARTS: Readonly<Record<'tableRecovered', Entry>> = {
  tableRecovered: { level: 'warning', what: 'The controller restarted and rebuilt the table from its log; an interrupted round waits, paused.', clearedBy: 'a supervisor (resume or void) when a round was interrupted', clause: 'AGCO Standard 4.02 (continue a partly complete game)' },
};

function entries(kind: EventKind, table: Readonly<Record<string, Entry>>): SignificantEvent[] {
  return Object.entries(table).map(([name, entry]) => ({ code: `${kind}.${name}`, kind, ...entry }));
}

/** Every significant event, in the order of the catalogue's sections. */
export const SIGNIFICANT_EVENTS: readonly SignificantEvent[] = [
  ...entries('fault', FAULTS),
  ...entries('halt', HALTS),
  ...entries('alarm', ALARMS),
  ...entries('procedure', PROCEDURES),
  ...entries('override', OVERRIDES),
  ...entries('configuration', CONFIGURATION),
  ...entries('restart', RESTARTS),
];

/** The catalogue as docs/significant-events.json holds it. */
export function significantEventsDocument(): { readonly title: string; readonly events: readonly SignificantEvent[] } {
  return { title: 'Significant events: every event on a table that needs a person (docs/procedures.md)', events: SIGNIFICANT_EVENTS };
}
