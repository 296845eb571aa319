// Integrity alarms for the supervisor: a broken hash chain, commands refused for their credential, role
// or body, foreign and out-of-turn cards, card reads the table refused, a restart in the middle of a round,
// a shoe that looks unshuffled (docs/live-table.md, "Shuffle check"), a removed shoe's receipt or stub count that
// needs a look (docs/procedures.md).
import { RECEIPT_ANOMALY_WORDS, stubMismatchWords } from '../../session/table-story.js';
import type { StoredEvent } from '../../ports/event-store.js';
import { ChainVerifier } from '../../log/event-chain.js';
import type { StoredReason } from '../../round/events.js';
import type { Reason } from '../../round/reasons.js';
import { codeFields } from '../../messages/render-reason.js';
import { REFUSED_COMMAND_RECORD, SHUFFLE_ALARM_RECORD, factOf, isInputRecord, isNoteRecord, CONFIGURED_RECORD } from '../audit/log-records.js';

export type AlarmKind = 'chainBroken' | 'commandRefused' | 'foreignCard' | 'outOfTurnCard' | 'cardRefused' | 'restartMidRound' | 'shuffleSuspect' | 'shoeAnomaly';

export interface IntegrityAlarm {
  readonly seq: number;
  readonly wallTime: string;
  readonly kind: AlarmKind;
  readonly text: string;
  /** The reason as a code and values (docs/event-log.md, "Reasons"): a card's, the round machine's; a refused command's, the web adapter's. */
  readonly code?: Reason['code'] | string;
  readonly params?: Reason['params'] | Readonly<Record<string, string>>;
}

/** How many alarms a view keeps (the newest). */
export const ALARMS_KEPT = 50;

/** Alarms raised by one event (a fold keeps a ChainVerifier across events: create one per log read from seq 1). */
export function alarmsOf(event: StoredEvent, chain: ChainVerifier): IntegrityAlarm[] {
  const alarm = (kind: AlarmKind, text: string, why?: StoredReason): IntegrityAlarm => ({ seq: event.seq, wallTime: event.wallTime, kind, text, ...(why ? codeFields(why) : {}) });
  const alarms: IntegrityAlarm[] = [];
  const wasBroken = !chain.result().ok;
  const check = chain.push(event);
  if (!check.ok && !wasBroken) alarms.push(alarm('chainBroken', `log hash chain broken at seq ${check.seq}: ${check.reason}`));
  if (event.type === REFUSED_COMMAND_RECORD) {
    const { path, reason, by, code, params } = event.data as { path?: unknown; reason?: unknown; by?: unknown; code?: unknown; params?: unknown };
    const coded = typeof code === 'string' && typeof params === 'object' && params !== null ? { code, params: params as Readonly<Record<string, string>> } : {};
    alarms.push({ ...alarm('commandRefused', `${String(path)} refused${typeof by === 'string' ? ` (from ${by})` : ''}: ${String(reason)}`), ...coded });
    return alarms;
  }
  if (event.type === SHUFFLE_ALARM_RECORD) {
    alarms.push(alarm('shuffleSuspect', String((event.data as { text?: unknown }).text)));
    return alarms;
  }
  if (isInputRecord(event) || event.type === CONFIGURED_RECORD || isNoteRecord(event.type)) return alarms;
  const fact = factOf(event);
  if (fact.type === 'table.paused' && fact.fault?.kind === 'foreignCard') alarms.push(alarm('foreignCard', fact.reason, fact));
  if (fact.type === 'table.paused' && fact.fault?.kind === 'outOfTurn') alarms.push(alarm('outOfTurnCard', fact.reason, fact));
  if (fact.type === 'input.rejected' && fact.input.type === 'card') alarms.push(alarm('cardRefused', `card "${fact.input.card}" refused: ${fact.reason}`, fact));
  if (fact.type === 'shoe.receipt' && fact.anomalies.length > 0) {
    alarms.push(alarm('shoeAnomaly', `shoe ${fact.shoe}: ${fact.anomalies.map((a) => RECEIPT_ANOMALY_WORDS[a]).join('; ')}`));
  }
  // The removed shoe's stub counted by hand, and not what its receipt says (docs/procedures.md, "Missing cards").
  if (fact.type === 'shoe.stubCounted' && fact.missing !== 0) alarms.push(alarm('shoeAnomaly', `shoe ${fact.shoe} stub: ${stubMismatchWords(fact.missing)}`));
  if (fact.type === 'table.recovered' && fact.interrupted) alarms.push(alarm('restartMidRound', 'the controller restarted in the middle of a round'));
  return alarms;
}

/** Facts that resolve a restart in the middle of a round: the round resumed, voided or over. */
const RESOLVES_RESTART: ReadonlySet<string> = new Set(['table.resumed', 'round.voided', 'round.ended']);

/**
 * The alarms still open after `event`: a restart in the middle of a round stays up until the supervisor
 * resumes the round, voids it, or it ends; the log keeps the alarm's record. The same list back when none clears.
 */
export function openAlarms(alarms: readonly IntegrityAlarm[], event: StoredEvent): readonly IntegrityAlarm[] {
  if (!RESOLVES_RESTART.has(event.type) || !alarms.some((a) => a.kind === 'restartMidRound')) return alarms;
  return alarms.filter((a) => a.kind !== 'restartMidRound' || a.seq > event.seq);
}
