// How the table's inputs and facts are written to the event log, and read back.
// An input is stored as an `input` event (what came in, from where, from whom); each fact it caused
// follows it in the same atomic batch, under the fact's own type.
import type { Instant } from '../../ports/clock.js';
import type { EventRecord, JsonObject, NewEvent } from '../../ports/event-store.js';
import type { TableEvent } from '../../round/events.js';
import type { TableInput } from '../../round/inputs.js';
import type { RuleSet } from '../../rules/rule-set.js';

export const INPUT_RECORD = 'input';
export const CONFIGURED_RECORD = 'table.configured';
/** A command refused before it became an input (bad credential, wrong role, malformed body). */
export const REFUSED_COMMAND_RECORD = 'command.refused';
/** Notes on the log that are not table inputs: link state and counters, shoe messages that are no input,
 *  integrity alarms (the shuffle check), the log's own records (`log.*`, e.g. an operator accepting a log
 *  behind its anchor), the settlement feed's acknowledgements (`feed.*`, src/app/feed/feed-note.ts). */
export const NOTE_PREFIXES = ['link.', 'shoe.message', 'integrity.', 'log.', 'feed.'] as const;
/** An integrity alarm of the shuffle check (src/app/table/integrity): a note, the table does not change. */
export const SHUFFLE_ALARM_RECORD = 'integrity.shuffle';
/** The log takes writes again after a storage fault halted the table (src/app/table/append-fault.ts). */
export const STORAGE_RECOVERED_RECORD = 'log.storage-recovered';
export function isNoteRecord(type: string): boolean {
  return type === REFUSED_COMMAND_RECORD || NOTE_PREFIXES.some((p) => type.startsWith(p));
}

export type InputSource = 'shoe' | 'api' | 'timer' | 'session' | 'system';

export interface InputOrigin {
  readonly source: InputSource;
  /** Who sent it (a dealer, a supervisor, the game server), when known. */
  readonly by?: string;
  /** The line of a recorded session it came from. */
  readonly line?: number;
  /** The shoe's sequence number of the message it came from (firmware-protocol §6): the link's resume point. */
  readonly shoeSeq?: number;
  /** The sender's idempotency key for this command, scoped to `by` (docs/web-api.md, "Retries and idempotency keys"). */
  readonly idempotencyKey?: string;
  /** With a key: SHA-256 (hex) of the command as sent — its name, `by` and its body as canonical JSON; a retry must match it. */
  readonly requestDigest?: string;
}

export interface RecordedInput {
  readonly input: TableInput;
  readonly origin: InputOrigin;
}

export function inputRecord(input: TableInput, origin: InputOrigin, round: number, at: Instant, rulesId: string): NewEvent {
  return { type: INPUT_RECORD, data: { input, ...origin } as unknown as JsonObject, round, monoTime: at.mono, wallTime: at.wall, rulesId };
}

export function factRecord(fact: TableEvent, round: number, at: Instant, rulesId: string): NewEvent {
  const { type, ...data } = fact;
  const factRound = 'round' in fact && typeof fact.round === 'number' ? fact.round : round;
  return { type, data: data as unknown as JsonObject, round: factRound, monoTime: at.mono, wallTime: at.wall, rulesId };
}

/** The rule set in force, written whenever the service starts with rules the log has not seen: the log
 *  carries everything an auditor needs to re-run it. */
export function configuredRecord(rules: RuleSet, rulesId: string, tableId: string, round: number, at: Instant): NewEvent {
  return { type: CONFIGURED_RECORD, data: { tableId, rulesName: rules.name, rulesId, rules } as unknown as JsonObject, round, monoTime: at.mono, wallTime: at.wall, rulesId };
}

export function isInputRecord(event: Pick<EventRecord, 'type'>): boolean {
  return event.type === INPUT_RECORD;
}

export function recordedInput(event: Pick<EventRecord, 'data'>): RecordedInput {
  const { input, ...origin } = event.data as unknown as { input: TableInput } & InputOrigin;
  return { input, origin };
}

export function factOf(event: Pick<EventRecord, 'type' | 'data'>): TableEvent {
  return { type: event.type, ...event.data } as unknown as TableEvent;
}
